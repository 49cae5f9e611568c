// The auth mail flows through the real supabase-js against the real pleat,
// with a real SMTP server (tests/js/lib/smtp.mjs) receiving what the outbox
// worker sends: recovery, magic link, invite, email change, resend,
// generateLink; expired, reused and foreign-redirect links; the send limit;
// no enumeration; and the site's enquiry mail from an anonymous insert.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPleat } from './lib/pleat.mjs';
import { startSmtp, linkAndCode } from './lib/smtp.mjs';
import { PASSWORD, assertApiError, authClient, createUser, recordEvents, sleep, uniqueEmail } from './lib/auth.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const EXPIRED = { status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' };

let smtp;
let pleat;
let admin;
before(async () => {
  smtp = await startSmtp();
  pleat = await startPleat({
    env: {
      PLEAT_TRUSTED_PROXIES: '127.0.0.1',
      PLEAT_SMTP_URL: smtp.url,
      PLEAT_MAIL_TEMPLATES_DIR: path.join(ROOT, 'frontend/public/_pleat/mail'),
    },
  });
  admin = authClient(pleat, { key: pleat.serviceKey }).auth.admin;
});
after(async () => {
  await pleat?.stop();
  await smtp?.stop();
});

const tokenOf = (link) => new URL(link).searchParams.get('token');
const follow = (link) => fetch(link, { redirect: 'manual' });
const fragmentOf = (res) => new URLSearchParams(new URL(res.headers.get('location')).hash.slice(1));

const settingsOf = async (server) => (await fetch(`${server.url}/auth/v1/settings`, { headers: { apikey: server.anonKey } })).json();

describe('GET /auth/v1/settings', () => {
  test('says smtp_configured: true beside what GoTrue serves, when mail leaves the server', async () => {
    const settings = await settingsOf(pleat);
    assert.equal(settings.smtp_configured, true);
    assert.equal(settings.external.email, true);
    assert.equal(settings.mailer_autoconfirm, true);
  });
});

describe('password recovery', () => {
  test('the code from the mail signs in with PASSWORD_RECOVERY, then a new password works', async () => {
    const user = await createUser(pleat);
    const client = authClient(pleat);
    const { data, error } = await client.auth.resetPasswordForEmail(user.email);
    assert.equal(error, null);
    assert.deepEqual(data, {});
    const mail = await smtp.waitFor(user.email);
    assert.match(mail.subject, /Reset your password/);
    assert.match(mail.html, /Pleat Interiors/, 'the site title from site_settings');
    const { code } = linkAndCode(mail);
    assert.match(code, /^\d{6}$/);
    const events = recordEvents(client);
    const verified = await client.auth.verifyOtp({ email: user.email, token: code, type: 'recovery' });
    assert.equal(verified.error, null);
    assert.equal(verified.data.user.email, user.email);
    assert.ok(verified.data.user.recovery_sent_at, 'when the recovery mail went out, as GoTrue records it');
    await events.next('PASSWORD_RECOVERY');
    const updated = await client.auth.updateUser({ password: 'a-brand-new-password' });
    assert.equal(updated.error, null);
    await events.next('USER_UPDATED');
    const again = await authClient(pleat).auth.signInWithPassword({ email: user.email, password: 'a-brand-new-password' });
    assert.equal(again.error, null);
  });

  test('the link redirects with the session in the fragment, once', async () => {
    const user = await createUser(pleat);
    await authClient(pleat).auth.resetPasswordForEmail(user.email, { redirectTo: `${pleat.url}/admin` });
    const { link } = linkAndCode(await smtp.waitFor(user.email));
    const res = await follow(link);
    assert.equal(res.status, 303);
    const location = res.headers.get('location');
    assert.ok(location.startsWith(`${pleat.url}/admin#`), location);
    const fragment = fragmentOf(res);
    assert.equal(fragment.get('type'), 'recovery');
    assert.equal(fragment.get('token_type'), 'bearer');
    const client = authClient(pleat);
    const session = await client.auth.setSession({ access_token: fragment.get('access_token'), refresh_token: fragment.get('refresh_token') });
    assert.equal(session.error, null);
    assert.equal(session.data.user.email, user.email);

    const reused = fragmentOf(await follow(link));
    assert.equal(reused.get('error'), 'access_denied');
    assert.equal(reused.get('error_code'), 'otp_expired');
    assert.equal(reused.get('error_description'), 'Email link is invalid or has expired');
    const byHash = await authClient(pleat).auth.verifyOtp({ token_hash: tokenOf(link), type: 'recovery' });
    assertApiError(byHash.error, EXPIRED, 'a used token');
  });

  test('an expired token is refused', async () => {
    const user = await createUser(pleat);
    await authClient(pleat).auth.resetPasswordForEmail(user.email);
    const { link } = linkAndCode(await smtp.waitFor(user.email));
    await pleat.sql(`UPDATE auth.one_time_tokens SET created_at = now() - interval '2 hours' WHERE user_id = $1`, [user.id]);
    const { error } = await authClient(pleat).auth.verifyOtp({ token_hash: tokenOf(link), type: 'recovery' });
    assertApiError(error, EXPIRED);
  });

  test('a redirect_to outside PLEAT_REDIRECT_URLS falls back to the site URL', async () => {
    const user = await createUser(pleat);
    await authClient(pleat).auth.resetPasswordForEmail(user.email, { redirectTo: 'https://evil.example/steal' });
    const { link } = linkAndCode(await smtp.waitFor(user.email));
    assert.equal(new URL(link).searchParams.get('redirect_to'), pleat.url);
    const forged = new URL(link);
    forged.searchParams.set('redirect_to', 'https://evil.example/steal');
    const res = await follow(forged.toString());
    assert.ok(res.headers.get('location').startsWith(`${pleat.url}#access_token=`), res.headers.get('location'));
  });

  test('an unknown address gets the same answer and no mail', async () => {
    const nobody = uniqueEmail('nobody');
    const known = await createUser(pleat);
    const a = await authClient(pleat).auth.resetPasswordForEmail(nobody);
    const b = await authClient(pleat).auth.resetPasswordForEmail(known.email);
    assert.deepEqual(a, b);
    await smtp.waitFor(known.email);
    await sleep(1000);
    assert.equal(smtp.count(nobody), 0);
  });

  test('a second mail to one address within a minute is refused with 429', async () => {
    const user = await createUser(pleat);
    assert.equal((await authClient(pleat).auth.resetPasswordForEmail(user.email)).error, null);
    const { error } = await authClient(pleat).auth.resetPasswordForEmail(user.email);
    assertApiError(error, { status: 429, code: 'over_email_send_rate_limit', message: /only request this after \d+ seconds/ });
    const unknown = uniqueEmail('limited');
    await authClient(pleat).auth.resetPasswordForEmail(unknown);
    const second = await authClient(pleat).auth.resetPasswordForEmail(unknown);
    assertApiError(second.error, { status: 429, code: 'over_email_send_rate_limit' }, 'unknown addresses alike');
  });
});

describe('magic link', () => {
  test('signInWithOtp mails a link that signs in', async () => {
    const user = await createUser(pleat);
    const client = authClient(pleat);
    const { error } = await client.auth.signInWithOtp({ email: user.email });
    assert.equal(error, null);
    const mail = await smtp.waitFor(user.email);
    assert.match(mail.subject, /sign-in link/);
    const events = recordEvents(client);
    const verified = await client.auth.verifyOtp({ token_hash: tokenOf(linkAndCode(mail).link), type: 'magiclink' });
    assert.equal(verified.error, null);
    assert.equal(verified.data.session.user.email, user.email);
    await events.next('SIGNED_IN');
  });

  test('creates no user while signup is disabled', async () => {
    const email = uniqueEmail('stranger');
    const { error } = await authClient(pleat).auth.signInWithOtp({ email });
    assertApiError(error, { status: 422, code: 'signup_disabled' });
    const off = await authClient(pleat).auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    assertApiError(off.error, { status: 422, code: 'otp_disabled' });
    const { rows } = await pleat.sql('SELECT count(*)::int AS n FROM auth.users WHERE email = $1', [email]);
    assert.equal(rows[0].n, 0);
  });
});

describe('invites', () => {
  test('inviteUserByEmail → mail → verified → sets a password → signs in', async () => {
    const email = uniqueEmail('colleague');
    const { data, error } = await admin.inviteUserByEmail(email, { data: { name: 'Col' } });
    assert.equal(error, null);
    assert.equal(data.user.email, email);
    assert.ok(data.user.invited_at);
    assert.equal(data.user.email_confirmed_at, undefined);
    const { link, code } = linkAndCode(await smtp.waitFor(email));
    assert.ok(link && code);
    const client = authClient(pleat);
    const verified = await client.auth.verifyOtp({ email, token: code, type: 'invite' });
    assert.equal(verified.error, null);
    assert.ok(verified.data.user.email_confirmed_at);
    assert.equal(verified.data.user.app_metadata.editor, true, 'invited by an administrator: an editor');
    assert.equal((await client.auth.updateUser({ password: PASSWORD })).error, null);
    const signIn = await authClient(pleat).auth.signInWithPassword({ email, password: PASSWORD });
    assert.equal(signIn.error, null);
  });
});

describe('email change', () => {
  test('both addresses confirm; then the new one is the account email', async () => {
    const user = await createUser(pleat);
    const client = authClient(pleat);
    assert.equal((await client.auth.signInWithPassword({ email: user.email, password: user.password })).error, null);
    const newEmail = uniqueEmail('moved');
    const { data, error } = await client.auth.updateUser({ email: newEmail });
    assert.equal(error, null);
    assert.equal(data.user.new_email, newEmail);
    assert.equal(data.user.email, user.email);
    const toOld = await smtp.waitFor(user.email);
    const toNew = await smtp.waitFor(newEmail);
    const first = await authClient(pleat).auth.verifyOtp({ token_hash: tokenOf(linkAndCode(toOld).link), type: 'email_change' });
    assert.equal(first.error, null);
    assert.equal(first.data.session, null, 'one half confirms nothing yet');
    const events = recordEvents(client);
    const second = await client.auth.verifyOtp({ email: newEmail, token: linkAndCode(toNew).code, type: 'email_change' });
    assert.equal(second.error, null);
    assert.equal(second.data.user.email, newEmail);
    await events.next('SIGNED_IN');
    const signIn = await authClient(pleat).auth.signInWithPassword({ email: newEmail, password: user.password });
    assert.equal(signIn.error, null);
  });
});

describe('generateLink and resend', () => {
  test('generateLink answers the link, the code and the hashed token', async () => {
    const user = await createUser(pleat);
    const { data, error } = await admin.generateLink({ type: 'recovery', email: user.email, options: { redirectTo: `${pleat.url}/admin` } });
    assert.equal(error, null);
    const p = data.properties;
    assert.equal(p.verification_type, 'recovery');
    assert.equal(p.redirect_to, `${pleat.url}/admin`);
    assert.match(p.email_otp, /^\d{6}$/);
    assert.equal(tokenOf(p.action_link), p.hashed_token);
    assert.equal(data.user.email, user.email);
    const verified = await authClient(pleat).auth.verifyOtp({ email: user.email, token: p.email_otp, type: 'recovery' });
    assert.equal(verified.error, null);
  });

  test('a signup link makes an unconfirmed user; resend mails its confirmation', async () => {
    const email = uniqueEmail('signup');
    const { data, error } = await admin.generateLink({ type: 'signup', email, password: PASSWORD });
    assert.equal(error, null);
    assert.equal(data.properties.verification_type, 'signup');
    const refused = await authClient(pleat).auth.signInWithPassword({ email, password: PASSWORD });
    assertApiError(refused.error, { status: 400, code: 'email_not_confirmed' });
    assert.equal((await authClient(pleat).auth.resend({ type: 'signup', email })).error, null);
    const { code } = linkAndCode(await smtp.waitFor(email));
    const verified = await authClient(pleat).auth.verifyOtp({ email, token: code, type: 'signup' });
    assert.equal(verified.error, null);
    const signIn = await authClient(pleat).auth.signInWithPassword({ email, password: PASSWORD });
    assert.equal(signIn.error, null);
  });
});

describe("the site's enquiry mail", () => {
  test('an anonymous contact form insert mails the owner with Reply-To and escaped content', async () => {
    const owner = uniqueEmail('owner');
    await pleat.sql('UPDATE public.notification_settings SET notification_email = $1', [owner]);
    const visitor = uniqueEmail('visitor');
    const anon = authClient(pleat);
    const { error } = await anon.from('contact_messages').insert({
      first_name: 'Ada<script>',
      last_name: 'Lovelace',
      email: visitor,
      phone: '555 0100',
      service_needed: 'Curtains',
      message: 'Hello <b>there</b> & <img src=x onerror=alert(1)>',
    });
    assert.equal(error, null);
    const mail = await smtp.waitFor(owner);
    assert.equal(mail.replyTo, visitor);
    assert.match(mail.subject, /New enquiry from Ada<script> Lovelace \(Curtains\)/);
    assert.match(mail.text, /Hello <b>there<\/b> & <img src=x onerror=alert\(1\)>/, 'plain text keeps what was typed');
    assert.ok(!mail.html.includes('<img src=x'), 'no markup from the visitor in the HTML part');
    assert.ok(!mail.html.includes('Ada<script>'));
    assert.match(mail.html, /Hello &lt;b&gt;there&lt;/);
    const html = mail.html.replaceAll('&#x2f;', '/').replaceAll('&#x3d;', '=').replaceAll('&#x3f;', '?');
    const { rows } = await pleat.sql(`SELECT id FROM contact_messages WHERE email = $1`, [visitor]);
    assert.ok(html.includes(`href="${pleat.url}/admin?message=${rows[0].id}"`), 'a link to the message in the admin');
    assert.match(mail.text, /555 0100/);
  });
});
