// Passkeys through supabase-js 2.109 (`auth: { experimental: { passkey: true } }`)
// with a software authenticator behind navigator.credentials: register while
// signed in, sign in with it alone, list / rename / delete, the admin API,
// and what an attacker tries (a replayed assertion, a reused challenge,
// another origin, a cloned authenticator, someone else's passkey).
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { startPleat } from './lib/pleat.mjs';
import { assertApiError, createUser, decodeJwt, nextIp } from './lib/auth.mjs';
import { SoftAuthenticator, installBrowser } from './lib/soft-authenticator.mjs';

let pleat;
let browser;
let origin;
before(async () => {
  pleat = await startPleat({ env: { PLEAT_TRUSTED_PROXIES: '127.0.0.1' } });
  origin = new URL(pleat.url).origin;
  browser = installBrowser(new SoftAuthenticator({ origin }));
});
after(() => {
  browser?.restore();
  return pleat?.stop();
});

/** A supabase-js client as a browser app with passkeys on makes it. */
function client(key = pleat.anonKey) {
  return createClient(pleat.url, key, {
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storageKey: `sb-${randomUUID()}`,
      experimental: { passkey: true },
    },
    global: { headers: { 'X-Forwarded-For': nextIp() } },
  });
}

/** A user signed in with a password on a fresh client and a fresh authenticator. */
async function signedInWithDevice() {
  const user = await createUser(pleat);
  const supabase = client();
  const { error } = await supabase.auth.signInWithPassword({ email: user.email, password: user.password });
  assert.equal(error, null);
  const device = new SoftAuthenticator({ origin });
  browser.authenticator = device;
  return { user, supabase, device };
}

/** POST to a passkey endpoint without supabase-js: { status, body }. */
async function post(path, body, token) {
  const res = await fetch(`${pleat.url}/auth/v1${path}`, {
    method: 'POST',
    headers: {
      apikey: pleat.anonKey,
      'Content-Type': 'application/json',
      'X-Forwarded-For': nextIp(),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

describe('passkeys through supabase-js', () => {
  test('register while signed in, sign out, sign in with the passkey alone', async () => {
    const { user, supabase, device } = await signedInWithDevice();
    const registered = await supabase.auth.registerPasskey();
    assert.equal(registered.error, null);
    assert.match(registered.data.id, /^[0-9a-f-]{36}$/);
    assert.equal(registered.data.friendly_name, 'Passkey');
    assert.ok(Date.parse(registered.data.created_at));
    assert.equal(device.credentials.size, 1);
    const [stored] = device.credentials.values();
    assert.equal(stored.userHandle.toString(), user.id, "the user handle is the user id's text, as GoTrue's");
    assert.equal(stored.rpId, new URL(pleat.url).hostname);

    assert.equal((await supabase.auth.signOut()).error, null);
    const fresh = client();
    const signedIn = await fresh.auth.signInWithPasskey();
    assert.equal(signedIn.error, null);
    assert.equal(signedIn.data.user.id, user.id);
    assert.equal(signedIn.data.user.email, user.email);
    const claims = decodeJwt(signedIn.data.session.access_token);
    assert.equal(claims.sub, user.id);
    assert.equal(claims.aal, 'aal1');
    assert.equal(claims.amr.at(-1).method, 'passkey');
    const me = await fresh.auth.getUser();
    assert.equal(me.error, null);
    assert.equal(me.data.user.id, user.id);
    assert.ok(me.data.user.last_sign_in_at);
    // The session refreshes like any other.
    const refreshed = await fresh.auth.refreshSession();
    assert.equal(refreshed.error, null);

    const { data: listed } = await fresh.auth.passkey.list();
    assert.equal(listed.length, 1);
    assert.equal(listed[0].id, registered.data.id);
    assert.ok(listed[0].last_used_at, 'signing in records the use');
  });

  test('list, rename and delete; a deleted passkey no longer signs in', async () => {
    const { supabase, device } = await signedInWithDevice();
    const first = await supabase.auth.registerPasskey();
    assert.equal(first.error, null);
    // The options exclude the user's passkeys: the same device declines.
    const twice = await supabase.auth.registerPasskey();
    assert.equal(twice.error?.code, 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED');
    assert.equal(device.credentials.size, 1);
    const phone = new SoftAuthenticator({ origin });
    browser.authenticator = phone;
    const second = await supabase.auth.registerPasskey();
    assert.equal(second.error, null);

    const listed = await supabase.auth.passkey.list();
    assert.equal(listed.error, null);
    assert.deepEqual(
      listed.data.map((p) => p.id),
      [first.data.id, second.data.id],
    );
    assert.equal(listed.data[0].last_used_at, undefined, 'an unused passkey has no last_used_at');

    const renamed = await supabase.auth.passkey.update({ passkeyId: first.data.id, friendlyName: 'Work laptop' });
    assert.equal(renamed.error, null);
    assert.equal(renamed.data.friendly_name, 'Work laptop');
    assert.equal((await supabase.auth.passkey.list()).data[0].friendly_name, 'Work laptop');
    const empty = await supabase.auth.passkey.update({ passkeyId: first.data.id, friendlyName: '' });
    assertApiError(empty.error, { status: 400, code: 'validation_failed', message: 'friendly_name is required' });
    const long = await supabase.auth.passkey.update({ passkeyId: first.data.id, friendlyName: 'x'.repeat(121) });
    assertApiError(long.error, { status: 400, code: 'validation_failed', message: 'friendly_name must be 120 characters or less' });

    const deleted = await supabase.auth.passkey.delete({ passkeyId: second.data.id });
    assert.equal(deleted.error, null);
    assert.deepEqual(
      (await supabase.auth.passkey.list()).data.map((p) => p.id),
      [first.data.id],
    );
    const again = await supabase.auth.passkey.delete({ passkeyId: second.data.id });
    assertApiError(again.error, { status: 404, code: 'validation_failed', message: 'Passkey not found' });

    const refused = await client().auth.signInWithPasskey();
    assertApiError(refused.error, { status: 400, code: 'webauthn_verification_failed', message: 'Credential verification failed' });
    assert.equal(refused.data?.session ?? null, null);
    browser.authenticator = device;
    assert.equal((await client().auth.signInWithPasskey()).error, null, 'the other passkey still signs in');
  });

  test("another user's passkey is not found for renaming or deleting", async () => {
    const owner = await signedInWithDevice();
    const { data } = await owner.supabase.auth.registerPasskey();
    const other = await signedInWithDevice();
    const renamed = await other.supabase.auth.passkey.update({ passkeyId: data.id, friendlyName: 'mine now' });
    assertApiError(renamed.error, { status: 404, code: 'validation_failed', message: 'Passkey not found' });
    const deleted = await other.supabase.auth.passkey.delete({ passkeyId: data.id });
    assertApiError(deleted.error, { status: 404, code: 'validation_failed', message: 'Passkey not found' });
    assert.equal((await owner.supabase.auth.passkey.list()).data.length, 1);
    assert.equal((await other.supabase.auth.passkey.list()).data.length, 0);
  });

  test('a replayed assertion and a reused challenge are refused', async () => {
    const { supabase, device } = await signedInWithDevice();
    assert.equal((await supabase.auth.registerPasskey()).error, null);

    const { data: options } = await supabase.auth.passkey.startAuthentication();
    const first = await device.get({ publicKey: { rpId: options.options.rpId, challenge: Buffer.from(options.options.challenge, 'base64url') } });
    assert.ok(first);
    const assertion = device.lastAssertion;
    const ok = await post('/passkeys/authentication/verify', { challenge_id: options.challenge_id, credential: assertion });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.ok(ok.body.access_token);

    // The same challenge again: it was used up by the first verification.
    const reused = await post('/passkeys/authentication/verify', { challenge_id: options.challenge_id, credential: assertion });
    assert.equal(reused.status, 400);
    assert.equal(reused.body.error_code, 'webauthn_challenge_not_found');

    // The same assertion under a fresh challenge: it signed the old one.
    const { data: fresh } = await supabase.auth.passkey.startAuthentication();
    const replayed = await post('/passkeys/authentication/verify', { challenge_id: fresh.challenge_id, credential: assertion });
    assert.equal(replayed.status, 400);
    assert.equal(replayed.body.error_code, 'webauthn_verification_failed');
    // And that challenge is gone too: a failed verification uses it up.
    const afterFailure = await post('/passkeys/authentication/verify', { challenge_id: fresh.challenge_id, credential: assertion });
    assert.equal(afterFailure.body.error_code, 'webauthn_challenge_not_found');
  });

  test('a cloned authenticator (its counter did not move on) is refused', async () => {
    const { supabase, device } = await signedInWithDevice();
    assert.equal((await supabase.auth.registerPasskey()).error, null);
    assert.equal((await client().auth.signInWithPasskey()).error, null);
    assert.equal((await client().auth.signInWithPasskey()).error, null);
    device.nextCounter = 1; // the server has seen 2
    const cloned = await client().auth.signInWithPasskey();
    assertApiError(cloned.error, { status: 400, code: 'webauthn_verification_failed' });
  });

  test('a page on another origin can neither register nor sign in', async () => {
    const { supabase, device } = await signedInWithDevice();
    device.origin = 'https://phish.example.com';
    const registered = await supabase.auth.registerPasskey();
    assertApiError(registered.error, { status: 400, code: 'webauthn_verification_failed', message: 'Credential verification failed' });
    assert.equal((await supabase.auth.passkey.list()).data.length, 0);

    device.origin = origin;
    assert.equal((await supabase.auth.registerPasskey()).error, null);
    device.origin = 'https://phish.example.com';
    const signedIn = await client().auth.signInWithPasskey();
    assertApiError(signedIn.error, { status: 400, code: 'webauthn_verification_failed' });
  });

  test('registration needs a session; the options are what navigator.credentials.create takes', async () => {
    const settings = await (await fetch(`${pleat.url}/auth/v1/settings`, { headers: { apikey: pleat.anonKey } })).json();
    assert.equal(settings.passkeys_enabled, true, 'GoTrue says so in /settings');
    const anonymous = await post('/passkeys/registration/options', {});
    assert.equal(anonymous.status, 401);
    assert.equal(anonymous.body.error_code, 'no_authorization');

    const { supabase } = await signedInWithDevice();
    const { data, error } = await supabase.auth.passkey.startRegistration();
    assert.equal(error, null);
    assert.match(data.challenge_id, /^[0-9a-f-]{36}$/);
    assert.ok(data.expires_at > Date.now() / 1000);
    const { options } = data;
    assert.equal(options.rp.id, new URL(pleat.url).hostname);
    assert.equal(options.authenticatorSelection.residentKey, 'required');
    assert.equal(options.authenticatorSelection.userVerification, 'preferred');
    assert.equal(options.attestation, 'none');
    assert.ok(options.pubKeyCredParams.some((p) => p.alg === -7 && p.type === 'public-key'));
    assert.ok(Buffer.from(options.challenge, 'base64url').length >= 16);

    const auth = await post('/passkeys/authentication/options', {});
    assert.equal(auth.status, 200);
    assert.equal(auth.body.options.rpId, new URL(pleat.url).hostname);
    assert.equal(auth.body.options.allowCredentials?.length ?? 0, 0, 'discoverable: no credentials named');

    const missing = await post('/passkeys/authentication/verify', { credential: {} });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.msg, 'challenge_id is required');
    const notUuid = await post('/passkeys/authentication/verify', { challenge_id: 'x', credential: {} });
    assert.equal(notUuid.body.msg, 'challenge_id must be a valid UUID');
    const garbage = await post('/passkeys/authentication/verify', { challenge_id: auth.body.challenge_id, credential: { id: 1 } });
    assert.equal(garbage.status, 400);
    assert.equal(garbage.body.error_code, 'webauthn_verification_failed');
    assert.equal(garbage.body.msg, 'Invalid credential response');
  });

  test('the admin lists and deletes a user’s passkeys', async () => {
    const { user, supabase } = await signedInWithDevice();
    const { data: passkey } = await supabase.auth.registerPasskey();
    const admin = client(pleat.serviceKey).auth.admin;
    const listed = await admin.passkey.listPasskeys({ userId: user.id });
    assert.equal(listed.error, null);
    assert.equal(listed.data.length, 1);
    assert.equal(listed.data[0].id, passkey.id);
    assert.equal(listed.data[0].friendly_name, 'Passkey');

    const nobody = await admin.passkey.listPasskeys({ userId: randomUUID() });
    assertApiError(nobody.error, { status: 404, code: 'user_not_found' });
    const notAdmin = await client().auth.admin.passkey.listPasskeys({ userId: user.id });
    assert.equal(notAdmin.error.status, 403);

    const deleted = await admin.passkey.deletePasskey({ userId: user.id, passkeyId: passkey.id });
    assert.equal(deleted.error, null);
    assert.deepEqual((await admin.passkey.listPasskeys({ userId: user.id })).data, []);
    const again = await admin.passkey.deletePasskey({ userId: user.id, passkeyId: passkey.id });
    assertApiError(again.error, { status: 404, code: 'validation_failed', message: 'Passkey not found' });
    const signIn = await client().auth.signInWithPasskey();
    assertApiError(signIn.error, { status: 400, code: 'webauthn_verification_failed' });
  });
});
