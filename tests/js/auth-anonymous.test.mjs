// Anonymous sign-ins (PLEAT_ENABLE_ANONYMOUS_SIGN_INS) through the real
// supabase-js against the real pleat and a real SMTP server: off by default
// with GoTrue's error, on: a user with `is_anonymous` in its token, converted
// by updateUser({ email }) (by mail while sign-ups need confirming, at once
// while they are confirmed at once), limited per client address, and never
// an editor or viewer of the site whatever it asks for.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startPleat } from './lib/pleat.mjs';
import { startSmtp, linkAndCode } from './lib/smtp.mjs';
import { PASSWORD, assertApiError, authClient, createUser, decodeJwt, nextIp, uniqueEmail } from './lib/auth.mjs';

const LIMIT = 3;

let smtp;
let off;
let pleat;
let autoconfirm;
before(async () => {
  smtp = await startSmtp();
  const on = {
    PLEAT_TRUSTED_PROXIES: '127.0.0.1',
    PLEAT_DISABLE_SIGNUP: 'false',
    PLEAT_ENABLE_ANONYMOUS_SIGN_INS: 'true',
    PLEAT_RATE_LIMIT_ANONYMOUS_USERS: String(LIMIT),
  };
  [off, pleat, autoconfirm] = await Promise.all([
    startPleat({ env: { PLEAT_TRUSTED_PROXIES: '127.0.0.1', PLEAT_DISABLE_SIGNUP: 'false' } }),
    startPleat({ env: { ...on, PLEAT_SMTP_URL: smtp.url, PLEAT_MAILER_AUTOCONFIRM: 'false' } }),
    startPleat({ env: { ...on, PLEAT_SMTP_URL: smtp.url } }),
  ]);
});
after(async () => {
  await Promise.all([off?.stop(), pleat?.stop(), autoconfirm?.stop()]);
  await smtp?.stop();
});

const settingsOf = async (server) => (await fetch(`${server.url}/auth/v1/settings`, { headers: { apikey: server.anonKey } })).json();

/** A signed-in anonymous client of `server`. */
async function anonymous(server, options = {}) {
  const client = authClient(server);
  const { data, error } = await client.auth.signInAnonymously(options);
  assert.equal(error, null);
  return { client, session: data.session, user: data.user };
}

describe('off (the default)', () => {
  test("signInAnonymously answers GoTrue's error and settings say so", async () => {
    const { data, error } = await authClient(off).auth.signInAnonymously();
    assertApiError(error, { status: 422, code: 'anonymous_provider_disabled', message: 'Anonymous sign-ins are disabled' });
    assert.equal(data.session, null);
    assert.equal((await settingsOf(off)).external.anonymous_users, false);
    assert.equal((await off.sql('SELECT count(*)::int AS n FROM auth.users')).rows[0].n, 0);
  });
});

describe('on', () => {
  test('settings report anonymous_users: true', async () => {
    assert.equal((await settingsOf(pleat)).external.anonymous_users, true);
  });

  test('makes a signed-in user with is_anonymous in the user and the token', async () => {
    const { client, session, user } = await anonymous(pleat, { options: { data: { theme: 'dark' } } });
    assert.equal(user.is_anonymous, true);
    assert.equal(user.email, '');
    assert.deepEqual(user.identities, []);
    assert.deepEqual(user.user_metadata, { theme: 'dark' });
    assert.equal(user.role, 'authenticated');
    const claims = decodeJwt(session.access_token);
    assert.equal(claims.is_anonymous, true);
    assert.equal(claims.role, 'authenticated');
    assert.equal(claims.sub, user.id);
    assert.deepEqual(
      claims.amr.map((a) => a.method),
      ['anonymous'],
    );
    assert.equal((await client.auth.getUser()).data.user.is_anonymous, true);
    const refreshed = await client.auth.refreshSession();
    assert.equal(refreshed.error, null);
    assert.equal(decodeJwt(refreshed.data.session.access_token).is_anonymous, true);
    const { rows } = await pleat.sql('SELECT is_anonymous, email FROM auth.users WHERE id = $1', [user.id]);
    assert.deepEqual(rows, [{ is_anonymous: true, email: null }]);
  });

  test('updateUser({ email }) mails the new address only, and its code makes the user permanent', async () => {
    const { client, user } = await anonymous(pleat);
    const email = uniqueEmail('converted');
    const updated = await client.auth.updateUser({ email });
    assert.equal(updated.error, null);
    assert.equal(updated.data.user.new_email, email);
    assert.equal(updated.data.user.is_anonymous, true, 'still anonymous until the address is confirmed');
    const mail = await smtp.waitFor(email);
    const { code } = linkAndCode(mail);
    const verified = await client.auth.verifyOtp({ email, token: code, type: 'email_change' });
    assert.equal(verified.error, null);
    assert.equal(verified.data.user.id, user.id);
    assert.equal(verified.data.user.email, email);
    assert.equal(verified.data.user.is_anonymous, false);
    assert.ok(verified.data.user.email_confirmed_at);
    assert.deepEqual(
      verified.data.user.identities.map((i) => i.provider),
      ['email'],
    );
    assert.deepEqual(verified.data.user.app_metadata, { provider: 'email', providers: ['email'] });
    assert.equal(decodeJwt(verified.data.session.access_token).is_anonymous, false);

    assert.equal((await client.auth.updateUser({ password: PASSWORD })).error, null);
    const signIn = await authClient(pleat).auth.signInWithPassword({ email, password: PASSWORD });
    assert.equal(signIn.error, null);
    assert.equal(signIn.data.user.id, user.id);
  });

  test('an address another account has is refused', async () => {
    const taken = await createUser(pleat);
    const { client } = await anonymous(pleat);
    const { error } = await client.auth.updateUser({ email: taken.email });
    assertApiError(error, { status: 422, code: 'email_exists' });
  });

  test('with sign-ups confirmed at once the address is the account at once, without a mail', async () => {
    const { client, user } = await anonymous(autoconfirm);
    const email = uniqueEmail('instant');
    const updated = await client.auth.updateUser({ email });
    assert.equal(updated.error, null);
    assert.equal(updated.data.user.email, email);
    assert.equal(updated.data.user.is_anonymous, false);
    const refreshed = await client.auth.refreshSession();
    assert.equal(decodeJwt(refreshed.data.session.access_token).is_anonymous, false);
    assert.equal(smtp.count(email), 0);
    const recovery = await authClient(autoconfirm).auth.resetPasswordForEmail(email);
    assert.equal(recovery.error, null, 'no mail was sent, so none is counted against the address');
    await smtp.waitFor(email);
    const { rows } = await autoconfirm.sql('SELECT is_anonymous, email_confirmed_at IS NOT NULL AS confirmed FROM auth.users WHERE id = $1', [user.id]);
    assert.deepEqual(rows, [{ is_anonymous: false, confirmed: true }]);
  });

  test(`a client address makes ${LIMIT} anonymous users, then 429; another address is not held`, async () => {
    const ip = nextIp();
    for (let i = 0; i < LIMIT; i += 1) {
      const { error } = await authClient(pleat, { ip }).auth.signInAnonymously();
      assert.equal(error, null, `sign-in ${i + 1}`);
    }
    const before = (await pleat.sql('SELECT count(*)::int AS n FROM auth.users WHERE is_anonymous')).rows[0].n;
    const { error } = await authClient(pleat, { ip }).auth.signInAnonymously();
    assertApiError(error, { status: 429, code: 'over_request_rate_limit' });
    assert.equal((await pleat.sql('SELECT count(*)::int AS n FROM auth.users WHERE is_anonymous')).rows[0].n, before, 'no user made');
    assert.equal((await authClient(pleat, { ip: nextIp() }).auth.signInAnonymously()).error, null);
    const password = await authClient(pleat, { ip }).auth.signInWithPassword({ email: uniqueEmail('nobody'), password: PASSWORD });
    assertApiError(password.error, { status: 400, code: 'invalid_credentials' }, 'other endpoints keep their own budget');
  });
});

describe("the site's policies", () => {
  test('an anonymous user is authenticated but never an editor or viewer, whatever its metadata says', async () => {
    const { client, session } = await anonymous(pleat, { options: { data: { editor: true, viewer: true, role: 'service_role' } } });
    const claims = decodeJwt(session.access_token);
    assert.equal(claims.role, 'authenticated');
    assert.equal(claims.app_metadata.editor, undefined);
    for (const fn of ['is_editor', 'is_viewer', 'can_read_admin']) {
      const { data, error } = await client.rpc(fn);
      assert.equal(error, null, fn);
      assert.equal(data, false, fn);
    }
    const message = await authClient(pleat).from('contact_messages').insert({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: uniqueEmail('visitor'),
      phone: '555 0100',
      service_needed: 'Curtains',
      message: 'Hello',
    });
    assert.equal(message.error, null);
    const read = await client.from('contact_messages').select('id');
    assert.deepEqual(read.data, [], 'no inbox for anonymous users');
    const hacked = await client.from('services').update({ title: 'Hacked' }).neq('title', '').select('id');
    assert.deepEqual(hacked.data ?? [], []);
    const inserted = await client.from('services').insert({ title: 'Mine', description: 'Mine' });
    assert.equal(inserted.error?.code, '42501');
    const people = await client.rpc('site_people');
    assert.ok(people.error, 'the people with access are not listed');
  });
});
