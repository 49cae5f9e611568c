// Signing in with supabase-js: the session it gets and keeps, the one error
// for a wrong password and an unknown email, the events onAuthStateChange
// reports over a session's life, signup (off unless switched on), and what
// /auth/v1/settings says about mail on a server without SMTP.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startPleat } from './lib/pleat.mjs';
import {
  PASSWORD, authClient, assertApiError, createUser, decodeJwt, memoryStorage, recordEvents, signedIn, uniqueEmail,
} from './lib/auth.mjs';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const INVALID = { status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' };

let pleat;
before(async () => {
  pleat = await startPleat({ env: { PLEAT_TRUSTED_PROXIES: '127.0.0.1' } });
});
after(() => pleat?.stop());

describe('without PLEAT_SMTP_URL', () => {
  test('/auth/v1/settings says smtp_configured: false, and supabase-js asks for mail as before', async () => {
    const res = await fetch(`${pleat.url}/auth/v1/settings`, { headers: { apikey: pleat.anonKey } });
    assert.equal(res.status, 200);
    const settings = await res.json();
    assert.equal(settings.smtp_configured, false);
    assert.equal(settings.external.email, true);
    // The key is Pleat's own; supabase-js never reads it, and its mail calls are answered as GoTrue answers them.
    const user = await createUser(pleat);
    assert.deepEqual(await authClient(pleat).auth.resetPasswordForEmail(user.email), { data: {}, error: null });
  });
});

describe('signInWithPassword', () => {
  test('the right password gives a session GoTrue would give', async () => {
    const user = await createUser(pleat, { user_metadata: { name: 'Owner' } });
    const client = authClient(pleat);
    const before = Math.floor(Date.now() / 1000);
    const { data, error } = await client.auth.signInWithPassword({ email: user.email, password: PASSWORD });
    assert.equal(error, null);
    const { session } = data;
    assert.equal(session.token_type, 'bearer');
    assert.equal(session.expires_in, 3600);
    assert.ok(session.expires_at >= before + 3600 && session.expires_at <= before + 3602, `${session.expires_at}`);
    assert.match(session.refresh_token, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(data.user.id, user.id);
    assert.equal(data.user.email, user.email);
    assert.equal(data.user.aud, 'authenticated');
    assert.equal(data.user.role, 'authenticated');
    assert.deepEqual(data.user.user_metadata, { name: 'Owner', email_verified: true });
    // Made through the admin API: an editor.
    assert.deepEqual(data.user.app_metadata, { provider: 'email', providers: ['email'], editor: true });
    assert.ok(Date.parse(data.user.last_sign_in_at) >= (before - 1) * 1000);

    const claims = decodeJwt(session.access_token);
    assert.equal(claims.sub, user.id);
    assert.equal(claims.aud, 'authenticated');
    assert.equal(claims.role, 'authenticated');
    assert.equal(claims.email, user.email);
    assert.equal(claims.phone, '');
    assert.equal(claims.aal, 'aal1');
    assert.equal(claims.is_anonymous, false);
    assert.equal(claims.exp, session.expires_at);
    assert.equal(claims.exp - claims.iat, 3600);
    assert.match(claims.session_id, UUID);
    assert.deepEqual(claims.amr.map((a) => a.method), ['password']);
    assert.deepEqual(claims.user_metadata, { name: 'Owner', email_verified: true });
  });

  test('the email is matched without regard to case', async () => {
    const user = await createUser(pleat);
    const { data, error } = await authClient(pleat).auth.signInWithPassword({ email: user.email.toUpperCase(), password: PASSWORD });
    assert.equal(error, null);
    assert.equal(data.user.id, user.id);
  });

  test('a wrong password is invalid_credentials, and no session is stored', async () => {
    const user = await createUser(pleat);
    const storage = memoryStorage();
    const client = authClient(pleat, { storage });
    const { data, error } = await client.auth.signInWithPassword({ email: user.email, password: 'not-the-password' });
    assertApiError(error, INVALID);
    assert.deepEqual(data, { user: null, session: null });
    assert.equal(storage.items.size, 0);
    assert.equal((await client.auth.getSession()).data.session, null);
  });

  test('an unknown email gets exactly the same answer as a wrong password', async () => {
    const user = await createUser(pleat);
    const wrong = await authClient(pleat).auth.signInWithPassword({ email: user.email, password: 'not-the-password' });
    const unknown = await authClient(pleat).auth.signInWithPassword({ email: uniqueEmail('nobody'), password: PASSWORD });
    assertApiError(unknown.error, INVALID);
    assert.deepEqual(unknown.data, wrong.data);
    assert.deepEqual(
      { name: unknown.error.name, status: unknown.error.status, code: unknown.error.code, message: unknown.error.message },
      { name: wrong.error.name, status: wrong.error.status, code: wrong.error.code, message: wrong.error.message },
    );
  });

  test('an empty password is refused like a wrong one', async () => {
    const user = await createUser(pleat);
    const { error } = await authClient(pleat).auth.signInWithPassword({ email: user.email, password: '' });
    assertApiError(error, INVALID);
  });

  test('an unconfirmed user cannot sign in', async () => {
    const user = await createUser(pleat, { email_confirm: false });
    const { error } = await authClient(pleat).auth.signInWithPassword({ email: user.email, password: PASSWORD });
    assertApiError(error, { status: 400, code: 'email_not_confirmed', message: 'Email not confirmed' });
  });

  test('the legacy error format without X-Supabase-Api-Version', async () => {
    const res = await fetch(`${pleat.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: pleat.anonKey, 'Content-Type': 'application/json', 'X-Forwarded-For': '10.200.0.1' },
      body: JSON.stringify({ email: uniqueEmail('nobody'), password: PASSWORD }),
    });
    assert.equal(res.status, 400);
    assert.equal(res.headers.get('x-supabase-api-version'), null);
    assert.deepEqual(await res.json(), { code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
  });
});

describe('getSession and getUser', () => {
  test('getSession is null before sign-in, the stored session after, null after signOut', async () => {
    const user = await createUser(pleat);
    const storage = memoryStorage();
    const client = authClient(pleat, { storage });
    assert.deepEqual(await client.auth.getSession(), { data: { session: null }, error: null });

    const signIn = await client.auth.signInWithPassword({ email: user.email, password: PASSWORD });
    const { data, error } = await client.auth.getSession();
    assert.equal(error, null);
    assert.equal(data.session.access_token, signIn.data.session.access_token);
    assert.equal(data.session.refresh_token, signIn.data.session.refresh_token);
    assert.equal(data.session.user.id, user.id);
    assert.equal(storage.items.size, 1, 'the session is persisted to the storage given');

    assert.deepEqual(await client.auth.signOut(), { error: null });
    assert.deepEqual(await client.auth.getSession(), { data: { session: null }, error: null });
    assert.equal(storage.items.size, 0);
  });

  test('a new client on the same storage starts from the stored session', async () => {
    const user = await createUser(pleat);
    const storage = memoryStorage();
    const first = authClient(pleat, { storage });
    const { data: signIn } = await first.auth.signInWithPassword({ email: user.email, password: PASSWORD });
    const second = authClient(pleat, { storage });
    const recorder = recordEvents(second);
    const initial = await recorder.next('INITIAL_SESSION');
    assert.equal(initial.session.access_token, signIn.session.access_token);
    const { data, error } = await second.auth.getUser();
    assert.equal(error, null);
    assert.equal(data.user.id, user.id);
    recorder.stop();
  });

  test('getUser asks the server and returns the user', async () => {
    const user = await createUser(pleat, { user_metadata: { plan: 'pro' } });
    const { client } = await signedIn(pleat, user);
    const { data, error } = await client.auth.getUser();
    assert.equal(error, null);
    assert.equal(data.user.id, user.id);
    assert.equal(data.user.email, user.email);
    assert.deepEqual(data.user.user_metadata, { plan: 'pro', email_verified: true });
    assert.equal(data.user.identities.length, 1);
    assert.equal(data.user.identities[0].provider, 'email');
  });

  test('getUser without a session is AuthSessionMissingError', async () => {
    const { data, error } = await authClient(pleat).auth.getUser();
    assert.deepEqual(data, { user: null });
    assert.equal(error.name, 'AuthSessionMissingError');
  });
});

describe('onAuthStateChange', () => {
  test('reports INITIAL_SESSION, SIGNED_IN, TOKEN_REFRESHED, USER_UPDATED, SIGNED_OUT in order', async () => {
    const user = await createUser(pleat);
    const client = authClient(pleat);
    const recorder = recordEvents(client);
    const initial = await recorder.next('INITIAL_SESSION');
    assert.equal(initial.session, null);

    const signIn = await client.auth.signInWithPassword({ email: user.email, password: PASSWORD });
    assert.equal(signIn.error, null);
    const signedInEvent = await recorder.next('SIGNED_IN');
    assert.equal(signedInEvent.session.access_token, signIn.data.session.access_token);
    assert.equal(signedInEvent.session.user.id, user.id);

    const refresh = await client.auth.refreshSession();
    assert.equal(refresh.error, null);
    const refreshed = await recorder.next('TOKEN_REFRESHED');
    assert.equal(refreshed.session.refresh_token, refresh.data.session.refresh_token);
    assert.notEqual(refreshed.session.refresh_token, signIn.data.session.refresh_token);

    const update = await client.auth.updateUser({ data: { theme: 'dark' } });
    assert.equal(update.error, null);
    const updated = await recorder.next('USER_UPDATED');
    assert.deepEqual(updated.session.user.user_metadata, { theme: 'dark', email_verified: true });

    assert.deepEqual(await client.auth.signOut(), { error: null });
    const signedOut = await recorder.next('SIGNED_OUT');
    assert.equal(signedOut.session, null);

    assert.deepEqual(recorder.names(), ['INITIAL_SESSION', 'SIGNED_IN', 'TOKEN_REFRESHED', 'USER_UPDATED', 'SIGNED_OUT']);
    recorder.stop();
  });
});

describe('signup', () => {
  test('is off by default: 422 signup_disabled', async () => {
    const client = authClient(pleat);
    const { data, error } = await client.auth.signUp({ email: uniqueEmail('new'), password: PASSWORD });
    assertApiError(error, { status: 422, code: 'signup_disabled', message: 'Signups not allowed for this instance' });
    assert.deepEqual(data, { user: null, session: null });
  });

  describe('with PLEAT_DISABLE_SIGNUP=false', () => {
    let open;
    before(async () => {
      open = await startPleat({ env: { PLEAT_DISABLE_SIGNUP: 'false', PLEAT_TRUSTED_PROXIES: '127.0.0.1' } });
    });
    after(() => open?.stop());

    test('signUp returns a signed-in session (autoconfirm) and SIGNED_IN', async () => {
      const email = uniqueEmail('new');
      const client = authClient(open);
      const recorder = recordEvents(client);
      await recorder.next('INITIAL_SESSION');
      const { data, error } = await client.auth.signUp({ email, password: PASSWORD, options: { data: { name: 'New' } } });
      assert.equal(error, null);
      assert.equal(data.user.email, email);
      assert.ok(data.user.email_confirmed_at, 'autoconfirmed');
      assert.equal(data.user.user_metadata.name, 'New');
      assert.equal(data.session.user.id, data.user.id);
      assert.equal(decodeJwt(data.session.access_token).sub, data.user.id);
      assert.equal((await recorder.next('SIGNED_IN')).session.access_token, data.session.access_token);
      recorder.stop();

      const again = await authClient(open).auth.signInWithPassword({ email, password: PASSWORD });
      assert.equal(again.error, null);
      assert.equal(again.data.user.id, data.user.id);
    });

    test('a second signUp with the same email is 422 user_already_exists', async () => {
      const email = uniqueEmail('dup');
      assert.equal((await authClient(open).auth.signUp({ email, password: PASSWORD })).error, null);
      const { data, error } = await authClient(open).auth.signUp({ email: email.toUpperCase(), password: 'another-password-1' });
      assertApiError(error, { status: 422, code: 'user_already_exists', message: 'User already registered' });
      assert.deepEqual(data, { user: null, session: null });
    });

    test('a short password is AuthWeakPasswordError with reasons', async () => {
      const { error } = await authClient(open).auth.signUp({ email: uniqueEmail('weak'), password: 'short' });
      assert.equal(error.name, 'AuthWeakPasswordError');
      assert.equal(error.status, 422);
      assert.equal(error.code, 'weak_password');
      assert.deepEqual(error.reasons, ['length']);
    });
  });
});
