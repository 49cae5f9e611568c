// The tokens /auth/v1 issues, used where they matter: an owner's session reads
// and writes the site's tables through /rest/v1 with auth.uid() and RLS
// working, an expired or signed-out access token is refused with 401, and
// supabase-js keeps a session alive by refreshing it (before a call, and in
// the background).
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from '@supabase/supabase-js';
import { startPleat } from './lib/pleat.mjs';
import {
  PASSWORD, assertApiError, authClient, createUser, decodeJwt, nextIp, recordEvents, refreshRequest, signedIn, sleep, tokenRequest,
} from './lib/auth.mjs';

// A table only its owner sees, and a function that reports who the database
// thinks is calling: both go through auth.uid() from the access token.
const SETUP = `
  create table public.owner_notes (
    id    uuid primary key default gen_random_uuid(),
    owner uuid not null default auth.uid(),
    body  text not null
  );
  alter table public.owner_notes enable row level security;
  grant select, insert, update, delete on public.owner_notes to authenticated;
  create policy "own notes" on public.owner_notes for all to authenticated
    using (owner = auth.uid()) with check (owner = auth.uid());
  create function public.whoami() returns json language sql stable as
    $$ select json_build_object('uid', auth.uid(), 'role', auth.role(), 'email', auth.jwt() ->> 'email') $$;
  grant execute on function public.whoami() to anon, authenticated;
`;
const SERVICE = { title: 'Upholstery', description: 'Re-covering chairs', icon: 'Scissors', sort_order: 42 };

/** A client that sends this token instead of a session's. */
const withToken = (pleat, token) =>
  createClient(pleat.url, pleat.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
  });

describe('an owner signed in with supabase-js', () => {
  let pleat;
  before(async () => {
    pleat = await startPleat({ setupSql: SETUP, env: { PLEAT_TRUSTED_PROXIES: '127.0.0.1' } });
  });
  after(() => pleat?.stop());

  test('inserts, reads, updates and deletes a service', async () => {
    // Site content is written by editors only (app_metadata.editor, set by an administrator).
    const { client } = await signedIn(pleat, await createUser(pleat, { app_metadata: { editor: true } }));
    const ins = await client.from('services').insert(SERVICE).select().single();
    assert.equal(ins.error, null);
    assert.equal(ins.status, 201);
    assert.equal(ins.data.title, SERVICE.title);
    const { rows } = await pleat.sql('SELECT title FROM services WHERE id = $1', [ins.data.id]);
    assert.deepEqual(rows, [{ title: SERVICE.title }]);

    const read = await client.from('services').select('id, title, sort_order').eq('id', ins.data.id);
    assert.equal(read.error, null);
    assert.deepEqual(read.data, [{ id: ins.data.id, title: SERVICE.title, sort_order: 42 }]);

    const upd = await client.from('services').update({ title: 'Re-upholstery' }).eq('id', ins.data.id).select().single();
    assert.equal(upd.error, null);
    assert.equal(upd.data.title, 'Re-upholstery');

    const del = await client.from('services').delete().eq('id', ins.data.id);
    assert.equal(del.error, null);
    assert.equal(del.status, 204);
    assert.equal((await pleat.sql('SELECT count(*)::int AS n FROM services WHERE id = $1', [ins.data.id])).rows[0].n, 0);
  });

  test('the database sees the user: auth.uid(), auth.role() and the email claim', async () => {
    const user = await createUser(pleat);
    const { client } = await signedIn(pleat, user);
    const { data, error } = await client.rpc('whoami');
    assert.equal(error, null);
    assert.deepEqual(data, { uid: user.id, role: 'authenticated', email: user.email });
  });

  test('RLS by auth.uid(): each owner sees and changes only their own rows', async () => {
    const alice = await createUser(pleat);
    const bob = await createUser(pleat);
    const { client: a } = await signedIn(pleat, alice);
    const { client: b } = await signedIn(pleat, bob);

    const note = await a.from('owner_notes').insert({ body: 'alice only' }).select().single();
    assert.equal(note.error, null);
    assert.equal(note.data.owner, alice.id);
    assert.deepEqual((await a.from('owner_notes').select('body')).data, [{ body: 'alice only' }]);
    assert.deepEqual((await b.from('owner_notes').select('body')).data, []);

    const stolen = await b.from('owner_notes').update({ body: 'bob was here' }).eq('id', note.data.id).select();
    assert.deepEqual(stolen.data, []);
    const forged = await b.from('owner_notes').insert({ body: 'as alice', owner: alice.id });
    assert.equal(forged.status, 403);
    assert.equal(forged.error.code, '42501');
    assert.deepEqual((await pleat.sql('SELECT body FROM owner_notes WHERE owner = $1', [alice.id])).rows, [{ body: 'alice only' }]);
  });

  test('the refreshed access token works the same', async () => {
    const user = await createUser(pleat);
    const { client } = await signedIn(pleat, user);
    assert.equal((await client.auth.refreshSession()).error, null);
    const { data, error } = await client.rpc('whoami');
    assert.equal(error, null);
    assert.equal(data.uid, user.id);
  });

  test('after signOut the same client is anon again and cannot write', async () => {
    const { client } = await signedIn(pleat, await createUser(pleat));
    await client.auth.signOut();
    const { data } = await client.rpc('whoami');
    assert.deepEqual(data, { uid: null, role: 'anon', email: null });
    const ins = await client.from('services').insert(SERVICE);
    assert.equal(ins.status, 401);
    assert.equal(ins.error.code, '42501');
  });

  test("a signed-out session's access token is refused by /rest/v1 too, before it expires", async () => {
    const user = await createUser(pleat);
    const { client, session } = await signedIn(pleat, user);
    const other = await signedIn(pleat, user);
    assert.equal((await withToken(pleat, session.access_token).rpc('whoami')).data.uid, user.id);
    await client.auth.signOut({ scope: 'local' });
    assert.equal((await authClient(pleat).auth.getUser(session.access_token)).error.name, 'AuthSessionMissingError');
    // Unlike Supabase, where the token works until it expires.
    const ended = await withToken(pleat, session.access_token).from('services').insert(SERVICE);
    assert.equal(ended.status, 401);
    assert.equal(ended.error.code, 'PGRST301');
    assert.equal(ended.error.message, 'JWT session has ended');
    const { data, error } = await other.client.rpc('whoami');
    assert.equal(error, null, "the same user's other session still works");
    assert.equal(data.uid, user.id);
  });
});

describe('short-lived access tokens (PLEAT_JWT_EXP=1, PLEAT_JWT_LEEWAY=1)', { concurrency: true }, () => {
  let pleat;
  let user;
  let early;
  before(async () => {
    pleat = await startPleat({ setupSql: SETUP, env: { PLEAT_JWT_EXP: '1', PLEAT_JWT_LEEWAY: '1', PLEAT_TRUSTED_PROXIES: '127.0.0.1' } });
    user = await createUser(pleat);
    // Taken first: the expiry test waits out the 1 s of clock-skew leeway (30 s by default).
    early = await tokenRequest(pleat, 'password', { email: user.email, password: PASSWORD }, { ip: nextIp() });
    assert.equal(early.status, 200);
  });
  after(() => pleat?.stop());

  test('an expired access token is 401 from /rest/v1 and 403 bad_jwt from /auth/v1', async () => {
    const { access_token: expired, refresh_token: refresh, expires_in: expiresIn } = early.body;
    assert.equal(expiresIn, 1);
    const { exp } = decodeJwt(expired);
    await sleep(Math.max(0, (exp + 1 + 2) * 1000 - Date.now()));

    const rest = await withToken(pleat, expired).from('services').select('id');
    assert.equal(rest.status, 401);
    assert.equal(rest.data, null);
    assert.match(rest.error.code, /^PGRST30[13]$/);
    assert.equal(rest.error.message, 'JWT expired');

    const me = await authClient(pleat).auth.getUser(expired);
    assertApiError(me.error, { status: 403, code: 'bad_jwt', message: /expired/ });

    // The session outlives its access tokens: the refresh token gets a new one.
    const renewed = await refreshRequest(pleat, refresh, { ip: nextIp() });
    assert.equal(renewed.status, 200);
    const again = await withToken(pleat, renewed.body.access_token).rpc('whoami');
    assert.equal(again.error, null);
    assert.equal(again.data.uid, user.id);
  });

  test('supabase-js refreshes a session about to expire before a REST call', async () => {
    const client = authClient(pleat);
    const recorder = recordEvents(client);
    await recorder.next('INITIAL_SESSION');
    const signIn = await client.auth.signInWithPassword({ email: user.email, password: PASSWORD });
    assert.equal(signIn.error, null);
    const ins = await client.from('owner_notes').insert({ body: 'written with a fresh token' }).select().single();
    assert.equal(ins.error, null);
    assert.equal(ins.data.owner, user.id);
    const refreshed = await recorder.next('TOKEN_REFRESHED');
    assert.notEqual(refreshed.session.refresh_token, signIn.data.session.refresh_token);
    recorder.stop();
  });

  test('the background auto-refresh keeps rotating the session (TOKEN_REFRESHED)', async () => {
    const client = authClient(pleat, { autoRefreshToken: true });
    const recorder = recordEvents(client);
    await recorder.next('INITIAL_SESSION');
    const signIn = await client.auth.signInWithPassword({ email: user.email, password: PASSWORD });
    assert.equal(signIn.error, null);
    try {
      // Node has no visibility events: (re)start the ticker, which checks at
      // once and then every 30 s, refreshing tokens within 90 s of expiry.
      await client.auth.startAutoRefresh();
      await recorder.next('TOKEN_REFRESHED', { ms: 10_000 });
      await sleep(1000);
      // Then, with no call from here, the next tick refreshes again.
      const seen = recorder.names().filter((n) => n === 'TOKEN_REFRESHED').length;
      const later = await recorder.next('TOKEN_REFRESHED', { count: seen + 1, ms: 45_000 });
      const sessions = [signIn.data.session, ...recorder.events.filter((e) => e.event === 'TOKEN_REFRESHED').map((e) => e.session)];
      assert.equal(new Set(sessions.map((s) => s.refresh_token)).size, sessions.length, 'each refresh rotated the token');
      assert.equal(decodeJwt(later.session.access_token).session_id, decodeJwt(signIn.data.session.access_token).session_id);
      assert.deepEqual(recorder.names().filter((n) => n !== 'TOKEN_REFRESHED'), ['INITIAL_SESSION', 'SIGNED_IN']);
      const stored = (await client.auth.getSession()).data.session;
      const me = await authClient(pleat).auth.getUser(stored.access_token);
      assert.equal(me.error, null);
      assert.equal(me.data.user.id, user.id);
    } finally {
      await client.auth.stopAutoRefresh();
      recorder.stop();
    }
  });
});
