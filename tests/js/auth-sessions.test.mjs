// One user, several devices: signOut with each scope ends exactly the sessions
// it should, the other devices learn it from getUser() (AuthSessionMissingError),
// and updateUser changes the password (ending the other sessions) or merges
// the metadata. MFA and reauthentication check the session before anything
// else.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startPleat } from './lib/pleat.mjs';
import {
  PASSWORD, assertApiError, authClient, createUser, decodeJwt, memoryStorage, nextIp, recordEvents, refreshRequest, signedIn,
} from './lib/auth.mjs';

const NOT_FOUND = { status: 400, code: 'refresh_token_not_found', message: 'Invalid Refresh Token: Refresh Token Not Found' };

let pleat;
before(async () => {
  pleat = await startPleat({ env: { PLEAT_TRUSTED_PROXIES: '127.0.0.1' } });
});
after(() => pleat?.stop());

/** `n` signed-in devices of one new user, each with its own storage and events. */
async function devices(n, userOptions) {
  const user = await createUser(pleat, userOptions);
  const list = [];
  for (let i = 0; i < n; i += 1) {
    const storage = memoryStorage();
    const { client, session } = await signedIn(pleat, user, { storage });
    list.push({ client, session, storage, recorder: recordEvents(client), sessionId: decodeJwt(session.access_token).session_id });
  }
  return { user, devices: list };
}

const liveSessions = async (userId) =>
  (await pleat.sql('SELECT id FROM auth.sessions WHERE user_id = $1 ORDER BY id', [userId])).rows.map((r) => r.id);

async function assertSignedOutElsewhere(device) {
  const { data, error } = await device.client.auth.getUser();
  assert.deepEqual(data, { user: null });
  assert.equal(error?.name, 'AuthSessionMissingError');
  assert.equal(error.message, 'Auth session missing!');
  assert.equal((await device.recorder.next('SIGNED_OUT')).session, null);
  assert.equal((await device.client.auth.getSession()).data.session, null);
  const refresh = await refreshRequest(pleat, device.session.refresh_token, { ip: nextIp() });
  assert.equal(refresh.status, NOT_FOUND.status);
  assert.deepEqual(refresh.body, { code: NOT_FOUND.code, message: NOT_FOUND.message });
}

async function assertStillSignedIn(device, user) {
  const { data, error } = await device.client.auth.getUser();
  assert.equal(error, null);
  assert.equal(data.user.id, user.id);
  assert.ok((await device.client.auth.getSession()).data.session);
}

describe('signOut scopes', () => {
  test('global (the default) ends every session of the user', async () => {
    const { user, devices: [a, b, c] } = await devices(3);
    assert.deepEqual(await a.client.auth.signOut(), { error: null });
    assert.equal((await a.recorder.next('SIGNED_OUT')).session, null);
    assert.equal((await a.client.auth.getSession()).data.session, null);
    assert.equal(a.storage.items.size, 0);
    assert.deepEqual(await liveSessions(user.id), []);
    await assertSignedOutElsewhere(b);
    await assertSignedOutElsewhere(c);
  });

  test('local ends this session only', async () => {
    const { user, devices: [a, b, c] } = await devices(3);
    assert.deepEqual(await a.client.auth.signOut({ scope: 'local' }), { error: null });
    assert.equal((await a.recorder.next('SIGNED_OUT')).session, null);
    assert.equal((await a.client.auth.getSession()).data.session, null);
    const refresh = await refreshRequest(pleat, a.session.refresh_token, { ip: nextIp() });
    assert.deepEqual([refresh.status, refresh.body.code], [NOT_FOUND.status, NOT_FOUND.code]);
    assert.deepEqual(await liveSessions(user.id), [b.sessionId, c.sessionId].sort());
    await assertStillSignedIn(b, user);
    await assertStillSignedIn(c, user);
  });

  test('others ends every session but this one, which stays signed in', async () => {
    const { user, devices: [a, b, c] } = await devices(3);
    assert.deepEqual(await a.client.auth.signOut({ scope: 'others' }), { error: null });
    assert.deepEqual(await liveSessions(user.id), [a.sessionId]);
    await assertStillSignedIn(a, user);
    assert.equal((await a.client.auth.refreshSession()).error, null);
    assert.ok(!a.recorder.names().includes('SIGNED_OUT'));
    await assertSignedOutElsewhere(b);
    await assertSignedOutElsewhere(c);
  });

  test('a device signed out elsewhere can still signOut locally without an error', async () => {
    const { devices: [a, b] } = await devices(2);
    await a.client.auth.signOut();
    assert.deepEqual(await b.client.auth.signOut(), { error: null });
    assert.equal((await b.recorder.next('SIGNED_OUT')).session, null);
    assert.equal((await b.client.auth.getSession()).data.session, null);
  });

  test('the logout endpoint: 204, 401 without a token (whatever the scope), 400 for an unknown scope', async () => {
    const { devices: [a] } = await devices(1);
    const call = (query, headers) =>
      fetch(`${pleat.url}/auth/v1/logout${query}`, {
        method: 'POST',
        headers: { apikey: pleat.anonKey, 'X-Supabase-Api-Version': '2024-01-01', ...headers },
      });
    const noToken = await call('');
    assert.equal(noToken.status, 401);
    assert.deepEqual(await noToken.json(), { code: 'no_authorization', message: 'This endpoint requires a valid Bearer token' });
    const noTokenBadScope = await call('?scope=everywhere');
    assert.equal(noTokenBadScope.status, 401, 'the token is asked for before the scope is read');
    const bad = await call('?scope=everywhere', { Authorization: `Bearer ${a.session.access_token}` });
    assert.equal(bad.status, 400);
    assert.equal((await bad.json()).code, 'validation_failed');
    const ok = await call('?scope=local', { Authorization: `Bearer ${a.session.access_token}` });
    assert.equal(ok.status, 204);
    assert.equal(await ok.text(), '');
  });
});

describe('getUser after a sign-out elsewhere', () => {
  test('is AuthSessionMissingError; the server said 403 session_not_found', async () => {
    const { devices: [a, b] } = await devices(2);
    await a.client.auth.signOut();
    const res = await fetch(`${pleat.url}/auth/v1/user`, {
      headers: { apikey: pleat.anonKey, Authorization: `Bearer ${b.session.access_token}`, 'X-Supabase-Api-Version': '2024-01-01' },
    });
    assert.equal(res.status, 403);
    assert.equal(res.headers.get('x-supabase-api-version'), '2024-01-01');
    assert.deepEqual(await res.json(), { code: 'session_not_found', message: 'Session from session_id claim in JWT does not exist' });
    await assertSignedOutElsewhere(b);
  });

  test('a deleted user: getUser is 403 user_not_found', async () => {
    const { user, devices: [a] } = await devices(1);
    const admin = authClient(pleat, { key: pleat.serviceKey });
    assert.equal((await admin.auth.admin.deleteUser(user.id)).error, null);
    const { data, error } = await a.client.auth.getUser();
    assert.deepEqual(data, { user: null });
    assertApiError(error, { status: 403, code: 'user_not_found', message: 'User from sub claim in JWT does not exist' });
  });
});

describe('MFA and reauthentication: the session is checked first, as GoTrue does', () => {
  const FACTOR = '00000000-0000-4000-8000-000000000000';
  // Without a session supabase-js sends the API key as the bearer: a valid
  // token that names no user, which GoTrue refuses before anything else.
  const NO_USER = { status: 403, code: 'bad_jwt', message: 'invalid claim: missing sub claim' };

  test('without a session, MFA calls are refused for the missing user, not for MFA', async () => {
    const { auth } = authClient(pleat);
    assertApiError((await auth.mfa.enroll({ factorType: 'totp' })).error, NO_USER, 'enroll');
    assertApiError((await auth.mfa.challenge({ factorId: FACTOR })).error, NO_USER, 'challenge');
    assertApiError((await auth.mfa.unenroll({ factorId: FACTOR })).error, NO_USER, 'unenroll');
  });

  test('signed out elsewhere, reauthenticate and enroll are AuthSessionMissingError', async () => {
    const { devices: [a, b] } = await devices(2);
    await a.client.auth.signOut();
    const reauth = await b.client.auth.reauthenticate();
    assert.equal(reauth.error?.name, 'AuthSessionMissingError', `${reauth.error?.name}: ${reauth.error?.message}`);
    const { devices: [c, d] } = await devices(2);
    await c.client.auth.signOut();
    const enroll = await d.client.auth.mfa.enroll({ factorType: 'totp' });
    assert.equal(enroll.error?.name, 'AuthSessionMissingError', `${enroll.error?.name}: ${enroll.error?.message}`);
  });

  test('a deleted user: reauthenticate is 403 user_not_found', async () => {
    const { user, devices: [a] } = await devices(1);
    assert.equal((await authClient(pleat, { key: pleat.serviceKey }).auth.admin.deleteUser(user.id)).error, null);
    assertApiError((await a.client.auth.reauthenticate()).error, {
      status: 403, code: 'user_not_found', message: 'User from sub claim in JWT does not exist',
    });
  });

  test('signed in, phone factors answer as GoTrue without SMS, and an unknown factor is 404', async () => {
    const { devices: [a] } = await devices(1);
    assertApiError((await a.client.auth.mfa.enroll({ factorType: 'phone', phone: '+15555550100' })).error, {
      status: 422, code: 'mfa_phone_enroll_not_enabled', message: 'MFA enroll is disabled for Phone',
    }, 'enroll');
    assertApiError((await a.client.auth.mfa.challenge({ factorId: FACTOR })).error, {
      status: 404, code: 'mfa_factor_not_found', message: 'Factor not found',
    }, 'challenge');
  });
});

describe('updateUser', () => {
  test('password: the old one fails, the new one works, other sessions end, this one stays', async () => {
    const { user, devices: [a, b] } = await devices(2);
    const { data, error } = await a.client.auth.updateUser({ password: 'a-brand-new-password' });
    assert.equal(error, null);
    assert.equal(data.user.id, user.id);
    assert.equal((await a.recorder.next('USER_UPDATED')).session.user.id, user.id);

    const old = await authClient(pleat).auth.signInWithPassword({ email: user.email, password: PASSWORD });
    assertApiError(old.error, { status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    const fresh = await authClient(pleat).auth.signInWithPassword({ email: user.email, password: 'a-brand-new-password' });
    assert.equal(fresh.error, null);
    assert.equal(fresh.data.user.id, user.id);

    await assertStillSignedIn(a, user);
    assert.equal((await a.client.auth.refreshSession()).error, null);
    await assertSignedOutElsewhere(b);
  });

  test('the same password again is 422 same_password', async () => {
    const { devices: [a] } = await devices(1);
    const { error } = await a.client.auth.updateUser({ password: PASSWORD });
    assertApiError(error, { status: 422, code: 'same_password', message: 'New password should be different from the old password.' });
  });

  test('a short password is AuthWeakPasswordError and changes nothing', async () => {
    const { user, devices: [a] } = await devices(1);
    const { error } = await a.client.auth.updateUser({ password: 'short' });
    assert.equal(error.name, 'AuthWeakPasswordError');
    assert.equal(error.status, 422);
    assert.equal(error.code, 'weak_password');
    assert.equal(error.message, 'Password should be at least 8 characters.');
    assert.deepEqual(error.reasons, ['length']);
    const again = await authClient(pleat).auth.signInWithPassword({ email: user.email, password: PASSWORD });
    assert.equal(again.error, null);
  });

  test('data is merged key by key, null deleting a key', async () => {
    const { user, devices: [a, b] } = await devices(2, { user_metadata: { name: 'Ann', theme: 'light', nested: { x: 1 } } });
    const first = await a.client.auth.updateUser({ data: { theme: 'dark', lang: 'en', nested: { y: 2 } } });
    assert.equal(first.error, null);
    assert.deepEqual(first.data.user.user_metadata, { name: 'Ann', theme: 'dark', lang: 'en', nested: { y: 2 }, email_verified: true });
    const second = await a.client.auth.updateUser({ data: { name: null } });
    assert.deepEqual(second.data.user.user_metadata, { theme: 'dark', lang: 'en', nested: { y: 2 }, email_verified: true });

    // Stored, seen by the other device, and in the next access token.
    const other = await b.client.auth.getUser();
    assert.deepEqual(other.data.user.user_metadata, second.data.user.user_metadata);
    assert.equal(other.data.user.id, user.id);
    const refreshed = await a.client.auth.refreshSession();
    assert.deepEqual(decodeJwt(refreshed.data.session.access_token).user_metadata, second.data.user.user_metadata);
    await assertStillSignedIn(b, user);
  });

  test('a new email waits for confirmation (auth-mail.test.mjs follows the mails)', async () => {
    const { user, devices: [a] } = await devices(1);
    const { data, error } = await a.client.auth.updateUser({ email: 'elsewhere@example.com' });
    assert.equal(error, null);
    assert.equal(data.user.new_email, 'elsewhere@example.com');
    assert.equal((await a.client.auth.getUser()).data.user.email, user.email);
  });
});
