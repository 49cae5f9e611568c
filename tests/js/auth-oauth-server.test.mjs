// Pleat as an OAuth 2.1 provider, as GoTrue's OAuth server: clients managed
// with supabase-js `auth.admin.oauth.*` (service role only), the consent
// calls a consent page makes (`auth.oauth.getAuthorizationDetails`,
// `approveAuthorization`, `denyAuthorization`), the user's grants
// (`listGrants`, `revokeGrant`), the code exchange's refusals, and a
// standard OAuth client library (`openid-client`) doing discovery,
// authorization code + PKCE and refresh against a client registered through
// the admin API, whose access token then reads `/rest/v1` as the user.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import * as oidc from 'openid-client';
import { startPleat } from './lib/pleat.mjs';
import { createUser, signedIn } from './lib/auth.mjs';

const SETUP = `
create table public.oauth_notes (
  id bigint generated always as identity primary key,
  owner uuid not null default auth.uid(),
  body text not null
);
alter table public.oauth_notes enable row level security;
create policy own_notes on public.oauth_notes for all to authenticated
  using (owner = auth.uid()) with check (owner = auth.uid());
grant select, insert on public.oauth_notes to authenticated;
create function public.oauth_whoami() returns json language sql stable
  as $$ select json_build_object('uid', auth.uid(), 'client_id', auth.jwt() ->> 'client_id', 'scope', auth.jwt() ->> 'scope') $$;
grant execute on function public.oauth_whoami() to authenticated;
`;

const CALLBACK = 'http://localhost:3000/callback';
let pleat;

before(async () => {
  pleat = await startPleat({
    setupSql: SETUP,
    env: {
      PLEAT_TRUSTED_PROXIES: '127.0.0.1',
      PLEAT_OAUTH_SERVER_ENABLED: 'true',
      // Every request of this file comes from one address, and its sign-ins, exchanges and
      // refreshes together pass /token's default budget (the limit has tests of its own).
      PLEAT_RATE_LIMIT_TOKEN_REFRESH: '100000',
    },
  });
});
after(async () => {
  await pleat?.stop();
});

const admin = () =>
  createClient(pleat.url, pleat.serviceKey, { auth: { persistSession: false, autoRefreshToken: false } }).auth.admin.oauth;

function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

async function registerClient(params = {}) {
  const { data, error } = await admin().createClient({ client_name: 'Notes App', redirect_uris: [CALLBACK], ...params });
  assert.equal(error, null);
  return data;
}

/** GET /oauth/authorize as the app sends the browser there; returns the Location. */
async function authorize(params) {
  const url = new URL(`${pleat.url}/auth/v1/oauth/authorize`);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const res = await fetch(url, { redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location'), body: res.status === 302 ? null : await res.json() };
}

/** An authorization request for `client` up to its consent page: { id, verifier, state }. */
async function startAuthorization(client, { scope = 'openid email', state = `st-${randomBytes(4).toString('hex')}` } = {}) {
  const { verifier, challenge } = pkcePair();
  const { status, location } = await authorize({
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: CALLBACK,
    scope,
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  assert.equal(status, 302);
  const consent = new URL(location);
  assert.equal(consent.pathname, '/oauth/consent');
  return { id: consent.searchParams.get('authorization_id'), verifier, state };
}

/** POST /oauth/token form-encoded: { status, body }. */
async function token(params, { basic } = {}) {
  const headers = { 'Content-Type': 'application/x-www-form-urlencoded' };
  if (basic) headers.Authorization = `Basic ${Buffer.from(`${basic[0]}:${basic[1]}`).toString('base64')}`;
  const res = await fetch(`${pleat.url}/auth/v1/oauth/token`, { method: 'POST', headers, body: new URLSearchParams(params) });
  return { status: res.status, body: await res.json() };
}

/** A user who approved `client`'s request: { user, client, code, verifier }. */
async function approved(oauthClient, user) {
  user ??= await createUser(pleat);
  const { client } = await signedIn(pleat, user);
  const { id, verifier, state } = await startAuthorization(oauthClient);
  // As the consent page does: opening the request binds it to the user.
  assert.equal((await client.auth.oauth.getAuthorizationDetails(id)).error, null);
  const { data, error } = await client.auth.oauth.approveAuthorization(id, { skipBrowserRedirect: true });
  assert.equal(error, null);
  const back = new URL(data.redirect_url);
  assert.equal(back.searchParams.get('state'), state);
  return { user, client, code: back.searchParams.get('code'), verifier };
}

const claims = (jwt) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString());

async function rest(path, accessToken, init = {}) {
  const res = await fetch(`${pleat.url}/rest/v1/${path}`, {
    ...init,
    headers: { apikey: pleat.anonKey, Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json', ...init.headers },
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

describe('admin API for OAuth clients', () => {
  test('create, list, get, update, regenerate the secret and delete a client', async () => {
    const oauth = admin();
    const created = await registerClient({ client_uri: 'https://notes.example', logo_uri: 'https://notes.example/logo.png' });
    assert.equal(created.client_type, 'confidential');
    assert.equal(created.token_endpoint_auth_method, 'client_secret_basic');
    assert.equal(created.registration_type, 'manual');
    assert.deepEqual(created.redirect_uris, [CALLBACK]);
    assert.deepEqual(created.grant_types, ['authorization_code', 'refresh_token']);
    assert.match(created.client_secret, /^[A-Za-z0-9_-]{43}$/);

    const listed = await oauth.listClients();
    assert.equal(listed.error, null);
    assert.ok(listed.data.clients.some((c) => c.client_id === created.client_id && !('client_secret' in c)));

    const got = await oauth.getClient(created.client_id);
    assert.equal(got.error, null);
    assert.equal(got.data.client_name, 'Notes App');
    assert.equal(got.data.logo_uri, 'https://notes.example/logo.png');

    const updated = await oauth.updateClient(created.client_id, { client_name: 'Notes App 2', redirect_uris: [CALLBACK, 'myapp://done'] });
    assert.equal(updated.error, null);
    assert.equal(updated.data.client_name, 'Notes App 2');
    assert.deepEqual(updated.data.redirect_uris, [CALLBACK, 'myapp://done']);

    const regenerated = await oauth.regenerateClientSecret(created.client_id);
    assert.equal(regenerated.error, null);
    assert.notEqual(regenerated.data.client_secret, created.client_secret);
    // The old secret stops working at once, the new one works.
    const old = await token({ grant_type: 'refresh_token', refresh_token: 'x' }, { basic: [created.client_id, created.client_secret] });
    assert.equal(old.status, 401);
    assert.equal(old.body.error, 'invalid_client');
    const fresh = await token({ grant_type: 'refresh_token', refresh_token: 'x' }, { basic: [created.client_id, regenerated.data.client_secret] });
    assert.equal(fresh.status, 400);
    assert.equal(fresh.body.error, 'invalid_grant');

    const deleted = await oauth.deleteClient(created.client_id);
    assert.equal(deleted.error, null);
    const gone = await oauth.getClient(created.client_id);
    assert.equal(gone.error.status, 404);
    assert.equal(gone.error.code, 'oauth_client_not_found');
  });

  test('public clients have no secret, and bad registrations are refused with GoTrue errors', async () => {
    const pub = await registerClient({ client_type: 'public' });
    assert.equal(pub.client_type, 'public');
    assert.equal(pub.token_endpoint_auth_method, 'none');
    assert.equal(pub.client_secret, undefined);
    const regen = await admin().regenerateClientSecret(pub.client_id);
    assert.equal(regen.error.status, 400);

    for (const [params, message] of [
      [{ redirect_uris: [] }, /redirect_uris is required/],
      [{ redirect_uris: ['http://app.example/cb'] }, /HTTP scheme only allowed for localhost/],
      [{ redirect_uris: ['https://app.example/cb#frag'] }, /fragment not allowed/],
      [{ redirect_uris: ['javascript://x/y'] }, /not allowed for security reasons/],
      [{ redirect_uris: [CALLBACK], logo_uri: 'javascript:alert(1)' }, /logo_uri must be a valid URL/],
      [{ redirect_uris: [CALLBACK], client_type: 'public', token_endpoint_auth_method: 'client_secret_post' }, /inconsistent/],
      [{ redirect_uris: [CALLBACK], grant_types: ['password'] }, /grant_types must only contain/],
    ]) {
      const { error } = await admin().createClient(params);
      assert.equal(error?.status, 400, JSON.stringify(params));
      assert.equal(error.code, 'validation_failed');
      assert.match(error.message, message);
    }
  });

  test('anon and signed-in callers are refused with 403', async () => {
    const anon = createClient(pleat.url, pleat.anonKey, { auth: { persistSession: false } }).auth.admin.oauth;
    const refused = await anon.listClients();
    assert.equal(refused.error.status, 403);
    assert.equal(refused.error.code, 'not_admin');
    const created = await anon.createClient({ redirect_uris: [CALLBACK] });
    assert.equal(created.error.status, 403);

    const { session } = await signedIn(pleat, await createUser(pleat));
    const asUser = createClient(pleat.url, session.access_token, { auth: { persistSession: false } }).auth.admin.oauth;
    const listed = await asUser.listClients();
    assert.equal(listed.error.status, 403);
    const deleted = await asUser.deleteClient((await registerClient()).client_id);
    assert.equal(deleted.error.status, 403);
  });
});

describe('consent', () => {
  test('the consent page sees the request, approves it, and the code gives a session bound to the client', async () => {
    const app = await registerClient({ client_uri: 'https://notes.example' });
    const user = await createUser(pleat);
    const { client } = await signedIn(pleat, user);
    const { id, verifier, state } = await startAuthorization(app, { scope: 'openid email profile' });

    const details = await client.auth.oauth.getAuthorizationDetails(id);
    assert.equal(details.error, null);
    assert.equal(details.data.authorization_id, id);
    assert.equal(details.data.redirect_uri, CALLBACK);
    assert.equal(details.data.scope, 'openid email profile');
    assert.deepEqual(details.data.client, { id: app.client_id, name: 'Notes App', uri: 'https://notes.example' });
    assert.deepEqual(details.data.user, { id: user.id, email: user.email });

    const { data, error } = await client.auth.oauth.approveAuthorization(id, { skipBrowserRedirect: true });
    assert.equal(error, null);
    const back = new URL(data.redirect_url);
    assert.equal(`${back.origin}${back.pathname}`, CALLBACK);
    assert.equal(back.searchParams.get('state'), state);

    const exchanged = await token(
      { grant_type: 'authorization_code', code: back.searchParams.get('code'), redirect_uri: CALLBACK, code_verifier: verifier },
      { basic: [app.client_id, app.client_secret] },
    );
    assert.equal(exchanged.status, 200, JSON.stringify(exchanged.body));
    assert.equal(exchanged.body.token_type, 'bearer');
    assert.ok(exchanged.body.refresh_token);
    const access = claims(exchanged.body.access_token);
    assert.equal(access.sub, user.id);
    assert.equal(access.client_id, app.client_id);
    assert.equal(access.scope, 'openid email profile');
    assert.equal(access.aud, 'authenticated');
    const idToken = claims(exchanged.body.id_token);
    assert.deepEqual(idToken.aud, [app.client_id]);
    assert.equal(idToken.email, user.email);

    // The app's session refreshes only through the app.
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: exchanged.body.refresh_token }, { basic: [app.client_id, app.client_secret] });
    assert.equal(refreshed.status, 200);
    assert.equal(claims(refreshed.body.access_token).client_id, app.client_id);
    const viaAppToken = await fetch(`${pleat.url}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { apikey: pleat.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: refreshed.body.refresh_token }),
    });
    assert.equal(viaAppToken.status, 400);
    assert.equal((await viaAppToken.json()).error, 'invalid_client');

    // An exchanged request is gone: it cannot be decided again.
    const again = await client.auth.oauth.approveAuthorization(id, { skipBrowserRedirect: true });
    assert.equal(again.error.status, 404);
    assert.equal(again.error.code, 'oauth_authorization_not_found');
  });

  test('denying sends the app access_denied with its state', async () => {
    const app = await registerClient();
    const { client } = await signedIn(pleat, await createUser(pleat));
    const { id, state } = await startAuthorization(app);
    assert.equal((await client.auth.oauth.getAuthorizationDetails(id)).error, null);
    const { data, error } = await client.auth.oauth.denyAuthorization(id, { skipBrowserRedirect: true });
    assert.equal(error, null);
    const back = new URL(data.redirect_url);
    assert.equal(back.searchParams.get('error'), 'access_denied');
    assert.equal(back.searchParams.get('state'), state);
    assert.equal(back.searchParams.get('code'), null);
    const again = await client.auth.oauth.approveAuthorization(id, { skipBrowserRedirect: true });
    assert.equal(again.error.status, 400);
    assert.equal(again.error.message, 'authorization request is no longer pending');
  });

  test('a request for scopes already granted goes straight back to the app with a code', async () => {
    const app = await registerClient();
    const { user, client } = await approved(app);
    const { id, verifier, state } = await startAuthorization(app, { scope: 'email' });
    const { data, error } = await client.auth.oauth.getAuthorizationDetails(id);
    assert.equal(error, null);
    assert.deepEqual(Object.keys(data), ['redirect_url']);
    const back = new URL(data.redirect_url);
    assert.equal(back.searchParams.get('state'), state);
    const exchanged = await token(
      { grant_type: 'authorization_code', code: back.searchParams.get('code'), code_verifier: verifier },
      { basic: [app.client_id, app.client_secret] },
    );
    assert.equal(exchanged.status, 200);
    assert.equal(claims(exchanged.body.access_token).sub, user.id);

    // A wider request asks again.
    const wider = await startAuthorization(app, { scope: 'email phone' });
    const asked = await client.auth.oauth.getAuthorizationDetails(wider.id);
    assert.equal(asked.data.authorization_id, wider.id);
  });

  test('unknown, expired and other users\' requests are clear errors', async () => {
    const app = await registerClient();
    const { client } = await signedIn(pleat, await createUser(pleat));
    const unknown = await client.auth.oauth.getAuthorizationDetails('no-such-authorization');
    assert.equal(unknown.error.status, 404);
    assert.equal(unknown.error.code, 'oauth_authorization_not_found');

    const mine = await startAuthorization(app);
    assert.equal((await client.auth.oauth.getAuthorizationDetails(mine.id)).error, null);
    const { client: other } = await signedIn(pleat, await createUser(pleat));
    const theirs = await other.auth.oauth.getAuthorizationDetails(mine.id);
    assert.equal(theirs.error.status, 404);
    assert.equal(theirs.error.code, 'oauth_authorization_not_found');
    const stolen = await other.auth.oauth.approveAuthorization(mine.id, { skipBrowserRedirect: true });
    assert.equal(stolen.error.status, 404);

    const late = await startAuthorization(app);
    await pleat.sql(`UPDATE auth.oauth_authorizations SET expires_at = now() - interval '1 second' WHERE authorization_id = $1`, [late.id]);
    const expired = await client.auth.oauth.getAuthorizationDetails(late.id);
    assert.equal(expired.error.status, 404);
    assert.equal(expired.error.code, 'oauth_authorization_not_found');
    const approveLate = await client.auth.oauth.approveAuthorization(late.id, { skipBrowserRedirect: true });
    assert.equal(approveLate.error.status, 404);
  });

  test('/oauth/authorize refuses what it cannot redirect and redirects the rest with the state', async () => {
    const app = await registerClient({ client_type: 'public' });
    const { challenge } = pkcePair();
    const base = { response_type: 'code', client_id: app.client_id, redirect_uri: CALLBACK, state: 'xyz', code_challenge: challenge, code_challenge_method: 'S256' };

    const unknownClient = await authorize({ ...base, client_id: '00000000-0000-4000-8000-000000000000' });
    assert.equal(unknownClient.status, 400);
    assert.equal(unknownClient.body.error_code, 'oauth_client_not_found');
    const wrongUri = await authorize({ ...base, redirect_uri: `${CALLBACK}/elsewhere` });
    assert.equal(wrongUri.status, 400);
    assert.equal(wrongUri.body.msg, 'invalid redirect_uri');

    for (const params of [
      { ...base, code_challenge: undefined },
      { ...base, code_challenge_method: 'plain', code_challenge: 'a'.repeat(43) },
      { ...base, scope: 'admin' },
      { ...base, response_type: 'token' },
    ]) {
      const clean = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined));
      const { status, location } = await authorize(clean);
      assert.equal(status, 302, JSON.stringify(clean));
      const back = new URL(location);
      assert.equal(`${back.origin}${back.pathname}`, CALLBACK);
      assert.equal(back.searchParams.get('error'), 'invalid_request');
      assert.equal(back.searchParams.get('state'), 'xyz');
    }
  });
});

describe('the code exchange', () => {
  test('a tampered verifier, another redirect_uri and a reused code get invalid_grant', async () => {
    const app = await registerClient();
    const basic = [app.client_id, app.client_secret];
    const { code, verifier } = await approved(app);
    // Another last character (a 43-character verifier ends in one of 16, 'A' among them).
    const other = `${verifier.slice(0, -1)}${verifier.endsWith('A') ? 'B' : 'A'}`;
    const tampered = await token({ grant_type: 'authorization_code', code, code_verifier: other }, { basic });
    assert.equal(tampered.status, 400);
    assert.equal(tampered.body.error, 'invalid_grant');
    const elsewhere = await token({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: 'http://localhost:3000/other' }, { basic });
    assert.equal(elsewhere.status, 400);
    assert.equal(elsewhere.body.error, 'invalid_grant');
    const first = await token({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: CALLBACK }, { basic });
    assert.equal(first.status, 200);
    const reused = await token({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: CALLBACK }, { basic });
    assert.equal(reused.status, 400);
    assert.deepEqual(reused.body, { error: 'invalid_grant', error_description: 'Invalid authorization code' });
  });

  test('parallel redemptions of one code give one session', async () => {
    const app = await registerClient();
    const { user, code, verifier } = await approved(app);
    const params = { grant_type: 'authorization_code', code, code_verifier: verifier };
    const answers = await Promise.all(Array.from({ length: 4 }, () => token(params, { basic: [app.client_id, app.client_secret] })));
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 400, 400, 400]);
    const { rows } = await pleat.sql('SELECT count(*)::int AS n FROM auth.sessions WHERE user_id = $1 AND oauth_client_id = $2', [user.id, app.client_id]);
    assert.equal(rows[0].n, 1);
  });
});

describe('grants', () => {
  test('listGrants shows the app; revokeGrant ends its refresh and its access tokens', async () => {
    const app = await registerClient({ logo_uri: 'https://notes.example/logo.png' });
    const { client, code, verifier } = await approved(app);
    const exchanged = await token({ grant_type: 'authorization_code', code, code_verifier: verifier }, { basic: [app.client_id, app.client_secret] });
    assert.equal(exchanged.status, 200);

    const { data: grants, error } = await client.auth.oauth.listGrants();
    assert.equal(error, null);
    assert.equal(grants.length, 1);
    assert.deepEqual(grants[0].client, { id: app.client_id, name: 'Notes App', logo_uri: 'https://notes.example/logo.png' });
    assert.deepEqual(grants[0].scopes, ['openid', 'email']);
    assert.ok(!Number.isNaN(Date.parse(grants[0].granted_at)));
    assert.equal((await rest('oauth_notes?select=id', exchanged.body.access_token)).status, 200);

    const revoked = await client.auth.oauth.revokeGrant({ clientId: app.client_id });
    assert.equal(revoked.error, null);
    assert.deepEqual((await client.auth.oauth.listGrants()).data, []);
    const refresh = await token({ grant_type: 'refresh_token', refresh_token: exchanged.body.refresh_token }, { basic: [app.client_id, app.client_secret] });
    assert.equal(refresh.status, 400);
    assert.equal(refresh.body.error, 'invalid_grant');
    assert.equal((await rest('oauth_notes?select=id', exchanged.body.access_token)).status, 401);
    // The user's own session is untouched.
    assert.equal((await client.auth.getUser()).error, null);

    const again = await client.auth.oauth.revokeGrant({ clientId: app.client_id });
    assert.equal(again.error.status, 404);
    assert.equal(again.error.code, 'oauth_consent_not_found');
  });
});

describe('a standard OAuth client library', () => {
  test('openid-client: discovery, authorization code + PKCE, refresh; the token reads /rest/v1 as the user', async () => {
    const app = await registerClient({ client_name: 'Library App' });
    const user = await createUser(pleat);
    const { client: consentPage } = await signedIn(pleat, user);

    // RFC 8414 discovery at the site root (the issuer's path after the well-known name).
    const config = await oidc.discovery(new URL(`${pleat.url}/auth/v1`), app.client_id, undefined, oidc.ClientSecretBasic(app.client_secret), {
      algorithm: 'oauth2',
      execute: [oidc.allowInsecureRequests],
    });
    assert.equal(config.serverMetadata().token_endpoint, `${pleat.url}/auth/v1/oauth/token`);
    const openid = await (await fetch(`${pleat.url}/auth/v1/.well-known/openid-configuration`)).json();
    assert.equal(openid.issuer, `${pleat.url}/auth/v1`);

    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const authUrl = oidc.buildAuthorizationUrl(config, {
      redirect_uri: CALLBACK,
      scope: 'openid email',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    const res = await fetch(authUrl, { redirect: 'manual' });
    assert.equal(res.status, 302);
    const authorizationId = new URL(res.headers.get('location')).searchParams.get('authorization_id');
    const details = await consentPage.auth.oauth.getAuthorizationDetails(authorizationId);
    assert.equal(details.data.client.name, 'Library App');
    const { data, error } = await consentPage.auth.oauth.approveAuthorization(authorizationId, { skipBrowserRedirect: true });
    assert.equal(error, null);

    const tokens = await oidc.authorizationCodeGrant(config, new URL(data.redirect_url), {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
    });
    assert.equal(tokens.claims().sub, user.id);
    assert.equal(tokens.claims().email, user.email);

    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token);
    assert.notEqual(refreshed.refresh_token, tokens.refresh_token);

    const inserted = await rest('oauth_notes', refreshed.access_token, {
      method: 'POST',
      headers: { Prefer: 'return=representation' },
      body: JSON.stringify({ body: 'written by the app' }),
    });
    assert.equal(inserted.status, 201, JSON.stringify(inserted.body));
    assert.equal(inserted.body[0].owner, user.id);
    const whoami = await rest('rpc/oauth_whoami', refreshed.access_token, { method: 'POST', body: '{}' });
    assert.deepEqual(whoami.body, { uid: user.id, client_id: app.client_id, scope: 'openid email' });
    // RLS: another user's token sees none of it.
    const { session: otherSession } = await signedIn(pleat, await createUser(pleat));
    assert.deepEqual((await rest('oauth_notes?select=body', otherSession.access_token)).body, []);
  });
});

describe('switched off', () => {
  let off;
  before(async () => {
    off = await startPleat();
  });
  after(async () => {
    await off?.stop();
  });

  test('every part answers GoTrue\'s disabled error', async () => {
    const oauth = createClient(off.url, off.serviceKey, { auth: { persistSession: false } }).auth.admin.oauth;
    const listed = await oauth.listClients();
    assert.equal(listed.error.status, 404);
    assert.equal(listed.error.code, 'feature_disabled');
    const authorizeRes = await fetch(`${off.url}/auth/v1/oauth/authorize?client_id=x&redirect_uri=y`, { redirect: 'manual' });
    assert.equal(authorizeRes.status, 404);
    assert.equal((await authorizeRes.json()).msg, 'OAuth server is disabled');
    const tokenRes = await fetch(`${off.url}/auth/v1/oauth/token`, { method: 'POST', body: 'grant_type=refresh_token' });
    assert.equal(tokenRes.status, 404);
    const metadata = await fetch(`${off.url}/.well-known/oauth-authorization-server/auth/v1`);
    assert.equal(metadata.status, 404);
    const { client } = await signedIn(off, await createUser(off));
    const grants = await client.auth.oauth.listGrants();
    assert.equal(grants.error.status, 404);
    assert.equal(grants.error.code, 'feature_disabled');
    const details = await client.auth.oauth.getAuthorizationDetails('abc');
    assert.equal(details.error.code, 'feature_disabled');
  });
});
