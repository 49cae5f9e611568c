// Two-step sign-in through the real supabase-js: every `auth.mfa.*` call and
// `auth.admin.mfa.*`, with the TOTP codes an authenticator app would show
// computed here from the enrolled secret (RFC 6238, node:crypto HMAC-SHA1).
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { startPleat } from './lib/pleat.mjs';
import { assertApiError, authClient, createUser, recordEvents, signedIn } from './lib/auth.mjs';

let pleat;
let admin;
before(async () => {
  pleat = await startPleat({ env: { PLEAT_TRUSTED_PROXIES: '127.0.0.1' } });
  admin = authClient(pleat, { key: pleat.serviceKey }).auth.admin;
});
after(async () => {
  await pleat?.stop();
});

function base32Decode(text) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const out = [];
  for (const c of text.replace(/=+$/, '').toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(c);
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out.push((value >>> bits) & 255);
    }
  }
  return Buffer.from(out);
}

/** The code of `secret` for time step `step` (30 s each). */
function totpAt(secret, step) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = digest[19] & 15;
  const value = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 1_000_000).padStart(6, '0');
}

const stepNow = () => Math.floor(Date.now() / 1000 / 30);

/**
 * An authenticator app for one secret. A code is accepted once, so each
 * verification takes the next step the server still accepts (the current one
 * or, once that is used, the one after: the server allows a step of skew).
 */
function authenticator(secret) {
  let last = -1;
  return {
    code() {
      const step = Math.max(stepNow(), last + 1);
      assert.ok(step <= stepNow() + 1, 'a test verifies one factor at most twice per 30 s');
      last = step;
      return totpAt(secret, step);
    },
    wrong() {
      const now = stepNow();
      const right = new Set([-1, 0, 1, 2].map((d) => totpAt(secret, now + d)));
      for (let n = 0; ; n += 1) {
        const code = String(n).padStart(6, '0');
        if (!right.has(code)) return code;
      }
    },
  };
}

const claimsOf = (jwt) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString());

/** A user signed in with a verified TOTP factor: the aal2 client, the factor, its app. */
async function enrolledUser() {
  const user = await createUser(pleat);
  const { client } = await signedIn(pleat, user);
  const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
  assert.equal(error, null);
  const app = authenticator(data.totp.secret);
  const verified = await client.auth.mfa.challengeAndVerify({ factorId: data.id, code: app.code() });
  assert.equal(verified.error, null);
  return { user, client, factorId: data.id, app };
}

describe('auth.mfa', () => {
  test('enroll answers a secret, its key URI and a QR code; the factor is listed unverified', async () => {
    const user = await createUser(pleat);
    const { client } = await signedIn(pleat, user);
    const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Work phone', issuer: 'Pleat Interiors' });
    assert.equal(error, null);
    assert.equal(data.type, 'totp');
    assert.equal(data.friendly_name, 'Work phone');
    assert.match(data.totp.secret, /^[A-Z2-7]{32}$/);
    assert.equal(
      data.totp.uri,
      `otpauth://totp/Pleat%20Interiors:${user.email}?algorithm=SHA1&digits=6&issuer=Pleat+Interiors&period=30&secret=${data.totp.secret}`,
    );
    assert.match(data.totp.qr_code, /^data:image\/svg\+xml;utf-8,<\?xml[^#]*<svg[^#]*<\/svg>$/s);

    const listed = await client.auth.mfa.listFactors();
    assert.equal(listed.error, null);
    assert.deepEqual(listed.data.all.map((f) => [f.id, f.status, f.factor_type, f.friendly_name]), [[data.id, 'unverified', 'totp', 'Work phone']]);
    assert.deepEqual(listed.data.totp, [], 'only verified factors are listed by type');

    const aal = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    assert.equal(aal.error, null);
    assert.equal(aal.data.currentLevel, 'aal1');
    assert.equal(aal.data.nextLevel, 'aal1', 'an unverified factor does not raise the next level');
  });

  test('challenge and verify raise the session to aal2 with totp in its amr', async () => {
    const user = await createUser(pleat);
    const { client } = await signedIn(pleat, user);
    const events = recordEvents(client);
    const { data: factor } = await client.auth.mfa.enroll({ factorType: 'totp' });
    const app = authenticator(factor.totp.secret);

    const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
    assert.equal(challenge.error, null);
    assert.equal(challenge.data.type, 'totp');
    const inFiveMinutes = Date.now() / 1000 + 300;
    assert.ok(Math.abs(challenge.data.expires_at - inFiveMinutes) < 60, `expires_at ${challenge.data.expires_at}`);

    const verified = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data.id, code: app.code() });
    assert.equal(verified.error, null);
    assert.equal(claimsOf(verified.data.access_token).aal, 'aal2');
    await events.next('MFA_CHALLENGE_VERIFIED');

    const aal = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    assert.equal(aal.data.currentLevel, 'aal2');
    assert.equal(aal.data.nextLevel, 'aal2');
    assert.deepEqual(aal.data.currentAuthenticationMethods.map((m) => m.method), ['totp', 'password']);
    const { data: { session } } = await client.auth.getSession();
    const byToken = await client.auth.mfa.getAuthenticatorAssuranceLevel(session.access_token);
    assert.equal(byToken.error, null);
    assert.deepEqual(byToken.data, aal.data);

    const listed = await client.auth.mfa.listFactors();
    assert.deepEqual(listed.data.totp.map((f) => f.id), [factor.id]);

    // A refresh keeps what the session proved.
    const refreshed = await client.auth.refreshSession();
    assert.equal(refreshed.error, null);
    assert.equal(claimsOf(refreshed.data.session.access_token).aal, 'aal2');
    assert.deepEqual(claimsOf(refreshed.data.session.access_token).amr.map((m) => m.method), ['totp', 'password']);
  });

  test('a new sign-in is aal1 with aal2 next, until challengeAndVerify; a wrong or reused code is refused', async () => {
    const { user, factorId, app } = await enrolledUser();
    const { client } = await signedIn(pleat, user);
    const before = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    assert.equal(before.data.currentLevel, 'aal1');
    assert.equal(before.data.nextLevel, 'aal2');
    assert.deepEqual(before.data.currentAuthenticationMethods.map((m) => m.method), ['password']);

    const wrong = await client.auth.mfa.challengeAndVerify({ factorId, code: app.wrong() });
    assertApiError(wrong.error, { status: 422, code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' });
    const code = app.code();
    assert.equal((await client.auth.mfa.challengeAndVerify({ factorId, code })).error, null);
    assert.equal((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data.currentLevel, 'aal2');
    const reused = await client.auth.mfa.challengeAndVerify({ factorId, code });
    assertApiError(reused.error, { status: 422, code: 'mfa_verification_failed' });
  });

  test('unenroll of a verified factor needs aal2; afterwards the next level is aal1', async () => {
    const { user, client, factorId } = await enrolledUser();
    const { client: stolen } = await signedIn(pleat, user);
    const refused = await stolen.auth.mfa.unenroll({ factorId });
    assertApiError(refused.error, { status: 422, code: 'insufficient_aal', message: 'AAL2 required to unenroll verified factor' });
    const password = await stolen.auth.updateUser({ password: 'a-password-the-thief-picked' });
    assertApiError(password.error, { status: 401, code: 'insufficient_aal' });

    const { data, error } = await client.auth.mfa.unenroll({ factorId });
    assert.equal(error, null);
    assert.deepEqual(data, { id: factorId });
    assert.deepEqual((await client.auth.mfa.listFactors()).data.all, []);
    assert.equal((await client.auth.refreshSession()).error, null);
    const aal = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    assert.equal(aal.data.currentLevel, 'aal1');
    assert.equal(aal.data.nextLevel, 'aal1');
  });

  test('another user cannot challenge or remove my factor', async () => {
    const { factorId } = await enrolledUser();
    const { client: other } = await signedIn(pleat, await createUser(pleat));
    const NOT_FOUND = { status: 404, code: 'mfa_factor_not_found', message: 'Factor not found' };
    assertApiError((await other.auth.mfa.challenge({ factorId })).error, NOT_FOUND, 'challenge');
    assertApiError((await other.auth.mfa.unenroll({ factorId })).error, NOT_FOUND, 'unenroll');
  });
});

describe('auth.admin.mfa', () => {
  test('listFactors shows the user\'s factors and deleteFactor removes one, ending aal2', async () => {
    const { user, client, factorId } = await enrolledUser();
    const listed = await admin.mfa.listFactors({ userId: user.id });
    assert.equal(listed.error, null);
    assert.deepEqual(listed.data.factors.map((f) => [f.id, f.status, f.factor_type]), [[factorId, 'verified', 'totp']]);

    const deleted = await admin.mfa.deleteFactor({ userId: user.id, id: factorId });
    assert.equal(deleted.error, null);
    // supabase-js 2.109 wraps the deleted factor once more: { data: { data: factor, error: null } }.
    assert.equal(deleted.data.data.id, factorId);
    assert.deepEqual((await admin.mfa.listFactors({ userId: user.id })).data, { factors: [] });

    const refreshed = await client.auth.refreshSession();
    assert.equal(refreshed.error, null);
    assert.equal(claimsOf(refreshed.data.session.access_token).aal, 'aal1');
  });
});
