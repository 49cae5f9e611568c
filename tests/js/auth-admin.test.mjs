// supabase.auth.admin with the service_role key: create, list (paged), get,
// update and delete users, generateLink of each type, a user's MFA factors,
// addresses GoTrue refuses; any other key is 403 not_admin.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startPleat, apiKey, signJwt } from './lib/pleat.mjs';
import { PASSWORD, assertApiError, authClient, createUser, signedIn, uniqueEmail } from './lib/auth.mjs';

const NOT_ADMIN = { status: 403, code: 'not_admin', message: 'User not allowed' };

let pleat;
let admin;
before(async () => {
  pleat = await startPleat({ env: { PLEAT_TRUSTED_PROXIES: '127.0.0.1' } });
  admin = authClient(pleat, { key: pleat.serviceKey }).auth.admin;
});
after(() => pleat?.stop());

const signIn = (email, password) => authClient(pleat).auth.signInWithPassword({ email, password });

describe('auth.admin with the service_role key', () => {
  test('createUser makes a confirmed user who can sign in', async () => {
    const email = uniqueEmail('made');
    const { data, error } = await admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { name: 'Made' },
      app_metadata: { plan: 'gold' },
    });
    assert.equal(error, null);
    const { user } = data;
    assert.match(user.id, /^[0-9a-f-]{36}$/);
    assert.equal(user.email, email);
    assert.equal(user.phone, '');
    assert.equal(user.aud, 'authenticated');
    assert.equal(user.role, 'authenticated');
    assert.ok(user.email_confirmed_at);
    assert.equal(user.confirmed_at, user.email_confirmed_at);
    assert.equal(user.last_sign_in_at, undefined, 'null timestamps are omitted');
    assert.deepEqual(user.user_metadata, { name: 'Made', email_verified: true });
    assert.deepEqual(user.app_metadata, { plan: 'gold', editor: true, provider: 'email', providers: ['email'] });
    assert.equal(user.is_anonymous, false);
    assert.equal(user.identities.length, 1);
    assert.equal(user.identities[0].provider, 'email');
    assert.equal(user.identities[0].user_id, user.id);

    const signedIn = await signIn(email, PASSWORD);
    assert.equal(signedIn.error, null);
    assert.equal(signedIn.data.user.id, user.id);
  });

  test('createUser with an email already taken is 422 email_exists', async () => {
    const user = await createUser(pleat);
    const { data, error } = await admin.createUser({ email: user.email.toUpperCase(), password: PASSWORD, email_confirm: true });
    assertApiError(error, { status: 422, code: 'email_exists', message: 'A user with this email address has already been registered' });
    assert.deepEqual(data, { user: null });
  });

  test('createUser without email_confirm: the user cannot sign in yet', async () => {
    const email = uniqueEmail('unconfirmed');
    const { data, error } = await admin.createUser({ email, password: PASSWORD });
    assert.equal(error, null);
    assert.equal(data.user.email_confirmed_at, undefined);
    assertApiError((await signIn(email, PASSWORD)).error, { status: 400, code: 'email_not_confirmed', message: 'Email not confirmed' });
  });

  for (const prefix of ['$2a$', '$2b$']) {
    test(`createUser with a ${prefix} bcrypt password_hash (a Supabase export): signs in, rehashed to argon2id`, async () => {
      // OpenBSD's bcrypt test vector: the password "U*U" at cost 5.
      const hash = `${prefix}05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW`;
      const email = uniqueEmail('imported');
      const { data, error } = await admin.createUser({ email, password_hash: hash, email_confirm: true });
      assert.equal(error, null);
      const stored = async () => (await pleat.sql('SELECT encrypted_password FROM auth.users WHERE id = $1', [data.user.id])).rows[0].encrypted_password;
      assert.equal(await stored(), hash);
      assertApiError((await signIn(email, 'U*V')).error, { status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
      assert.equal(await stored(), hash, 'a failed sign-in does not rehash');
      const ok = await signIn(email, 'U*U');
      assert.equal(ok.error, null);
      assert.equal(ok.data.user.id, data.user.id);
      assert.match(await stored(), /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      assert.equal((await signIn(email, 'U*U')).error, null, 'the new hash verifies');
    });
  }

  test('createUser with a password_hash that is neither argon2 nor bcrypt is refused', async () => {
    const { error } = await admin.createUser({ email: uniqueEmail('md5'), password_hash: '5f4dcc3b5aa765d61d8327deb882cf99', email_confirm: true });
    assertApiError(error, { status: 400, code: 'validation_failed', message: 'Invalid password hash: use an argon2 or bcrypt hash' });
  });

  test('createUser with a short password is weak_password', async () => {
    const { error } = await admin.createUser({ email: uniqueEmail('weak'), password: 'short', email_confirm: true });
    assert.equal(error.name, 'AuthWeakPasswordError');
    assert.equal(error.status, 422);
    assert.deepEqual(error.reasons, ['length']);
  });

  test('listUsers pages with total, nextPage and lastPage', async () => {
    const made = [];
    for (let i = 0; i < 3; i += 1) made.push(await createUser(pleat));
    const { count } = (await pleat.sql('SELECT count(*)::int AS count FROM auth.users')).rows[0];
    // supabase-js reads one digit of a page number: keep to three pages.
    const perPage = Math.ceil(count / 3);
    const lastPage = Math.ceil(count / perPage);

    const first = await admin.listUsers({ page: 1, perPage });
    assert.equal(first.error, null);
    assert.equal(first.data.users.length, perPage);
    assert.equal(first.data.total, count);
    assert.equal(first.data.nextPage, 2);
    assert.equal(first.data.lastPage, lastPage);
    assert.equal(first.data.aud, 'authenticated');
    // Newest first: the last user made leads the first page.
    assert.equal(first.data.users[0].id, made[2].id);

    const seen = [];
    for (let page = 1; page <= lastPage; page += 1) {
      const { data } = await admin.listUsers({ page, perPage });
      seen.push(...data.users.map((u) => u.id));
      if (page === lastPage) assert.equal(data.nextPage, null);
    }
    assert.equal(seen.length, count);
    assert.equal(new Set(seen).size, count);
    for (const u of made) assert.ok(seen.includes(u.id));

    const all = await admin.listUsers();
    assert.equal(all.data.users.length, count);
  });

  test('getUserById returns the user; an unknown id is 404 user_not_found', async () => {
    const user = await createUser(pleat, { user_metadata: { a: 1 } });
    const { data, error } = await admin.getUserById(user.id);
    assert.equal(error, null);
    assert.equal(data.user.id, user.id);
    assert.equal(data.user.email, user.email);
    assert.deepEqual(data.user.user_metadata, { a: 1, email_verified: true });

    const missing = await admin.getUserById('00000000-0000-4000-8000-000000000000');
    assertApiError(missing.error, { status: 404, code: 'user_not_found', message: 'User not found' });
    assert.deepEqual(missing.data, { user: null });
  });

  test('updateUserById merges metadata and sets the password, ending the sessions', async () => {
    const user = await createUser(pleat, { user_metadata: { keep: true, drop: 1 }, app_metadata: { tier: 'a' } });
    const { client } = await signedIn(pleat, user);
    const { data, error } = await admin.updateUserById(user.id, {
      password: 'set-by-the-admin',
      user_metadata: { drop: null, added: 'yes' },
      app_metadata: { tier: 'b' },
    });
    assert.equal(error, null);
    assert.deepEqual(data.user.user_metadata, { keep: true, added: 'yes', email_verified: true });
    assert.deepEqual(data.user.app_metadata, { tier: 'b', editor: true, provider: 'email', providers: ['email'] });

    assertApiError((await signIn(user.email, PASSWORD)).error, { status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    assert.equal((await signIn(user.email, 'set-by-the-admin')).error, null);
    const before = await client.auth.getUser();
    assert.equal(before.error?.name, 'AuthSessionMissingError', 'the password change ended the existing session');
  });

  test('updateUserById can change the email, which then signs in', async () => {
    const user = await createUser(pleat);
    const email = uniqueEmail('moved');
    const { data, error } = await admin.updateUserById(user.id, { email, email_confirm: true });
    assert.equal(error, null);
    assert.equal(data.user.email, email);
    assert.equal((await signIn(email, PASSWORD)).error, null);
    assertApiError((await signIn(user.email, PASSWORD)).error, { status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
  });

  test('deleteUser removes the user and ends their sessions', async () => {
    const user = await createUser(pleat);
    const { client } = await signedIn(pleat, user);
    const { data, error } = await admin.deleteUser(user.id);
    assert.equal(error, null);
    assert.deepEqual(data, { user: {} });
    assertApiError((await admin.getUserById(user.id)).error, { status: 404, code: 'user_not_found', message: 'User not found' });
    assertApiError((await signIn(user.email, PASSWORD)).error, { status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    assertApiError((await client.auth.refreshSession()).error, {
      status: 400,
      code: 'refresh_token_not_found',
      message: 'Invalid Refresh Token: Refresh Token Not Found',
    });
    assertApiError((await admin.deleteUser(user.id)).error, { status: 404, code: 'user_not_found', message: 'User not found' });
  });
});

describe('generateLink answers the type asked for, as GoTrue does', () => {
  const typeOf = (link) => new URL(link).searchParams.get('type');

  for (const type of ['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new']) {
    test(type, async () => {
      const fresh = type === 'signup' || type === 'invite';
      const email = fresh ? uniqueEmail(type) : (await createUser(pleat)).email;
      const params = { type, email };
      if (type === 'signup') params.password = PASSWORD;
      if (type.startsWith('email_change')) params.newEmail = uniqueEmail('moved');
      const { data, error } = await admin.generateLink(params);
      assert.equal(error, null);
      assert.equal(data.properties.verification_type, type);
      assert.equal(data.user.email, email);
      // The link itself carries the type /verify takes (one for both halves of an email change).
      assert.equal(typeOf(data.properties.action_link), type.startsWith('email_change') ? 'email_change' : type);
    });
  }

  test('a magic link for an unknown address signs it up: signup, and its code confirms the account', async () => {
    const email = uniqueEmail('newcomer');
    const { data, error } = await admin.generateLink({ type: 'magiclink', email });
    assert.equal(error, null);
    assert.equal(data.properties.verification_type, 'signup');
    assert.equal(data.user.email, email);
    assert.equal(data.user.email_confirmed_at, undefined);
    const verified = await authClient(pleat).auth.verifyOtp({ email, token: data.properties.email_otp, type: 'signup' });
    assert.equal(verified.error, null);
    assert.equal(verified.data.user.email, email);
    assert.ok(verified.data.user.email_confirmed_at);
  });

  test('an unknown type is 400 validation_failed with GoTrue\'s message', async () => {
    const { error } = await admin.generateLink({ type: 'sms', email: uniqueEmail() });
    assertApiError(error, { status: 400, code: 'validation_failed', message: 'Invalid email action link type requested: sms' });
  });
});

describe('an address GoTrue refuses is refused wherever it comes in', () => {
  const INVALID = { status: 400, code: 'validation_failed', message: 'Unable to validate email address: invalid format' };

  for (const bad of ['xx:;x@x.x', 'a(b)@example.com', 'a@exa_mple.com', 'ü@example.com']) {
    test(bad, async () => {
      const user = await createUser(pleat);
      const { client } = await signedIn(pleat, user);
      const anon = authClient(pleat).auth;
      const calls = [
        ['admin.createUser', () => admin.createUser({ email: bad, password: PASSWORD, email_confirm: true })],
        ['admin.inviteUserByEmail', () => admin.inviteUserByEmail(bad)],
        ['admin.generateLink invite', () => admin.generateLink({ type: 'invite', email: bad })],
        ['admin.generateLink magiclink', () => admin.generateLink({ type: 'magiclink', email: bad })],
        ['admin.generateLink email_change_new', () => admin.generateLink({ type: 'email_change_new', email: user.email, newEmail: bad })],
        ['admin.updateUserById', () => admin.updateUserById(user.id, { email: bad, email_confirm: true })],
        ['signInWithOtp', () => anon.signInWithOtp({ email: bad })],
        ['resetPasswordForEmail', () => anon.resetPasswordForEmail(bad)],
        ['resend', () => anon.resend({ type: 'signup', email: bad })],
        ['updateUser', () => client.auth.updateUser({ email: bad })],
      ];
      for (const [name, call] of calls) assertApiError((await call()).error, INVALID, name);
      const verify = await anon.verifyOtp({ email: bad, token: '123456', type: 'email' });
      assertApiError(verify.error, { status: 422, code: 'validation_failed', message: 'Invalid email format' }, 'verifyOtp');
      const stored = await pleat.sql('SELECT count(*)::int AS n FROM auth.users WHERE email = $1 OR email_change = $1', [bad.toLowerCase()]);
      assert.equal(stored.rows[0].n, 0, 'no account or pending change holds the address');
      assert.equal((await admin.getUserById(user.id)).data.user.email, user.email);
    });
  }
});

describe('auth.admin.mfa', () => {
  test("listFactors is a user's (empty) list; an unknown user is 404 user_not_found", async () => {
    const user = await createUser(pleat);
    const { data, error } = await admin.mfa.listFactors({ userId: user.id });
    assert.equal(error, null);
    assert.deepEqual(data, { factors: [] });
    const missing = await admin.mfa.listFactors({ userId: '00000000-0000-4000-8000-000000000000' });
    assertApiError(missing.error, { status: 404, code: 'user_not_found', message: 'User not found' });
  });

  test('deleteFactor of a factor that does not exist is 404 mfa_factor_not_found', async () => {
    const user = await createUser(pleat);
    const { error } = await admin.mfa.deleteFactor({ userId: user.id, id: '00000000-0000-4000-8000-000000000000' });
    assertApiError(error, { status: 404, code: 'mfa_factor_not_found', message: 'Factor not found' });
  });
});

describe('auth.admin without the service_role key', () => {
  const refusals = (admin, id) => [
    ['listUsers', () => admin.listUsers()],
    ['createUser', () => admin.createUser({ email: uniqueEmail('nope'), password: PASSWORD, email_confirm: true })],
    ['getUserById', () => admin.getUserById(id)],
    ['updateUserById', () => admin.updateUserById(id, { user_metadata: { hacked: true } })],
    ['deleteUser', () => admin.deleteUser(id)],
  ];

  test('the anon key is 403 not_admin for every call, and nothing changes', async () => {
    const victim = await createUser(pleat);
    const anonAdmin = authClient(pleat).auth.admin;
    for (const [name, call] of refusals(anonAdmin, victim.id)) {
      assertApiError((await call()).error, NOT_ADMIN, name);
    }
    const { data } = await admin.getUserById(victim.id);
    assert.deepEqual(data.user.user_metadata, { email_verified: true });
  });

  test("a signed-in user's access token is 403 not_admin", async () => {
    const user = await createUser(pleat);
    const { session } = await signedIn(pleat, user);
    const asUser = authClient(pleat, { headers: { Authorization: `Bearer ${session.access_token}` } }).auth.admin;
    for (const [name, call] of refusals(asUser, user.id)) assertApiError((await call()).error, NOT_ADMIN, name);
  });

  test('a service_role token signed with another secret is 403 bad_jwt', async () => {
    const iat = Math.floor(Date.now() / 1000);
    const forged = signJwt({ role: 'service_role', iat, exp: iat + 600 }, { secret: 'someone-elses-secret-0123456789abcdef' });
    const { error } = await authClient(pleat, { key: forged }).auth.admin.listUsers();
    assertApiError(error, { status: 403, code: 'bad_jwt', message: /signature/ });
  });

  test('an expired service_role key is 403 bad_jwt', async () => {
    const expired = apiKey('service_role', { exp: Math.floor(Date.now() / 1000) - 3600 });
    const { error } = await authClient(pleat, { key: expired }).auth.admin.listUsers();
    assertApiError(error, { status: 403, code: 'bad_jwt', message: /expired/ });
  });
});
