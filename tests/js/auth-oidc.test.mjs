// Signing in with an external provider, against a real OpenID provider (the
// `oidc-provider` package, started here): signInWithOAuth in the implicit and
// the PKCE flow, what a tampered or replayed state and a wrong PKCE verifier
// get, signInWithIdToken with a token the provider issued (and one from
// another issuer), matching an account by verified email, and linking and
// unlinking identities. `oidc` is the generic issuer-by-URL provider;
// `google` is the same code path as Google's, pointed at the test issuer.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { startPleat } from './lib/pleat.mjs';
import { PASSWORD, authClient, createUser, memoryStorage, signedIn, tokenRequest, uniqueEmail } from './lib/auth.mjs';
import { freePort, idTokenFor, signInAtProvider, startOidcProvider } from './lib/oidc-provider.mjs';

let pleat;
let provider;
let otherIssuer;
let site;
let app;
const NATIVE = 'http://127.0.0.1:9/native-app';

before(async () => {
  const port = await freePort();
  site = `http://127.0.0.1:${port}`;
  app = `${site}/welcome`;
  provider = await startOidcProvider({ redirectUris: [`${site}/auth/v1/callback`, NATIVE] });
  // Same client id, its own keys and issuer: what another issuer's token looks like.
  otherIssuer = await startOidcProvider({ redirectUris: [NATIVE], clientId: provider.clientId });
  pleat = await startPleat({
    env: {
      PLEAT_ADDR: `127.0.0.1:${port}`,
      PLEAT_TRUSTED_PROXIES: '127.0.0.1',
      PLEAT_DISABLE_SIGNUP: 'false',
      PLEAT_SECURITY_MANUAL_LINKING_ENABLED: 'true',
      PLEAT_EXTERNAL_OIDC_ENABLED: 'true',
      PLEAT_EXTERNAL_OIDC_CLIENT_ID: provider.clientId,
      PLEAT_EXTERNAL_OIDC_SECRET: provider.clientSecret,
      PLEAT_EXTERNAL_OIDC_URL: provider.issuer,
      PLEAT_EXTERNAL_GOOGLE_ENABLED: 'true',
      PLEAT_EXTERNAL_GOOGLE_CLIENT_ID: provider.clientId,
      PLEAT_EXTERNAL_GOOGLE_SECRET: provider.clientSecret,
      PLEAT_EXTERNAL_GOOGLE_URL: provider.issuer,
    },
  });
});
after(async () => {
  await pleat?.stop();
  await provider?.stop();
  await otherIssuer?.stop();
});

const fragment = (url) => Object.fromEntries(new URLSearchParams(new URL(url).hash.slice(1)));
const query = (url) => Object.fromEntries(new URL(url).searchParams);
const sha256 = (text) => createHash('sha256').update(text).digest('hex');

async function implicitSignIn(email, { provider: name = 'oidc' } = {}) {
  const client = authClient(pleat);
  const { data, error } = await client.auth.signInWithOAuth({ provider: name, options: { redirectTo: app, skipBrowserRedirect: true } });
  assert.equal(error, null);
  const back = await signInAtProvider(data.url, email, app);
  return { client, back };
}

describe('settings', () => {
  test('GET /auth/v1/settings reports each provider on or off as GoTrue does', async () => {
    const settings = await (await fetch(`${pleat.url}/auth/v1/settings`, { headers: { apikey: pleat.anonKey } })).json();
    assert.equal(settings.external.oidc, true);
    assert.equal(settings.external.google, true);
    assert.equal(settings.external.github, false);
    assert.equal(settings.external.apple, false);
    assert.equal(settings.external.email, true);
  });

  test('an unknown or disabled provider is refused before anyone is sent anywhere', async () => {
    for (const [name, reason] of [['github', 'provider is not enabled'], ['nope', 'Provider nope could not be found']]) {
      const res = await fetch(`${pleat.url}/auth/v1/authorize?provider=${name}`, { redirect: 'manual' });
      assert.equal(res.status, 400);
      const body = await res.json();
      assert.equal(body.error_code, 'validation_failed');
      assert.equal(body.msg, `Unsupported provider: ${reason}`);
    }
  });
});

describe('limits', () => {
  test('starting sign-ins takes from the address\'s request budget: a flood gets 429 and stores no more flows', async () => {
    const ip = '10.250.0.1';
    const start = () =>
      fetch(`${pleat.url}/auth/v1/authorize?provider=oidc`, { redirect: 'manual', headers: { 'X-Forwarded-For': ip } });
    const before = Number((await pleat.sql('SELECT count(*) FROM auth.oauth_flows')).rows[0].count);
    let started = 0;
    let res;
    for (let i = 0; i < 60; i += 1) {
      res = await start();
      if (res.status !== 302) break;
      started += 1;
    }
    assert.equal(res.status, 429);
    assert.equal((await res.json()).error_code, 'over_request_rate_limit');
    assert.ok(started < 60);
    const afterCount = Number((await pleat.sql('SELECT count(*) FROM auth.oauth_flows')).rows[0].count);
    assert.ok(afterCount - before <= started, `${afterCount - before} flows for ${started} starts`);
  });
});

describe('signInWithOAuth, implicit flow', () => {
  test('the provider login ends on the app with a session in the fragment, and the identity is listed', async () => {
    const email = uniqueEmail('oidc');
    const { client, back } = await implicitSignIn(email);
    assert.ok(back.startsWith(`${app}#`), back);
    const tokens = fragment(back);
    assert.ok(tokens.access_token && tokens.refresh_token && tokens.provider_token);
    assert.equal(tokens.token_type, 'bearer');
    const { data, error } = await client.auth.setSession({ access_token: tokens.access_token, refresh_token: tokens.refresh_token });
    assert.equal(error, null);
    assert.equal(data.user.email, email);
    assert.ok(data.user.email_confirmed_at);
    assert.equal(data.user.app_metadata.provider, 'oidc');
    assert.deepEqual(data.user.app_metadata.providers, ['oidc']);
    assert.equal(data.user.user_metadata.name, `Name of ${email.split('@')[0]}`);
    const identities = await client.auth.getUserIdentities();
    assert.equal(identities.error, null);
    assert.equal(identities.data.identities.length, 1);
    const [identity] = identities.data.identities;
    assert.equal(identity.provider, 'oidc');
    assert.equal(identity.id, email);
    assert.equal(identity.identity_data.email, email);
    assert.equal(identity.identity_data.email_verified, true);

    // Signing in again finds the same user.
    const again = fragment((await implicitSignIn(email)).back);
    const second = await authClient(pleat).auth.setSession({ access_token: again.access_token, refresh_token: again.refresh_token });
    assert.equal(second.data.user.id, data.user.id);
  });

  test('a verified address joins the account that has it; an unverified one is refused', async () => {
    const owner = await createUser(pleat);
    const joined = fragment((await implicitSignIn(owner.email)).back);
    const { data } = await authClient(pleat).auth.setSession({ access_token: joined.access_token, refresh_token: joined.refresh_token });
    assert.equal(data.user.id, owner.id);
    assert.deepEqual(data.user.identities.map((i) => i.provider).sort(), ['email', 'oidc']);

    const unverified = `unverified-${randomUUID().slice(0, 8)}@example.com`;
    await createUser(pleat, { email: unverified });
    const { back } = await implicitSignIn(unverified);
    const refused = query(back);
    assert.equal(refused.error, 'access_denied');
    assert.equal(refused.error_code, 'provider_email_needs_verification');
    assert.match(refused.error_description, /Unverified email with oidc/);
    assert.equal(fragment(back).error_code, 'provider_email_needs_verification');
    const { rows } = await pleat.sql(`SELECT provider FROM auth.identities i JOIN auth.users u ON u.id = i.user_id WHERE u.email = $1`, [unverified]);
    assert.deepEqual(rows.map((r) => r.provider), ['email']);
  });
});

describe('state', () => {
  test('a tampered state is refused and the browser goes back with the error; a used state cannot be replayed', async () => {
    const client = authClient(pleat);
    const { data } = await client.auth.signInWithOAuth({ provider: 'oidc', options: { redirectTo: app, skipBrowserRedirect: true } });
    const callback = await signInAtProvider(data.url, uniqueEmail('state'), `${site}/auth/v1/callback`);
    const tampered = new URL(callback);
    tampered.searchParams.set('state', randomUUID());
    let res = await fetch(tampered, { redirect: 'manual' });
    assert.equal(res.status, 302);
    let location = res.headers.get('location');
    assert.ok(location.startsWith(site), location);
    assert.equal(query(location).error, 'invalid_request');
    assert.equal(query(location).error_code, 'bad_oauth_state');

    tampered.searchParams.set('state', 'not-a-state');
    res = await fetch(tampered, { redirect: 'manual' });
    assert.equal(query(res.headers.get('location')).error_code, 'bad_oauth_state');

    res = await fetch(callback, { redirect: 'manual' });
    location = res.headers.get('location');
    assert.ok(fragment(location).access_token, location);
    res = await fetch(callback, { redirect: 'manual' });
    assert.equal(query(res.headers.get('location')).error_code, 'bad_oauth_state');
  });
});

describe('signInWithOAuth, PKCE flow', () => {
  const pkceClient = () =>
    createClient(pleat.url, pleat.anonKey, {
      auth: { flowType: 'pkce', storage: memoryStorage(), persistSession: true, autoRefreshToken: false, detectSessionInUrl: false },
    });

  test('the app gets ?code= and exchanges it with its verifier, once', async () => {
    const client = pkceClient();
    const email = uniqueEmail('pkce');
    const { data } = await client.auth.signInWithOAuth({ provider: 'oidc', options: { redirectTo: app, skipBrowserRedirect: true } });
    assert.match(data.url, /code_challenge=/);
    const back = await signInAtProvider(data.url, email, app);
    const { code } = query(back);
    assert.ok(code, back);
    assert.equal(new URL(back).hash, '');

    // Someone without the verifier gets nothing, and the code stays usable.
    const wrong = await tokenRequest(pleat, 'pkce', { auth_code: code, code_verifier: 'x'.repeat(64) });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.code, 'bad_code_verifier');

    const exchanged = await client.auth.exchangeCodeForSession(code);
    assert.equal(exchanged.error, null);
    assert.equal(exchanged.data.user.email, email);
    assert.ok(exchanged.data.session.provider_token);
    assert.equal(exchanged.data.user.identities[0].provider, 'oidc');

    const again = await tokenRequest(pleat, 'pkce', { auth_code: code, code_verifier: 'x'.repeat(64) });
    assert.equal(again.status, 404);
    assert.equal(again.body.code, 'flow_state_not_found');
  });
});

describe('signInWithIdToken', () => {
  test('an ID token the provider issued signs in, with GoTrue\'s nonce check', async () => {
    const email = uniqueEmail('idtoken');
    const nonce = randomUUID();
    const token = await idTokenFor(provider, email, { nonce: sha256(nonce), redirectUri: NATIVE });
    const client = authClient(pleat);
    const wrongNonce = await client.auth.signInWithIdToken({ provider: 'oidc', token, nonce: 'another' });
    assert.equal(wrongNonce.error?.status, 400);
    assert.match(wrongNonce.error.message, /Nonces mismatch/);
    const noNonce = await client.auth.signInWithIdToken({ provider: 'oidc', token });
    assert.equal(noNonce.error?.status, 400);

    const { data, error } = await client.auth.signInWithIdToken({ provider: 'oidc', token, nonce });
    assert.equal(error, null);
    assert.equal(data.user.email, email);
    assert.deepEqual(data.user.identities.map((i) => i.provider), ['oidc']);
    assert.equal((await client.auth.getUser()).data.user.id, data.user.id);
  });

  test('a token from another issuer, or for another provider, is refused', async () => {
    const email = uniqueEmail('other');
    const foreign = await idTokenFor(otherIssuer, email, { redirectUri: NATIVE });
    const client = authClient(pleat);
    const { data, error } = await client.auth.signInWithIdToken({ provider: 'oidc', token: foreign });
    assert.equal(error?.status, 400);
    assert.equal(data.session, null);
    const forged = foreign.split('.').slice(0, 2).join('.') + '.' + 'A'.repeat(342);
    assert.equal((await client.auth.signInWithIdToken({ provider: 'oidc', token: forged })).error?.status, 400);
    const disabled = await client.auth.signInWithIdToken({ provider: 'apple', token: foreign });
    assert.equal(disabled.error?.code, 'provider_disabled');
    const { rows } = await pleat.sql('SELECT 1 FROM auth.users WHERE email = $1', [email]);
    assert.equal(rows.length, 0);
  });
});

describe('linkIdentity and unlinkIdentity', () => {
  test('a signed-in user links a Google identity, lists it, unlinks it, and cannot unlink the last', async () => {
    const user = await createUser(pleat);
    const { client } = await signedIn(pleat, user);
    const { data, error } = await client.auth.linkIdentity({ provider: 'google', options: { redirectTo: app, skipBrowserRedirect: true } });
    assert.equal(error, null);
    const back = await signInAtProvider(data.url, uniqueEmail('google'), app);
    const tokens = fragment(back);
    assert.ok(tokens.access_token, back);
    await client.auth.setSession({ access_token: tokens.access_token, refresh_token: tokens.refresh_token });
    const listed = await client.auth.getUserIdentities();
    assert.deepEqual(listed.data.identities.map((i) => i.provider).sort(), ['email', 'google']);
    assert.equal((await client.auth.getUser()).data.user.id, user.id);

    const google = listed.data.identities.find((i) => i.provider === 'google');
    assert.equal((await client.auth.unlinkIdentity(google)).error, null);
    const after = await client.auth.getUserIdentities();
    assert.deepEqual(after.data.identities.map((i) => i.provider), ['email']);
    const last = await client.auth.unlinkIdentity(after.data.identities[0]);
    assert.equal(last.error?.status, 422);
    assert.equal(last.error.code, 'single_identity_not_deletable');
  });

  test('an identity already someone else\'s is not linked', async () => {
    const taken = uniqueEmail('taken');
    await implicitSignIn(taken, { provider: 'google' });
    const user = await createUser(pleat, { password: PASSWORD });
    const { client } = await signedIn(pleat, user);
    const { data } = await client.auth.linkIdentity({ provider: 'google', options: { redirectTo: app, skipBrowserRedirect: true } });
    const back = await signInAtProvider(data.url, taken, app);
    assert.equal(query(back).error_code, 'identity_already_exists');
    const listed = await client.auth.getUserIdentities();
    assert.deepEqual(listed.data.identities.map((i) => i.provider), ['email']);
  });
});
