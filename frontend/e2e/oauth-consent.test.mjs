// Pleat as an OAuth 2.1 provider, in the browser: a third-party app (registered with the
// service key through supabase-js's auth.admin.oauth.createClient, its callback page served
// here) sends the browser to /auth/v1/oauth/authorize with PKCE; pleat sends it on to the
// site's consent page, where the owner signs in and allows (the app gets a code and its
// state back, and trades the code for tokens) or denies (error=access_denied). A second
// request for scopes already allowed skips the question; an answered request cannot be
// answered again. Runs against a pleat with PLEAT_OAUTH_SERVER_ENABLED=true.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
// supabase-js's auth.admin is this class; createClient itself needs a WebSocket (realtime),
// which Node 20 runs only behind --experimental-websocket.
import { AuthAdminApi } from '@supabase/auth-js';
import { OWNER, fillSignIn, startAdminSite } from './lib/admin.mjs';
import { viewports } from './lib/browser.mjs';
import { authorizeUrl, exchangeCode, legacyKey, pkcePair, startAppCallback } from './lib/oauth.mjs';
import { assertNoPageErrors } from './lib/site.mjs';

let site;
let app;
let admin;

before(async () => {
  app = await startAppCallback();
  site = await startAdminSite({ env: { PLEAT_OAUTH_SERVER_ENABLED: 'true' } });
  const serviceKey = legacyKey(site, 'service_role');
  admin = new AuthAdminApi({ url: `${site.url}/auth/v1`, headers: { apikey: serviceKey, Authorization: `Bearer ${serviceKey}` } });
});
after(async () => {
  await site?.close();
  await app?.close();
});

/** Registers a public app (PKCE, no secret) with the service key; resolves its client_id. */
async function registerApp(name) {
  const { data, error } = await admin.oauth.createClient({
    client_name: name,
    client_uri: 'https://notes.example',
    redirect_uris: [app.redirectUri],
    token_endpoint_auth_method: 'none',
  });
  assert.equal(error, null, `auth.admin.oauth.createClient failed: ${error?.status} ${error?.code} ${error?.message}`);
  assert.ok(data.client_id, 'the new app has a client_id');
  return data.client_id;
}

/** Sends the browser where the app would, and waits for the site's consent page. */
async function startAuthorization(page, { clientId, state, scope, challenge }) {
  await page.goto(authorizeUrl(site, { clientId, redirectUri: app.redirectUri, challenge, state, scope }));
  await page.waitForURL((url) => url.pathname === '/oauth/consent' && url.searchParams.has('authorization_id'));
}

/** Waits until the browser is back at the app; resolves the query it came back with. */
async function backAtApp(page) {
  await page.waitForURL((url) => url.toString().startsWith(app.redirectUri));
  await page.getByRole('heading', { name: 'Back in the app' }).waitFor();
  return new URL(page.url()).searchParams;
}

describe('an app asks to sign in with the site', () => {
  let clientId;
  let page;

  before(async () => {
    clientId = await registerApp('Notes');
    page = await site.openPage({ viewport: viewports.desktop });
  });
  after(async () => {
    await page?.context().close();
  });

  it('signs in on the consent page, shows what the app asks for, and Allow gives the app a code for its tokens', async () => {
    const { verifier, challenge } = pkcePair();
    await startAuthorization(page, { clientId, state: 'state-allow-1', scope: 'openid email', challenge });
    // Served as a page of the site that search engines must not list.
    assert.equal(await page.locator('meta[name="robots"]').getAttribute('content'), 'noindex, nofollow');

    await page.getByRole('heading', { level: 1, name: 'Sign in to Pleat Interiors' }).waitFor();
    await fillSignIn(page, OWNER);
    await page.getByRole('heading', { level: 1, name: 'Allow Notes to use your Pleat Interiors account?' }).waitFor();
    await page.getByText('Confirm who you are on this site').waitFor();
    await page.getByText('See your email address').waitFor();
    await page.getByText(OWNER.email, { exact: true }).waitFor();
    assert.equal(await page.getByRole('link', { name: /notes\.example/ }).getAttribute('href'), 'https://notes.example/');

    await page.getByRole('button', { name: 'Allow', exact: true }).click();
    const query = await backAtApp(page);
    assert.equal(query.get('state'), 'state-allow-1');
    const code = query.get('code');
    assert.ok(code, 'the app got a code');
    assert.equal(query.get('error'), null);

    const { status, body } = await exchangeCode(site, { clientId, redirectUri: app.redirectUri, code, verifier });
    assert.equal(status, 200, `the token endpoint answered ${status}: ${JSON.stringify(body)}`);
    assert.ok(body.access_token, 'the app got an access token');
    const user = await fetch(`${site.url}/auth/v1/user`, {
      headers: { apikey: legacyKey(site, 'anon'), Authorization: `Bearer ${body.access_token}` },
    }).then((r) => r.json());
    assert.equal(user.email, OWNER.email);
    assertNoPageErrors(page);
  });

  it('does not ask again for scopes already allowed: straight back to the app with a new code and its state', async () => {
    const { challenge } = pkcePair();
    await page.goto(
      authorizeUrl(site, { clientId, redirectUri: app.redirectUri, challenge, state: 'state-allow-2', scope: 'openid email' }),
    );
    const query = await backAtApp(page);
    assert.equal(query.get('state'), 'state-allow-2');
    assert.ok(query.get('code'), 'the app got a code');
  });
});

describe('on a phone, Deny', () => {
  let clientId;
  let page;

  before(async () => {
    clientId = await registerApp('Calendar');
    page = await site.openPage({ viewport: viewports.mobile, isMobile: true });
  });
  after(async () => {
    await page?.context().close();
  });

  it('sends the app error=access_denied with its state, and the answered request cannot be answered again', async () => {
    const { challenge } = pkcePair();
    await startAuthorization(page, { clientId, state: 'state-deny', scope: 'email profile', challenge });
    const consentUrl = page.url();
    await fillSignIn(page, OWNER);
    await page.getByRole('heading', { level: 1, name: 'Allow Calendar to use your Pleat Interiors account?' }).waitFor();
    await page.getByText('See your name and profile picture').waitFor();
    // Nothing wider than the phone.
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'the page fits 390 px');

    await page.getByRole('button', { name: 'Deny', exact: true }).click();
    const query = await backAtApp(page);
    assert.equal(query.get('error'), 'access_denied');
    assert.equal(query.get('state'), 'state-deny');
    assert.equal(query.get('code'), null);

    await page.goto(consentUrl);
    await page.getByRole('heading', { level: 1, name: 'This request is no longer valid' }).waitFor();
    await page.getByRole('link', { name: 'Back to home' }).waitFor();
    assertNoPageErrors(page);
  });
});
