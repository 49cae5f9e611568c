// Email confirmation (PLEAT_MAILER_AUTOCONFIRM=false) and PKCE for mailed
// links, through the real supabase-js against the real pleat and a real SMTP
// server: sign-up answers no session and mails a link and a code, password
// sign-in is refused until the address is confirmed, confirmation by link, by
// code and after resend; `flowType: 'pkce'` links redirect with ?code= for
// exchangeCodeForSession (sign-up, recovery, magic link, email change), a
// wrong verifier and a used code are refused.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { startPleat } from './lib/pleat.mjs';
import { startSmtp, linkAndCode } from './lib/smtp.mjs';
import { PASSWORD, assertApiError, authClient, createUser, memoryStorage, nextIp, recordEvents, tokenRequest, uniqueEmail } from './lib/auth.mjs';

const NOT_CONFIRMED = { status: 400, code: 'email_not_confirmed', message: 'Email not confirmed' };
const EXPIRED = { status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' };

let smtp;
let pleat;
before(async () => {
  smtp = await startSmtp();
  pleat = await startPleat({
    env: {
      PLEAT_TRUSTED_PROXIES: '127.0.0.1',
      PLEAT_SMTP_URL: smtp.url,
      PLEAT_DISABLE_SIGNUP: 'false',
      PLEAT_MAILER_AUTOCONFIRM: 'false',
      // Resend right after sign-up; the per-address pause has its own tests.
      PLEAT_SMTP_MAX_FREQUENCY: '10ms',
    },
  });
});
after(async () => {
  await pleat?.stop();
  await smtp?.stop();
});

const follow = (link) => fetch(link, { redirect: 'manual' });
const locationOf = (res) => new URL(res.headers.get('location'));
const fragmentOf = (res) => new URLSearchParams(locationOf(res).hash.slice(1));

/** A browser-like client in the PKCE flow, the verifier kept in its storage. */
function pkceClient() {
  return createClient(pleat.url, pleat.anonKey, {
    auth: { flowType: 'pkce', persistSession: true, storage: memoryStorage(), autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { 'X-Forwarded-For': nextIp() } },
  });
}

/** Sign up `email` unconfirmed; answers supabase-js's data. */
async function signUp(client, email) {
  const { data, error } = await client.auth.signUp({ email, password: PASSWORD, options: { data: { name: 'Ann' } } });
  assert.equal(error, null);
  return data;
}

describe('GET /auth/v1/settings', () => {
  test('says mailer_autoconfirm: false', async () => {
    const settings = await (await fetch(`${pleat.url}/auth/v1/settings`, { headers: { apikey: pleat.anonKey } })).json();
    assert.equal(settings.mailer_autoconfirm, false);
    assert.equal(settings.disable_signup, false);
  });
});

describe('sign-up with confirmation', () => {
  test('answers the user without a session, and the password is refused until the code confirms', async () => {
    const email = uniqueEmail('confirm-code');
    const client = authClient(pleat);
    const data = await signUp(client, email);
    assert.equal(data.session, null);
    assert.equal(data.user.email, email);
    assert.equal(data.user.email_confirmed_at, undefined);
    assert.ok(data.user.confirmation_sent_at);
    assert.equal(data.user.user_metadata.email_verified, false);
    assert.equal((await client.auth.getSession()).data.session, null);

    const refused = await authClient(pleat).auth.signInWithPassword({ email, password: PASSWORD });
    assertApiError(refused.error, NOT_CONFIRMED);

    const mail = await smtp.waitFor(email);
    assert.match(mail.subject, /Confirm/i);
    const { link, code } = linkAndCode(mail);
    assert.equal(new URL(link).searchParams.get('type'), 'signup');
    assert.match(code, /^\d{6}$/);
    const verified = await client.auth.verifyOtp({ email, token: code, type: 'signup' });
    assert.equal(verified.error, null);
    assert.equal(verified.data.user.email, email);
    assert.ok(verified.data.user.email_confirmed_at);
    assert.equal(verified.data.user.user_metadata.email_verified, true);

    const signIn = await authClient(pleat).auth.signInWithPassword({ email, password: PASSWORD });
    assert.equal(signIn.error, null);
    assert.equal(signIn.data.user.user_metadata.name, 'Ann');
  });

  test('the link confirms and signs in once; the code of type email works as well', async () => {
    const email = uniqueEmail('confirm-link');
    await signUp(authClient(pleat), email);
    const { link } = linkAndCode(await smtp.waitFor(email));
    const res = await follow(link);
    assert.equal(res.status, 303);
    const fragment = fragmentOf(res);
    assert.equal(fragment.get('type'), 'signup');
    const client = authClient(pleat);
    const session = await client.auth.setSession({ access_token: fragment.get('access_token'), refresh_token: fragment.get('refresh_token') });
    assert.equal(session.error, null);
    assert.ok(session.data.user.email_confirmed_at);
    assert.equal(fragmentOf(await follow(link)).get('error_code'), 'otp_expired', 'a link works once');

    const other = uniqueEmail('confirm-email-type');
    await signUp(authClient(pleat), other);
    const { code } = linkAndCode(await smtp.waitFor(other));
    const verified = await authClient(pleat).auth.verifyOtp({ email: other, token: code, type: 'email' });
    assert.equal(verified.error, null);
    assert.ok(verified.data.user.email_confirmed_at);
  });

  test('resend mails a new code and the first one stops working', async () => {
    const email = uniqueEmail('confirm-resend');
    await signUp(authClient(pleat), email);
    const first = linkAndCode(await smtp.waitFor(email));
    const resent = await authClient(pleat).auth.resend({ type: 'signup', email });
    assert.equal(resent.error, null);
    const second = linkAndCode(await smtp.waitFor(email));
    assert.notEqual(second.link, first.link);
    const old = await authClient(pleat).auth.verifyOtp({ email, token: first.code, type: 'signup' });
    if (first.code !== second.code) assertApiError(old.error, EXPIRED, 'the replaced code');
    const { error } = await authClient(pleat).auth.verifyOtp({ email, token: second.code, type: 'signup' });
    assert.equal(error, null);
  });

  test('signing up again: an unconfirmed address gets the mail again with its password unchanged, a confirmed one a made-up user', async () => {
    const email = uniqueEmail('confirm-again');
    const first = await signUp(authClient(pleat), email);
    await smtp.waitFor(email);
    const again = await authClient(pleat).auth.signUp({ email, password: 'another-password-123' });
    assert.equal(again.error, null);
    assert.equal(again.data.user.id, first.user.id);
    const { code } = linkAndCode(await smtp.waitFor(email));
    assert.equal((await authClient(pleat).auth.verifyOtp({ email, token: code, type: 'signup' })).error, null);
    const wrong = await authClient(pleat).auth.signInWithPassword({ email, password: 'another-password-123' });
    assertApiError(wrong.error, { status: 400, code: 'invalid_credentials' }, 'the claim to the address was unproven');

    const before = smtp.count(email);
    const taken = await authClient(pleat).auth.signUp({ email, password: PASSWORD });
    assert.equal(taken.error, null);
    assert.equal(taken.data.session, null);
    assert.notEqual(taken.data.user.id, first.user.id, 'nothing tells the address has an account');
    assert.deepEqual(taken.data.user.identities, []);
    const confirmedUser = await createUser(pleat);
    assert.equal((await authClient(pleat).auth.signUp({ email: confirmedUser.email, password: PASSWORD })).error, null);
    assert.equal(smtp.count(email), before, 'no mail to a confirmed address');
  });
});

describe('PKCE for mailed links', () => {
  test('sign-up: the link redirects with ?code=, exchangeCodeForSession signs in once', async () => {
    const email = uniqueEmail('pkce-signup');
    const client = pkceClient();
    const data = await signUp(client, email);
    assert.equal(data.session, null);
    const { link, code: otp } = linkAndCode(await smtp.waitFor(email));
    assert.match(new URL(link).searchParams.get('token'), /^pkce_[0-9a-f]{56}$/);
    assert.match(otp, /^\d{6}$/);
    const res = await follow(link);
    assert.equal(res.status, 303);
    const target = locationOf(res);
    assert.equal(target.hash, '', 'no session in the fragment');
    const code = target.searchParams.get('code');
    assert.match(code, /^[0-9a-f-]{36}$/);
    const rows = await pleat.sql('SELECT auth_code_hash FROM auth.flow_state WHERE user_id = $1', [data.user.id]);
    assert.equal(rows.rows.length, 1);
    assert.notEqual(rows.rows[0].auth_code_hash.toString('hex'), Buffer.from(code).toString('hex'), 'only a hash is stored');

    const exchanged = await client.auth.exchangeCodeForSession(code);
    assert.equal(exchanged.error, null);
    assert.equal(exchanged.data.user.email, email);
    assert.ok(exchanged.data.user.email_confirmed_at);
    assert.equal((await client.auth.getUser()).data.user.id, data.user.id);

    const twice = await tokenRequest(pleat, 'pkce', { auth_code: code, code_verifier: 'x'.repeat(43) });
    assert.equal(twice.status, 404);
    assert.equal(twice.body.code, 'flow_state_not_found');
    assert.equal((await pleat.sql('SELECT count(*)::int AS n FROM auth.flow_state WHERE user_id = $1', [data.user.id])).rows[0].n, 0);
  });

  test('a wrong verifier is refused; the right one still exchanges', async () => {
    const email = uniqueEmail('pkce-verifier');
    const client = pkceClient();
    await signUp(client, email);
    const { link } = linkAndCode(await smtp.waitFor(email));
    const code = locationOf(await follow(link)).searchParams.get('code');
    const wrong = await tokenRequest(pleat, 'pkce', { auth_code: code, code_verifier: 'not-the-verifier-'.repeat(3) });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.code, 'bad_code_verifier');
    const someoneElse = await pkceClient().auth.exchangeCodeForSession(code);
    assert.ok(someoneElse.error, 'a browser without the verifier cannot use the code');
    const { error } = await client.auth.exchangeCodeForSession(code);
    assert.equal(error, null);
  });

  test('an expired code is refused', async () => {
    const email = uniqueEmail('pkce-expired');
    const client = pkceClient();
    const data = await signUp(client, email);
    const { link } = linkAndCode(await smtp.waitFor(email));
    const code = locationOf(await follow(link)).searchParams.get('code');
    await pleat.sql(`UPDATE auth.flow_state SET auth_code_issued_at = now() - interval '10 minutes' WHERE user_id = $1`, [data.user.id]);
    const { error } = await client.auth.exchangeCodeForSession(code);
    assertApiError(error, { status: 422, code: 'flow_state_expired', message: 'invalid flow state, flow state has expired' });
  });

  test('resend in the PKCE flow: the new link exchanges with the verifier of the resend', async () => {
    const email = uniqueEmail('pkce-resend');
    const client = pkceClient();
    await signUp(client, email);
    await smtp.waitFor(email);
    assert.equal((await client.auth.resend({ type: 'signup', email })).error, null);
    const { link } = linkAndCode(await smtp.waitFor(email));
    assert.ok(new URL(link).searchParams.get('token').startsWith('pkce_'));
    const { data, error } = await client.auth.exchangeCodeForSession(locationOf(await follow(link)).searchParams.get('code'));
    assert.equal(error, null);
    assert.ok(data.user.email_confirmed_at);
  });

  test('the code in a PKCE mail works with verifyOtp as well', async () => {
    const email = uniqueEmail('pkce-otp');
    await signUp(pkceClient(), email);
    const { code } = linkAndCode(await smtp.waitFor(email));
    const { data, error } = await authClient(pleat).auth.verifyOtp({ email, token: code, type: 'signup' });
    assert.equal(error, null);
    assert.ok(data.session.access_token);
  });

  test('recovery: the exchange emits PASSWORD_RECOVERY and the new password works', async () => {
    const user = await createUser(pleat);
    const client = pkceClient();
    assert.equal((await client.auth.resetPasswordForEmail(user.email, { redirectTo: `${pleat.url}/admin` })).error, null);
    const { link } = linkAndCode(await smtp.waitFor(user.email));
    assert.ok(new URL(link).searchParams.get('token').startsWith('pkce_'));
    const target = locationOf(await follow(link));
    assert.equal(`${target.origin}${target.pathname}`, `${pleat.url}/admin`);
    const events = recordEvents(client);
    const { error } = await client.auth.exchangeCodeForSession(target.searchParams.get('code'));
    assert.equal(error, null);
    await events.next('PASSWORD_RECOVERY');
    assert.equal((await client.auth.updateUser({ password: 'recovered-password-1' })).error, null);
    const again = await authClient(pleat).auth.signInWithPassword({ email: user.email, password: 'recovered-password-1' });
    assert.equal(again.error, null);
  });

  test('magic link: signInWithOtp in the PKCE flow signs in through the exchange', async () => {
    const user = await createUser(pleat);
    const client = pkceClient();
    assert.equal((await client.auth.signInWithOtp({ email: user.email, options: { shouldCreateUser: false } })).error, null);
    const { link } = linkAndCode(await smtp.waitFor(user.email));
    assert.equal(new URL(link).searchParams.get('type'), 'magiclink');
    const code = locationOf(await follow(link)).searchParams.get('code');
    const { data, error } = await client.auth.exchangeCodeForSession(code);
    assert.equal(error, null);
    assert.equal(data.user.id, user.id);
  });

  test('email change: both links, the second redirects with the code', async () => {
    // supabase-js drops its verifier when updateUser saves the session, so
    // the request carries a challenge made here, as a server-side app would.
    const user = await createUser(pleat);
    const { session } = (await authClient(pleat).auth.signInWithPassword({ email: user.email, password: user.password })).data;
    const verifier = randomBytes(48).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const newEmail = uniqueEmail('pkce-new');
    const res = await fetch(`${pleat.url}/auth/v1/user`, {
      method: 'PUT',
      headers: { apikey: pleat.anonKey, Authorization: `Bearer ${session.access_token}`, 'Content-Type': 'application/json', 'X-Forwarded-For': nextIp() },
      body: JSON.stringify({ email: newEmail, code_challenge: challenge, code_challenge_method: 's256' }),
    });
    assert.equal(res.status, 200);
    const toCurrent = linkAndCode(await smtp.waitFor(user.email));
    const toNew = linkAndCode(await smtp.waitFor(newEmail));
    assert.ok(new URL(toNew.link).searchParams.get('token').startsWith('pkce_'));
    const first = locationOf(await follow(toCurrent.link));
    assert.match(first.searchParams.get('message'), /Confirmation link accepted/);
    const code = locationOf(await follow(toNew.link)).searchParams.get('code');
    const exchanged = await tokenRequest(pleat, 'pkce', { auth_code: code, code_verifier: verifier });
    assert.equal(exchanged.status, 200, JSON.stringify(exchanged.body));
    assert.equal(exchanged.body.user.email, newEmail);
    assert.equal(exchanged.body.user.id, user.id);
  });

  test('a bad challenge is refused with GoTrue\'s 400s', async () => {
    const cases = [
      [{ code_challenge: 'short', code_challenge_method: 's256' }, 'code challenge has to be between 43 and 128 characters'],
      [{ code_challenge: 'a'.repeat(43) }, 'PKCE flow requires code_challenge_method and code_challenge'],
      [{ code_challenge: 'a'.repeat(43), code_challenge_method: 'md5' }, 'unsupported code_challenge method "md5"'],
    ];
    for (const [extra, message] of cases) {
      const res = await fetch(`${pleat.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: pleat.anonKey, 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01', 'X-Forwarded-For': nextIp() },
        body: JSON.stringify({ email: uniqueEmail('bad-challenge'), password: PASSWORD, ...extra }),
      });
      const body = await res.json();
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(body.code, 'validation_failed');
      assert.equal(body.message, message);
    }
  });

  test('a followed PKCE link with no flow left redirects with the error in the query', async () => {
    const email = uniqueEmail('pkce-noflow');
    const data = await signUp(pkceClient(), email);
    const { link } = linkAndCode(await smtp.waitFor(email));
    await pleat.sql('DELETE FROM auth.flow_state WHERE user_id = $1', [data.user.id]);
    const target = locationOf(await follow(link));
    assert.equal(target.searchParams.get('error_code'), 'flow_state_not_found');
    assert.equal(new URLSearchParams(target.hash.slice(1)).get('error_code'), 'flow_state_not_found');
    const refused = await authClient(pleat).auth.signInWithPassword({ email, password: PASSWORD });
    assertApiError(refused.error, NOT_CONFIRMED, 'nothing was confirmed');
  });
});
