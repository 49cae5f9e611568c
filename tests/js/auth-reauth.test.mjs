// reauthenticate() and secure password change through the real supabase-js:
// the nonce arrives by mail (a real SMTP server, tests/js/lib/smtp.mjs), a
// session older than a day needs it to change the password (the session row
// is aged in the database, as a day would), a recent one does not.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startPleat } from './lib/pleat.mjs';
import { startSmtp } from './lib/smtp.mjs';
import { assertApiError, authClient, createUser, signedIn } from './lib/auth.mjs';

let smtp;
let pleat;
before(async () => {
  smtp = await startSmtp();
  pleat = await startPleat({ env: { PLEAT_TRUSTED_PROXIES: '127.0.0.1', PLEAT_SMTP_URL: smtp.url } });
});
after(async () => {
  await pleat?.stop();
  await smtp?.stop();
});

const claimsOf = (jwt) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString());

/** Make the client's session look signed in 25 hours ago. */
async function age(client) {
  const { data: { session } } = await client.auth.getSession();
  await pleat.sql(`UPDATE auth.sessions SET created_at = now() - interval '25 hours' WHERE id = $1`, [
    claimsOf(session.access_token).session_id,
  ]);
}

const nonceOf = (mail) => mail.text.match(/code: (\d{6})/)?.[1];

describe('secure password change', () => {
  test('an old session changes the password with the nonce reauthenticate() mailed', async () => {
    const user = await createUser(pleat);
    const { client } = await signedIn(pleat, user);
    await age(client);

    const without = await client.auth.updateUser({ password: 'a-brand-new-password' });
    assertApiError(without.error, { status: 400, code: 'reauthentication_needed', message: 'Password update requires reauthentication' });

    const { data, error } = await client.auth.reauthenticate();
    assert.equal(error, null);
    assert.deepEqual(data, { user: null, session: null });
    const mail = await smtp.waitFor(user.email);
    assert.match(mail.subject, /confirmation code/);
    const nonce = nonceOf(mail);
    assert.match(nonce, /^\d{6}$/);

    const wrong = await client.auth.updateUser({ password: 'a-brand-new-password', nonce: nonce === '000000' ? '000001' : '000000' });
    assertApiError(wrong.error, { status: 422, code: 'reauthentication_not_valid', message: 'Nonce has expired or is invalid' });

    const changed = await client.auth.updateUser({ password: 'a-brand-new-password', nonce });
    assert.equal(changed.error, null);
    const again = await authClient(pleat).auth.signInWithPassword({ email: user.email, password: 'a-brand-new-password' });
    assert.equal(again.error, null);

    const reused = await client.auth.updateUser({ password: 'yet-another-password', nonce });
    assertApiError(reused.error, { status: 422, code: 'reauthentication_not_valid' });
  });

  test('a session from today changes the password without a nonce', async () => {
    const user = await createUser(pleat);
    const { client } = await signedIn(pleat, user);
    assert.equal((await client.auth.updateUser({ password: 'a-brand-new-password' })).error, null);
  });

  test('reauthenticate is limited like every mail', async () => {
    const user = await createUser(pleat);
    const { client } = await signedIn(pleat, user);
    assert.equal((await client.auth.reauthenticate()).error, null);
    await smtp.waitFor(user.email);
    assertApiError((await client.auth.reauthenticate()).error, { status: 429, code: 'over_email_send_rate_limit' });
  });
});
