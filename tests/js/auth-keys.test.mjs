// Signing keys and API keys through supabase-js 2.109: a new server signs
// sessions with ES256 and `auth.getClaims()` verifies them against the JWKS
// without asking the server for the user; `pleat keys rotate` keeps the old
// key verifying until `pleat keys revoke`; an upgraded database keeps signing
// with the HS256 secret (its legacy keys and sessions keep working across
// REST, storage and auth) until it rotates; the opaque sb_publishable_ and
// sb_secret_ keys work on every API, and a revoked or browser-used secret key
// is refused.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createClient } from '@supabase/supabase-js';
import { startPleat } from './lib/pleat.mjs';

const SETUP = `
  create table public.notes (id serial primary key, body text not null);
  grant select on public.notes to anon, authenticated, service_role;
  insert into public.notes (body) values ('hello');
  insert into storage.buckets (id, name, public) values ('private', 'private', false);
  create policy "signed-in users read" on storage.objects for select to authenticated
    using (bucket_id = 'private');
`;
const EMAIL = 'owner@example.com';
const PASSWORD = 'correct horse battery';

const options = { auth: { persistSession: false, autoRefreshToken: false } };

function header(token) {
  return JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString());
}

/** A client that calls as `token` (a session's access token or an API key). */
function as(pleat, token, key = pleat.anonKey) {
  return createClient(pleat.url, key, {
    ...options,
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
}

/** What REST, storage and auth answer `token`: true where it was accepted. */
async function acceptedBy(pleat, token) {
  const c = as(pleat, token);
  const rest = await c.from('notes').select('body');
  const storage = await c.storage.from('private').list();
  const auth = await c.auth.getUser(token);
  return {
    rest: rest.error === null && rest.data.length === 1,
    storage: storage.error === null && storage.data.length === 1,
    auth: auth.error === null && auth.data.user.email === EMAIL,
  };
}

const ALL = { rest: true, storage: true, auth: true };
const NONE = { rest: false, storage: false, auth: false };

async function jwksKids(pleat) {
  const res = await fetch(`${pleat.url}/auth/v1/.well-known/jwks.json`);
  return (await res.json()).keys.map((k) => k.kid);
}

/** Rotations and revocations reach the server by NOTIFY: wait for its JWKS to show them. */
async function untilJwks(pleat, done) {
  for (let i = 0; i < 600; i++) {
    if (done(await jwksKids(pleat))) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the JWKS never changed: ${await jwksKids(pleat)}`);
}

async function signIn(pleat) {
  const { data, error } = await createClient(pleat.url, pleat.anonKey, options).auth.signInWithPassword({
    email: EMAIL,
    password: PASSWORD,
  });
  assert.equal(error, null);
  return data.session;
}

async function prepare(pleat) {
  const admin = createClient(pleat.url, pleat.serviceKey, options);
  const { error } = await admin.auth.admin.createUser({ email: EMAIL, password: PASSWORD, email_confirm: true });
  assert.equal(error, null);
  const up = await admin.storage.from('private').upload('a.txt', new Blob(['secret words']), { contentType: 'text/plain' });
  assert.equal(up.error, null);
}

/** `pleat keys` printed lines of the form `NAME: VALUE`. */
async function printedKeys(pleat) {
  const { code, stdout, stderr } = await pleat.cli('keys');
  assert.equal(code, 0, stderr);
  const get = (name) => stdout.split('\n').find((l) => l.startsWith(`${name}:`))?.slice(name.length + 1).trim();
  return { publishable: get('publishable key'), secret: get('secret key'), anon: get('anon key'), stdout };
}

describe('a new server: ES256 sessions, JWKS, rotation and revocation', () => {
  let pleat;
  before(async () => {
    pleat = await startPleat({ setupSql: SETUP });
    await prepare(pleat);
  });
  after(() => pleat?.stop());

  test('getClaims() verifies an ES256 session against the JWKS without calling /user', async () => {
    const calls = [];
    const counting = (input, init) => {
      calls.push(new URL(typeof input === 'string' ? input : input.url).pathname);
      return fetch(input, init);
    };
    const supabase = createClient(pleat.url, pleat.anonKey, { ...options, global: { fetch: counting } });
    const { error } = await supabase.auth.signInWithPassword({ email: EMAIL, password: PASSWORD });
    assert.equal(error, null);
    const { data: session } = await supabase.auth.getSession();
    assert.equal(header(session.session.access_token).alg, 'ES256');
    calls.length = 0;
    const first = await supabase.auth.getClaims();
    assert.equal(first.error, null);
    assert.equal(first.data.claims.email, EMAIL);
    assert.equal(first.data.header.alg, 'ES256');
    const second = await supabase.auth.getClaims();
    assert.equal(second.error, null);
    assert.deepEqual(calls, ['/auth/v1/.well-known/jwks.json'], 'one JWKS fetch, no /user');
  });

  test('the JWKS is cacheable and holds only public keys', async () => {
    const res = await fetch(`${pleat.url}/auth/v1/.well-known/jwks.json`);
    assert.equal(res.headers.get('cache-control'), 'public, max-age=600');
    const { keys } = await res.json();
    assert.equal(keys.length, 1);
    assert.equal(keys[0].kty, 'EC');
    assert.equal(keys[0].crv, 'P-256');
    assert.equal(keys[0].d, undefined);
  });

  test('a rotated key still verifies on REST, storage and auth; a revoked one does not', async () => {
    const before = await signIn(pleat);
    const oldKid = header(before.access_token).kid;
    const rotated = await pleat.cli('keys', 'rotate', '--algorithm', 'RS256');
    assert.equal(rotated.code, 0, rotated.stderr);
    const newKid = rotated.stdout.match(/new signing key (\S+)/)[1];
    await untilJwks(pleat, (kids) => kids.includes(newKid));
    const after = await signIn(pleat);
    assert.deepEqual(header(after.access_token), { alg: 'RS256', kid: newKid, typ: 'JWT' });
    assert.deepEqual(await acceptedBy(pleat, before.access_token), ALL);
    assert.deepEqual(await acceptedBy(pleat, after.access_token), ALL);
    // getClaims() verifies the previous key's token locally too.
    const local = createClient(pleat.url, pleat.anonKey, options);
    const claims = await local.auth.getClaims(before.access_token);
    assert.equal(claims.error, null);

    const current = await pleat.cli('keys', 'revoke', newKid);
    assert.notEqual(current.code, 0);
    assert.match(current.stderr, /current signing key and cannot be revoked: run `pleat keys rotate` first/);

    const revoked = await pleat.cli('keys', 'revoke', oldKid);
    assert.equal(revoked.code, 0, revoked.stderr);
    await untilJwks(pleat, (kids) => !kids.includes(oldKid));
    assert.deepEqual(await acceptedBy(pleat, before.access_token), NONE);
    assert.deepEqual(await acceptedBy(pleat, after.access_token), ALL);
    const listed = await printedKeys(pleat);
    assert.match(listed.stdout, new RegExp(`${oldKid}\\s+ES256\\s+revoked`));
    assert.match(listed.stdout, new RegExp(`${newKid}\\s+RS256\\s+current`));
  });
});

describe('an upgraded database: HS256 until `pleat keys rotate`', () => {
  let pleat;
  before(async () => {
    pleat = await startPleat({ setupSql: SETUP });
    // As a database that had users when the keys' migration ran: no signing
    // key, so the JWT secret signs.
    await pleat.sql(`delete from auth.signing_keys;
      update auth.signing_key_setup set asymmetric_first = false;
      notify pleat_keys`);
    await untilJwks(pleat, (kids) => kids.length === 0);
    await prepare(pleat);
  });
  after(() => pleat?.stop());

  test('legacy keys and an HS256 session work across REST, storage and auth, before and after a rotation', async () => {
    const legacy = await signIn(pleat);
    assert.equal(header(legacy.access_token).alg, 'HS256');
    assert.deepEqual(await acceptedBy(pleat, legacy.access_token), ALL);
    // getClaims() of an HS256 session asks the server, as it must.
    assert.equal((await createClient(pleat.url, pleat.anonKey, options).auth.getClaims(legacy.access_token)).error, null);

    const rotated = await pleat.cli('keys', 'rotate');
    assert.equal(rotated.code, 0, rotated.stderr);
    const kid = rotated.stdout.match(/new signing key (\S+)/)[1];
    await untilJwks(pleat, (kids) => kids.includes(kid));
    const fresh = await signIn(pleat);
    assert.deepEqual(header(fresh.access_token), { alg: 'ES256', kid, typ: 'JWT' });
    assert.deepEqual(await acceptedBy(pleat, legacy.access_token), ALL, 'the pre-rotation session still works');
    assert.deepEqual(await acceptedBy(pleat, fresh.access_token), ALL);

    // The legacy service_role key still administers; the anon key still reads.
    const admin = createClient(pleat.url, pleat.serviceKey, options);
    const users = await admin.auth.admin.listUsers();
    assert.equal(users.error, null);
    assert.equal(users.data.users.length, 1);
    assert.equal((await admin.storage.from('private').list()).data.length, 1);
    const anon = createClient(pleat.url, pleat.anonKey, options);
    assert.deepEqual((await anon.from('notes').select('body')).data, [{ body: 'hello' }]);
    // The printed legacy anon key is the one the old binary minted, HS256.
    const printed = await printedKeys(pleat);
    assert.equal(header(printed.anon).alg, 'HS256');
    assert.deepEqual((await createClient(pleat.url, printed.anon, options).from('notes').select('body')).data, [{ body: 'hello' }]);
  });
});

describe('publishable and secret keys', () => {
  let pleat;
  let keys;
  before(async () => {
    pleat = await startPleat({ setupSql: SETUP });
    await prepare(pleat);
    keys = await printedKeys(pleat);
    assert.match(keys.publishable, /^sb_publishable_/);
    assert.match(keys.secret, /^sb_secret_/);
  });
  after(() => pleat?.stop());

  test('the publishable key acts as anon on REST, storage, auth and realtime', async () => {
    const supabase = createClient(pleat.url, keys.publishable, options);
    assert.deepEqual((await supabase.from('notes').select('body')).data, [{ body: 'hello' }]);
    // anon sees no object of the private bucket.
    const listed = await supabase.storage.from('private').list();
    assert.equal(listed.error, null);
    assert.deepEqual(listed.data, []);
    const signed = await supabase.auth.signInWithPassword({ email: EMAIL, password: PASSWORD });
    assert.equal(signed.error, null);
    // Signed in, the same client reads the private bucket as the user.
    assert.equal((await supabase.storage.from('private').list()).data.length, 1);
    const admin = await createClient(pleat.url, keys.publishable, options).auth.admin.listUsers();
    assert.equal(admin.error.status, 403);
    const anonRealtime = createClient(pleat.url, keys.publishable, options);
    await subscribed(anonRealtime.channel('lobby'));
    await anonRealtime.removeAllChannels();
  });

  test('the secret key acts as service_role on REST, storage, auth admin and realtime', async () => {
    const supabase = createClient(pleat.url, keys.secret, options);
    assert.deepEqual((await supabase.from('notes').select('body')).data, [{ body: 'hello' }]);
    assert.equal((await supabase.storage.from('private').list()).data.length, 1);
    const users = await supabase.auth.admin.listUsers();
    assert.equal(users.error, null);
    assert.equal(users.data.users[0].email, EMAIL);
    await subscribed(supabase.channel('lobby'));
    await supabase.removeAllChannels();
  });

  test('a secret key sent by a browser is refused', async () => {
    const res = await fetch(`${pleat.url}/rest/v1/notes?select=body`, {
      headers: {
        apikey: keys.secret,
        Authorization: `Bearer ${keys.secret}`,
        'User-Agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
      },
    });
    assert.equal(res.status, 401);
    assert.deepEqual(await res.json(), { message: 'Forbidden use of secret API key in browser' });
  });

  test('a revoked secret key is refused everywhere; pleat keys prints a new one', async () => {
    const revoked = await pleat.cli('keys', 'revoke', keys.secret);
    assert.equal(revoked.code, 0, revoked.stderr);
    const old = createClient(pleat.url, keys.secret, options);
    // The server learns of it by NOTIFY: wait until REST refuses it.
    let rest;
    for (let i = 0; i < 600; i++) {
      rest = await old.from('notes').select('body');
      if (rest.error) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(rest.status, 401);
    assert.equal(rest.error.message, 'Invalid API key');
    const storage = await old.storage.from('private').list();
    assert.equal(storage.error.status ?? storage.error.statusCode, 401);
    const admin = await old.auth.admin.listUsers();
    assert.equal(admin.error.status, 401);
    const socket = createClient(pleat.url, keys.secret, options);
    await assert.rejects(subscribed(socket.channel('lobby')));
    await socket.removeAllChannels();

    const fresh = await printedKeys(pleat);
    assert.notEqual(fresh.secret, keys.secret);
    const users = await createClient(pleat.url, fresh.secret, options).auth.admin.listUsers();
    assert.equal(users.error, null);
  });
});

/** Subscribes and resolves once SUBSCRIBED; rejects on any other status. */
function subscribed(channel) {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') resolve(channel);
      else reject(new Error(`${status}: ${err?.message ?? ''}`));
    });
  });
}
