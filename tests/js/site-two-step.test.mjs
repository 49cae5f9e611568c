// The site's editing rule under two-step sign-in (root migration 20261127000401),
// through the real supabase-js: an editor with a verified second factor edits only
// from a session that passed it (aal2), on every path an editor has (content rows,
// the inbox, media uploads, drafts, backups, the enquiry address). A password alone
// (aal1) reads what a visitor reads and changes nothing.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import { startPleat, signJwt, JWT_SECRET } from './lib/pleat.mjs';
import { createUser, signedIn, authClient } from './lib/auth.mjs';

const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

let pleat;
let enrolled;
let plain;

const client = (token) =>
  createClient(pleat.url, pleat.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
const token = (sub, aal, appMetadata = { editor: true }) =>
  signJwt({
    sub,
    role: 'authenticated',
    aud: 'authenticated',
    aal,
    app_metadata: appMetadata,
    exp: Math.floor(Date.now() / 1000) + 600,
  });

async function heroTitle() {
  return (await pleat.sql('select title from public.hero_content limit 1')).rows[0].title;
}

async function addFactor(userId, status) {
  await pleat.sql(
    `insert into auth.mfa_factors (user_id, friendly_name, factor_type, status) values ($1, $2, 'totp', $3)`,
    [userId, `app-${status}-${Math.random()}`, status],
  );
}

before(async () => {
  pleat = await startPleat();
  enrolled = await createUser(pleat);
  await addFactor(enrolled.id, 'verified');
  plain = await createUser(pleat);
  // A factor left half-enrolled does not make the account a two-step one.
  await addFactor(plain.id, 'unverified');
  await pleat.sql(`insert into public.contact_messages (first_name, last_name, email, message) values ('Ada', 'L', 'ada@example.com', 'Hello')`);
});
after(() => pleat?.stop());

describe('an editor with a verified second factor', () => {
  test('cannot change content with a password-only (aal1) session; aal2 can', async () => {
    const before = await heroTitle();
    const weak = await client(token(enrolled.id, 'aal1')).from('hero_content').update({ title: 'Hijacked' }).neq('title', '').select('id');
    assert.equal(weak.error, null);
    assert.deepEqual(weak.data, [], 'no row is visible for update to an aal1 session');
    assert.equal(await heroTitle(), before);

    const added = await client(token(enrolled.id, 'aal1')).from('services').insert({ title: 'Spam', description: 'x', icon: 'Home' });
    assert.equal(added.status, 403);
    assert.equal(added.error.code, '42501');

    const strong = await client(token(enrolled.id, 'aal2')).from('hero_content').update({ title: 'Made to measure' }).neq('title', '').select('id');
    assert.equal(strong.error, null);
    assert.equal(strong.data.length, 1);
    assert.equal(await heroTitle(), 'Made to measure');
  });

  test('cannot read the inbox at aal1; aal2 reads it', async () => {
    const weak = await client(token(enrolled.id, 'aal1')).from('contact_messages').select('first_name');
    assert.equal(weak.error, null);
    assert.deepEqual(weak.data, []);
    const strong = await client(token(enrolled.id, 'aal2')).from('contact_messages').select('first_name');
    assert.deepEqual(strong.data, [{ first_name: 'Ada' }]);
  });

  test('cannot upload media at aal1; aal2 uploads', async () => {
    const weak = await client(token(enrolled.id, 'aal1')).storage.from('site-media').upload('hero/aal1.jpg', JPEG, { contentType: 'image/jpeg' });
    assert.equal(weak.error?.statusCode, '403');
    const { rows } = await pleat.sql(`select count(*)::int as n from storage.objects where name = 'hero/aal1.jpg'`);
    assert.equal(rows[0].n, 0);
    const strong = await client(token(enrolled.id, 'aal2')).storage.from('site-media').upload('hero/aal2.jpg', JPEG, { contentType: 'image/jpeg' });
    assert.equal(strong.error, null);
  });

  test('cannot publish a draft, see backups or change the enquiry address at aal1', async () => {
    const weak = client(token(enrolled.id, 'aal1'));
    const { rows } = await pleat.sql('select id from public.services limit 1');
    const publish = await weak.rpc('publish_content_draft', { target: 'services', target_id: rows[0].id });
    assert.equal(publish.error?.code, '42501');
    const backups = await weak.rpc('backup_overview');
    assert.equal(backups.error?.code, '42501');
    const address = await weak.from('notification_settings').update({ notification_email: 'thief@example.com' }).not('id', 'is', null).select('id');
    assert.deepEqual(address.data, []);
    const kept = await pleat.sql('select notification_email from public.notification_settings');
    assert.equal(kept.rows[0].notification_email, null);

    const strong = await client(token(enrolled.id, 'aal2')).rpc('backup_overview');
    assert.equal(strong.error, null);
  });
});

describe('accounts the rule leaves as they were', () => {
  test('an editor without a verified factor edits at aal1 (an unverified enrolment does not count)', async () => {
    const res = await client(token(plain.id, 'aal1')).from('hero_content').update({ title: 'Still mine' }).neq('title', '').select('id');
    assert.equal(res.error, null);
    assert.equal(res.data.length, 1);
  });

  test('aal2 does not make a non-editor an editor', async () => {
    const res = await client(token(enrolled.id, 'aal2', {})).from('hero_content').update({ title: 'Nope' }).neq('title', '').select('id');
    assert.deepEqual(res.data, []);
  });
});

/** Runs `pleat user ARGS` on the test's database, as an administrator would on the server. */
async function pleatUser(...args) {
  const bin = process.env.PLEAT_BIN ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../target/debug/pleat');
  const child = spawn(bin, ['user', ...args], {
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: pleat.dbUrl,
      PLEAT_JWT_SECRET: JWT_SECRET,
      PLEAT_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'pleat-user-')),
      PLEAT_MIGRATIONS_DIR: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (out += chunk));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  return { code, out: out.trim() };
}

describe('pleat user reset-mfa', () => {
  test('removes the factors of a user who lost the phone: the password alone edits again', async () => {
    const owner = await createUser(pleat);
    await addFactor(owner.id, 'verified');
    await addFactor(owner.id, 'unverified');
    const before = await client(token(owner.id, 'aal1')).from('hero_content').update({ title: 'Before reset' }).neq('title', '').select('id');
    assert.deepEqual(before.data, []);

    const reset = await pleatUser('reset-mfa', owner.email.toUpperCase());
    assert.equal(reset.code, 0, reset.out);
    assert.equal(reset.out, `two-step sign-in is off for ${owner.email} (1 factor removed); they sign in with their password alone until they turn it on again`);
    const { rows } = await pleat.sql('select count(*)::int as n from auth.mfa_factors where user_id = $1', [owner.id]);
    assert.equal(rows[0].n, 0);
    const after = await client(token(owner.id, 'aal1')).from('hero_content').update({ title: 'After reset' }).neq('title', '').select('id');
    assert.equal(after.data.length, 1);

    const again = await pleatUser('reset-mfa', owner.email);
    assert.equal(again.out, `${owner.email} had no two-step sign-in; nothing changed`);
  });

  test('an unknown address fails with one line and a non-zero status', async () => {
    const res = await pleatUser('reset-mfa', 'nobody@example.com');
    assert.notEqual(res.code, 0);
    assert.match(res.out, /there is no user nobody@example.com/);
  });
});

// RFC 6238 with the defaults GoTrue uses (SHA-1, 6 digits, 30 s).
function totp(secret, at = Date.now()) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1] & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1000000).padStart(6, '0');
}

describe('through the server: a real password sign-in, then the code', () => {
  test('the aal1 token of an enrolled editor is refused; its aal2 token edits', async () => {
    const owner = await createUser(pleat);
    const { client: first } = await signedIn(pleat, owner);
    const enrol = await first.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    assert.equal(enrol.error, null, enrol.error?.message);
    const verified = await first.auth.mfa.challengeAndVerify({ factorId: enrol.data.id, code: totp(enrol.data.totp.secret) });
    assert.equal(verified.error, null, verified.error?.message);

    // A new sign-in with the password alone: aal1, and the server knows a second step exists.
    const second = authClient(pleat);
    const signIn = await second.auth.signInWithPassword({ email: owner.email, password: owner.password });
    assert.equal(signIn.error, null);
    const level = await second.auth.mfa.getAuthenticatorAssuranceLevel();
    assert.deepEqual([level.data.currentLevel, level.data.nextLevel], ['aal1', 'aal2']);
    const weak = await second.from('hero_content').update({ title: 'Stolen password' }).neq('title', '').select('id');
    assert.deepEqual(weak.data, []);
    assert.notEqual(await heroTitle(), 'Stolen password');

    // The code lifts the same session to aal2, and the same client edits.
    const factors = await second.auth.mfa.listFactors();
    const up = await second.auth.mfa.challengeAndVerify({ factorId: factors.data.totp[0].id, code: totp(enrol.data.totp.secret, Date.now() + 30000) });
    assert.equal(up.error, null, up.error?.message);
    const strong = await second.from('hero_content').update({ title: 'Two steps' }).neq('title', '').select('id');
    assert.equal(strong.data.length, 1);
    assert.equal(await heroTitle(), 'Two steps');
  });
});

// The admin's "Invite a colleague" is POST /auth/v1/invite, which the auth server lets a
// signed-in editor call (crates/auth/src/bearer.rs, require_admin_or_editor). Like
// is_editor(), it asks an editor with a verified factor for an aal2 session, so a stolen
// password alone cannot make a new editor account and edit through it.
describe('the auth server\'s editor check', () => {
  test(
    'an aal1 session of an enrolled editor cannot invite a colleague (who would be an editor)',
    async () => {
      const owner = await createUser(pleat);
      const { client: first } = await signedIn(pleat, owner);
      const enrol = await first.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
      await first.auth.mfa.challengeAndVerify({ factorId: enrol.data.id, code: totp(enrol.data.totp.secret) });
      const { session } = await signedIn(pleat, owner);
      const res = await fetch(`${pleat.url}/auth/v1/invite`, {
        method: 'POST',
        headers: { apikey: pleat.anonKey, Authorization: `Bearer ${session.access_token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'accomplice@example.com' }),
      });
      assert.equal(res.status, 403, await res.text());
      const { rows } = await pleat.sql(`select count(*)::int as n from auth.users where email = 'accomplice@example.com'`);
      assert.equal(rows[0].n, 0);
    },
  );
});
