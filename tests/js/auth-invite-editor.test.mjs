// Pleat's extension to `POST /auth/v1/invite`: besides service_role, a
// signed-in editor (stored `app_metadata.editor` true) may invite, so the
// site's admin can bring in a colleague from the browser. A non-editor and
// anon are refused with GoTrue's 403 `not_admin`; the invitee is an editor.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPleat } from './lib/pleat.mjs';
import { startSmtp, linkAndCode } from './lib/smtp.mjs';
import { PASSWORD, authClient, createUser, signedIn, uniqueEmail } from './lib/auth.mjs';

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

async function invite(bearer, email) {
  const res = await fetch(`${pleat.url}/auth/v1/invite`, {
    method: 'POST',
    headers: { apikey: pleat.anonKey, Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  return { status: res.status, body: await res.json() };
}

async function tokenOf(user) {
  const { session } = await signedIn(pleat, user);
  return session.access_token;
}

test('a signed-in editor invites; the colleague verifies, is an editor and sets a password', async () => {
  const owner = await createUser(pleat);
  const email = uniqueEmail('colleague');
  const { status, body } = await invite(await tokenOf(owner), email);
  assert.equal(status, 200, JSON.stringify(body));
  assert.equal(body.email, email);
  assert.ok(body.invited_at);
  const { code } = linkAndCode(await smtp.waitFor(email, () => true, 60000));
  const client = authClient(pleat);
  const verified = await client.auth.verifyOtp({ email, token: code, type: 'invite' });
  assert.equal(verified.error, null);
  assert.equal(verified.data.user.app_metadata.editor, true);
  assert.equal((await client.auth.updateUser({ password: PASSWORD })).error, null);
  assert.equal((await authClient(pleat).auth.signInWithPassword({ email, password: PASSWORD })).error, null);
});

test('a signed-in non-editor and anon are refused with 403 not_admin, and no account is made', async () => {
  const plain = await createUser(pleat, { app_metadata: { editor: false } });
  const email = uniqueEmail('nobody');
  for (const bearer of [await tokenOf(plain), pleat.anonKey]) {
    const { status, body } = await invite(bearer, email);
    assert.equal(status, 403, JSON.stringify(body));
    assert.equal(body.error_code, 'not_admin');
    assert.equal(body.code, 403);
  }
  const listed = await authClient(pleat, { key: pleat.serviceKey }).auth.admin.listUsers();
  assert.ok(!listed.data.users.some((u) => u.email === email));
});
