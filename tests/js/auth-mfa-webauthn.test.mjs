// WebAuthn as a second factor through supabase-js 2.109's `mfa.webauthn`
// helpers and `mfa.challenge` / `mfa.verify`, with the software
// authenticator: enrol (create), raise a password session to aal2 (request),
// and the refusals: a reused challenge, a replayed assertion, another
// origin, a credential response of the wrong kind.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { startPleat } from './lib/pleat.mjs';
import { assertApiError, createUser, decodeJwt } from './lib/auth.mjs';
import { SoftAuthenticator, installBrowser } from './lib/soft-authenticator.mjs';

let pleat;
let browser;
let origin;
before(async () => {
  pleat = await startPleat();
  origin = new URL(pleat.url).origin;
  browser = installBrowser(new SoftAuthenticator({ origin }));
});
after(() => {
  browser?.restore();
  return pleat?.stop();
});

function client() {
  return createClient(pleat.url, pleat.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, storageKey: `sb-${randomUUID()}` },
  });
}

async function signIn(user) {
  const supabase = client();
  const { error } = await supabase.auth.signInWithPassword({ email: user.email, password: user.password });
  assert.equal(error, null);
  return supabase;
}

/** A user with a verified WebAuthn factor on `device`; returns { user, factorId }. */
async function enrolled(device) {
  const user = await createUser(pleat);
  const supabase = await signIn(user);
  browser.authenticator = device;
  const { data, error } = await supabase.auth.mfa.webauthn.register({ friendlyName: 'Security key' });
  assert.equal(error, null);
  assert.ok(data.access_token);
  const { data: factors } = await supabase.auth.mfa.listFactors();
  return { user, supabase, factorId: factors.webauthn[0].id };
}

describe('mfa.webauthn', () => {
  test('register verifies the factor and raises the session to aal2 with mfa/webauthn', async () => {
    const device = new SoftAuthenticator({ origin });
    const { supabase } = await enrolled(device);
    assert.equal(device.credentials.size, 1);
    const { data: factors } = await supabase.auth.mfa.listFactors();
    assert.equal(factors.webauthn.length, 1);
    assert.equal(factors.webauthn[0].status, 'verified');
    assert.equal(factors.webauthn[0].friendly_name, 'Security key');
    assert.equal(factors.webauthn[0].factor_type, 'webauthn');
    const { data: aal } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
    assert.equal(aal.currentLevel, 'aal2');
    assert.equal(aal.nextLevel, 'aal2');
    const { data: session } = await supabase.auth.getSession();
    const claims = decodeJwt(session.session.access_token);
    assert.equal(claims.aal, 'aal2');
    assert.ok(claims.amr.some((a) => a.method === 'mfa/webauthn'));
  });

  test('a new password sign-in is aal1 until the key answers a request challenge', async () => {
    const device = new SoftAuthenticator({ origin });
    const { user, factorId } = await enrolled(device);
    const supabase = await signIn(user);
    const before = (await supabase.auth.mfa.getAuthenticatorAssuranceLevel()).data;
    assert.equal(before.currentLevel, 'aal1');
    assert.equal(before.nextLevel, 'aal2');

    const challenge = await supabase.auth.mfa.challenge({ factorId });
    assert.equal(challenge.error, null);
    assert.equal(challenge.data.type, 'webauthn');
    assert.equal(challenge.data.webauthn.type, 'request');
    const allowed = challenge.data.webauthn.credential_options.publicKey.allowCredentials;
    assert.equal(allowed.length, 1, "a verified factor's challenge names its credential");

    const { data, error } = await supabase.auth.mfa.webauthn.authenticate({ factorId });
    assert.equal(error, null);
    assert.equal(decodeJwt(data.access_token).aal, 'aal2');
    assert.equal((await supabase.auth.mfa.getAuthenticatorAssuranceLevel()).data.currentLevel, 'aal2');
  });

  test('an unverified factor is challenged with creation options', async () => {
    const user = await createUser(pleat);
    const supabase = await signIn(user);
    const { data: factor, error } = await supabase.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'Later' });
    assert.equal(error, null);
    assert.equal(factor.type, 'webauthn');
    assert.equal(factor.friendly_name, 'Later');
    const { data: challenge } = await supabase.auth.mfa.challenge({ factorId: factor.id });
    assert.equal(challenge.webauthn.type, 'create');
    const options = challenge.webauthn.credential_options.publicKey;
    assert.equal(options.rp.id, new URL(pleat.url).hostname);
    assert.equal(new TextDecoder().decode(options.user.id), user.id);
    assert.ok(challenge.expires_at > Date.now() / 1000);
  });

  test('a used challenge, a replayed assertion, another origin and the wrong kind are refused', async () => {
    const device = new SoftAuthenticator({ origin });
    const { user, factorId } = await enrolled(device);
    const supabase = await signIn(user);

    const first = await supabase.auth.mfa.webauthn.challenge({ factorId });
    assert.equal(first.error, null);
    const ok = await supabase.auth.mfa.webauthn.verify(first.data);
    assert.equal(ok.error, null);
    // The same challenge again: it was used.
    const again = await supabase.auth.mfa.webauthn.verify(first.data);
    assertApiError(again.error, { status: 422, code: 'mfa_factor_not_found' });

    // The same signed assertion under a new challenge: it signed the old one.
    const second = await supabase.auth.mfa.challenge({ factorId });
    const replay = await supabase.auth.mfa.verify({
      factorId,
      challengeId: second.data.id,
      webauthn: { type: 'request', credential_response: first.data.webauthn.credential_response },
    });
    assertApiError(replay.error, { status: 400, code: 'webauthn_verification_failed' });

    device.origin = 'https://phish.example.com';
    const phished = await supabase.auth.mfa.webauthn.authenticate({ factorId });
    assertApiError(phished.error, { status: 400, code: 'webauthn_verification_failed' });
    device.origin = origin;

    const wrongKind = await supabase.auth.mfa.challenge({ factorId });
    const mismatch = await supabase.auth.mfa.verify({
      factorId,
      challengeId: wrongKind.data.id,
      webauthn: { type: 'create', credential_response: first.data.webauthn.credential_response },
    });
    assert.ok(mismatch.error, 'a creation response for a request challenge');
    assert.equal(mismatch.error.status, 400);

    const noConfig = await supabase.auth.mfa.verify({ factorId, challengeId: randomUUID() });
    assertApiError(noConfig.error, { status: 400, code: 'validation_failed', message: 'WebAuthn config required' });
  });

  test('unenrolling the factor (from aal2) leaves a password session at aal1 with nothing next', async () => {
    const device = new SoftAuthenticator({ origin });
    const { supabase, factorId } = await enrolled(device);
    const { error } = await supabase.auth.mfa.unenroll({ factorId });
    assert.equal(error, null);
    const { data: factors } = await supabase.auth.mfa.listFactors();
    assert.equal(factors.webauthn.length, 0);
  });
});
