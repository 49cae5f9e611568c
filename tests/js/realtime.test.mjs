// supabase-js's realtime client, unchanged, against /realtime/v1: broadcast
// (self, ack, the binary frames 2.109 sends by default, REST and httpSend,
// realtime.send from SQL), presence, private channels under RLS, token checks,
// the 1.0.0 serializer, and two pleat processes on one database acting as one.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createServer } from 'node:net';
import { createClient } from '@supabase/supabase-js';
import { apiKey, signJwt, startPleat } from './lib/pleat.mjs';

const ALICE = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';

const SETUP = `
  create policy "members read their room" on realtime.messages for select to authenticated
    using (realtime.topic() = 'room-' || (auth.jwt() ->> 'sub'));
  create policy "members write their room" on realtime.messages for insert to authenticated
    with check (realtime.topic() = 'room-' || (auth.jwt() ->> 'sub') and extension = 'broadcast');
  create function public.announce(body text) returns void language sql as $$
    select realtime.send(jsonb_build_object('text', body), 'news', 'lobby', false)
  $$;
  create table public.notices (id bigserial primary key, room int not null, body text, meta jsonb, tags text[]);
  grant select on public.notices to anon, authenticated;
  grant usage on sequence public.notices_id_seq to anon, authenticated;
  create table public.messages (id bigserial primary key, owner uuid not null, body text);
  alter table public.messages enable row level security;
  grant select on public.messages to anon, authenticated;
  create policy "own messages" on public.messages for select to authenticated using (owner = auth.uid());
  create table public.unpublished (id int primary key);
  grant select on public.unpublished to anon;
  alter publication supabase_realtime add table public.notices, public.messages;
  create table public.orders (id bigserial primary key, item text not null);
  grant select, insert on public.orders to authenticated;
  grant usage on sequence public.orders_id_seq to authenticated;
  create function public.orders_broadcast() returns trigger language plpgsql security definer as $$
  begin
    perform realtime.broadcast_changes('room-${ALICE}', tg_op, tg_op, tg_table_name, tg_table_schema, new, old);
    return null;
  end $$;
  create trigger orders_broadcast after insert or update on public.orders
    for each row execute function public.orders_broadcast();
  create function public.announce_big(size int) returns void language sql as $$
    select realtime.send(jsonb_build_object('text', repeat('x', size)), 'news', 'lobby', false)
  $$;
`;

const userToken = (sub, extra = {}) => {
  const iat = Math.floor(Date.now() / 1000);
  return signJwt({ sub, role: 'authenticated', aud: 'authenticated', iat, exp: iat + 3600, ...extra });
};

let pleat;
const clients = [];
function client(url = pleat.url, key = pleat.anonKey) {
  const c = createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false } });
  clients.push(c);
  return c;
}

/** Subscribes and resolves once SUBSCRIBED; rejects on any other status. */
function subscribed(channel) {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') resolve(channel);
      else reject(new Error(`${status}: ${err?.message ?? ''}`));
    });
  });
}

/** Resolves with the first broadcast of `event` on `channel`. */
function nextBroadcast(channel, event, timeoutMs = 10_000) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no '${event}' broadcast within ${timeoutMs} ms`)), timeoutMs);
    channel.on('broadcast', { event }, (message) => {
      clearTimeout(timer);
      resolve(message);
    });
  });
}

const waitFor = async (check, timeoutMs = 10_000) => {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
};

before(async () => {
  pleat = await startPleat({ setupSql: SETUP });
});
after(async () => {
  for (const c of clients) await c.removeAllChannels();
  await pleat?.stop();
});

describe('broadcast', () => {
  test('reaches the other members, not the sender unless self is set', async () => {
    const alice = client();
    const bob = client();
    const a = alice.channel('chat');
    const b = bob.channel('chat', { config: { broadcast: { self: true } } });
    const seenByA = [];
    a.on('broadcast', { event: 'msg' }, (m) => seenByA.push(m));
    const toB = nextBroadcast(b, 'msg');
    await subscribed(a);
    await subscribed(b);
    assert.equal(await a.send({ type: 'broadcast', event: 'msg', payload: { text: 'hi' } }), 'ok');
    const got = await toB;
    assert.deepEqual(got, { type: 'broadcast', event: 'msg', payload: { text: 'hi' } });
    // Bob has self: true, so his own message comes back to him.
    const own = nextBroadcast(b, 'echo');
    await b.send({ type: 'broadcast', event: 'echo', payload: { n: 1 } });
    assert.deepEqual((await own).payload, { n: 1 });
    await new Promise((r) => setTimeout(r, 200));
    assert.deepEqual(seenByA, [], 'the sender without self gets nothing back');
  });

  test('ack: send resolves once the server has it', async () => {
    const c = client().channel('acked', { config: { broadcast: { ack: true } } });
    await subscribed(c);
    assert.equal(await c.send({ type: 'broadcast', event: 'x', payload: { big: 'y'.repeat(10_000) } }), 'ok');
  });

  test('REST: an unjoined channel.send and httpSend reach subscribers', async () => {
    const listener = client().channel('news');
    const viaBatch = nextBroadcast(listener, 'batch');
    await subscribed(listener);
    const sender = client();
    assert.equal(await sender.channel('news').send({ type: 'broadcast', event: 'batch', payload: { a: 1 } }), 'ok');
    assert.deepEqual((await viaBatch).payload, { a: 1 });

    const viaSingle = nextBroadcast(listener, 'single');
    const result = await sender.channel('news').httpSend('single', { b: 2 });
    assert.deepEqual(result, { success: true });
    assert.deepEqual((await viaSingle).payload, { b: 2 });
  });

  test('REST refuses a bad token and a body that is not JSON', async () => {
    const bad = await fetch(`${pleat.url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: 'nope', 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [] }),
    });
    assert.equal(bad.status, 401);
    assert.deepEqual(await bad.json(), { message: 'Unauthorized' });
    const garbage = await fetch(`${pleat.url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: pleat.anonKey, 'content-type': 'application/json' },
      body: '{"messages": [',
    });
    assert.equal(garbage.status, 422);
  });

  test('realtime.send from an RPC reaches subscribers, small and large', async () => {
    const c = client();
    const lobby = c.channel('lobby');
    const first = nextBroadcast(lobby, 'news');
    await subscribed(lobby);
    const { error } = await c.rpc('announce', { body: 'from SQL' });
    assert.equal(error, null);
    const got = await first;
    assert.equal(got.payload.text, 'from SQL');
    assert.ok(got.payload.id, 'realtime.send adds an id');

    const big = new Promise((resolve) => lobby.on('broadcast', { event: 'news' }, (m) => m.payload.text.length > 100 && resolve(m)));
    const { error: bigError } = await c.rpc('announce_big', { size: 20_000 });
    assert.equal(bigError, null);
    assert.equal((await big).payload.text.length, 20_000);
  });
});

describe('binary and trigger broadcasts', () => {
  test('a raw binary payload arrives as bytes', async () => {
    const a = client().channel('bytes', { config: { broadcast: { self: true } } });
    const got = nextBroadcast(a, 'blob');
    await subscribed(a);
    await a.send({ type: 'broadcast', event: 'blob', payload: new Uint8Array([0, 159, 255]).buffer });
    const message = await got;
    assert.deepEqual([...new Uint8Array(message.payload)], [0, 159, 255]);
  });

  test('realtime.broadcast_changes in a row trigger reaches a private channel the policies allow', async () => {
    const alice = client();
    alice.realtime.setAuth(userToken(ALICE));
    const room = alice.channel(`room-${ALICE}`, { config: { private: true } });
    const inserted = nextBroadcast(room, 'INSERT');
    await subscribed(room);
    await pleat.sql(`insert into orders (item) values ('pelmet')`);
    const message = await inserted;
    assert.equal(message.payload.operation, 'INSERT');
    assert.equal(message.payload.table, 'orders');
    assert.equal(message.payload.record.item, 'pelmet');
    assert.ok(message.payload.id);
  });
});

describe('presence', () => {
  test('track, sync and leave when the other client goes', async () => {
    const alice = client();
    const bob = client();
    const a = alice.channel('office', { config: { presence: { key: 'alice' } } });
    const b = bob.channel('office', { config: { presence: { key: 'bob' } } });
    const leaves = [];
    a.on('presence', { event: 'sync' }, () => {}).on('presence', { event: 'leave' }, ({ key }) => leaves.push(key));
    b.on('presence', { event: 'sync' }, () => {});
    await subscribed(a);
    await subscribed(b);
    assert.equal(await a.track({ status: 'editing' }), 'ok');
    assert.equal(await b.track({ status: 'reading' }), 'ok');
    await waitFor(() => Object.keys(a.presenceState()).length === 2);
    const state = a.presenceState();
    assert.equal(state.bob[0].status, 'reading');
    assert.ok(state.bob[0].presence_ref);
    // Updating replaces the meta, it does not add one.
    await b.track({ status: 'editing' });
    await waitFor(() => a.presenceState().bob?.[0]?.status === 'editing');
    assert.equal(a.presenceState().bob.length, 1);
    await bob.removeAllChannels();
    await waitFor(() => leaves.includes('bob'));
    assert.deepEqual(Object.keys(a.presenceState()), ['alice']);
  });

  test('a late joiner gets the state', async () => {
    const a = client().channel('desk', { config: { presence: { key: 'first' } } });
    a.on('presence', { event: 'sync' }, () => {});
    await subscribed(a);
    await a.track({ here: true });
    const b = client().channel('desk');
    b.on('presence', { event: 'sync' }, () => {});
    await subscribed(b);
    await waitFor(() => b.presenceState().first?.[0]?.here === true);
  });
});

describe('private channels', () => {
  test('the policies on realtime.messages decide who joins and who sends', async () => {
    const alice = client();
    alice.realtime.setAuth(userToken(ALICE));
    const mine = alice.channel(`room-${ALICE}`, { config: { private: true, broadcast: { self: true, ack: true } } });
    const echoed = nextBroadcast(mine, 'hello');
    await subscribed(mine);
    assert.equal(await mine.send({ type: 'broadcast', event: 'hello', payload: { from: 'alice' } }), 'ok');
    assert.deepEqual((await echoed).payload, { from: 'alice' });

    const bob = client();
    bob.realtime.setAuth(userToken(BOB));
    await assert.rejects(
      subscribed(bob.channel(`room-${ALICE}`, { config: { private: true } })),
      /CHANNEL_ERROR: .*permissions to read from this Channel topic/,
    );
    await bob.removeAllChannels();
    const anon = client();
    await assert.rejects(subscribed(anon.channel(`room-${ALICE}`, { config: { private: true } })), /CHANNEL_ERROR/);
    await anon.removeAllChannels();

    // The public room of the same name is another room: nothing crosses.
    const outsider = client().channel(`room-${ALICE}`);
    const leaked = [];
    outsider.on('broadcast', { event: 'hello' }, (m) => leaked.push(m));
    await subscribed(outsider);
    await mine.send({ type: 'broadcast', event: 'hello', payload: { again: true } });
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(leaked, []);
  });
});

/** Collects postgres_changes on `channel` into an array. */
function collect(channel, filter) {
  const seen = [];
  channel.on('postgres_changes', filter, (change) => seen.push(change));
  return seen;
}

describe('postgres_changes', () => {
  test('inserts, updates and deletes arrive typed, with the system message first', async () => {
    const c = client();
    const channel = c.channel('notices-all');
    const seen = collect(channel, { event: '*', schema: 'public', table: 'notices' });
    const system = [];
    channel.on('system', {}, (m) => system.push(m));
    await subscribed(channel);
    await waitFor(() => system.length > 0);
    assert.equal(system[0].message, 'Subscribed to PostgreSQL');
    assert.equal(system[0].status, 'ok');
    // Written right after SUBSCRIBED: nothing is missed.
    const { rows } = await pleat.sql(`insert into notices (room, body, meta, tags) values (1, 'hello', '{"a": [1, 2]}', '{x,y}') returning id`);
    await pleat.sql('update notices set body = $1 where id = $2', ['changed', rows[0].id]);
    await pleat.sql('delete from notices where id = $1', [rows[0].id]);
    await waitFor(() => seen.length === 3);
    const [insert, update, del] = seen;
    assert.equal(insert.eventType, 'INSERT');
    assert.equal(insert.schema, 'public');
    assert.equal(insert.table, 'notices');
    assert.deepEqual(insert.new, { id: Number(rows[0].id), room: 1, body: 'hello', meta: { a: [1, 2] }, tags: ['x', 'y'] });
    assert.match(insert.commit_timestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.equal(insert.errors, null);
    assert.equal(update.eventType, 'UPDATE');
    assert.equal(update.new.body, 'changed');
    assert.equal(del.eventType, 'DELETE');
    assert.deepEqual(del.old, { id: Number(rows[0].id) });
  });

  test('filters and events select what arrives', async () => {
    const c = client();
    const channel = c.channel('notices-filtered');
    const roomOne = collect(channel, { event: 'INSERT', schema: 'public', table: 'notices', filter: 'room=eq.1' });
    const rooms = collect(channel, { event: 'INSERT', schema: 'public', table: 'notices', filter: 'room=in.(2,3)' });
    const updates = collect(channel, { event: 'UPDATE', schema: 'public', table: 'notices', filter: 'body=ilike.*LOUD*' });
    await subscribed(channel);
    await pleat.sql(`insert into notices (room, body) values (1, 'a'), (2, 'b'), (3, 'c'), (4, 'd')`);
    await pleat.sql(`update notices set body = 'now loud' where room = 4`);
    await pleat.sql(`update notices set body = 'quiet' where room = 3`);
    await waitFor(() => roomOne.length === 1 && rooms.length === 2 && updates.length === 1);
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(roomOne.map((c) => c.new.body), ['a']);
    assert.deepEqual(rooms.map((c) => c.new.body).sort(), ['b', 'c']);
    assert.deepEqual(updates.map((c) => c.new.room), [4]);
  });

  test("row-level security decides who sees a row, per subscriber, and survives a token refresh", async () => {
    const alice = client();
    alice.realtime.setAuth(userToken(ALICE));
    const bob = client();
    bob.realtime.setAuth(userToken(BOB));
    const anon = client();
    const filter = { event: 'INSERT', schema: 'public', table: 'messages' };
    const aliceChannel = alice.channel('messages-a');
    const forAlice = collect(aliceChannel, filter);
    const forBob = collect(bob.channel('messages-b'), filter);
    const forAnon = collect(anon.channel('messages-anon'), filter);
    await subscribed(aliceChannel);
    await subscribed(bob.getChannels()[0]);
    await subscribed(anon.getChannels()[0]);
    await pleat.sql('insert into messages (owner, body) values ($1, $2), ($3, $4)', [ALICE, 'to alice', BOB, 'to bob']);
    await waitFor(() => forAlice.length === 1 && forBob.length === 1);
    // A refreshed token keeps the subscription going.
    alice.realtime.setAuth(userToken(ALICE, { refreshed: true }));
    await new Promise((r) => setTimeout(r, 200));
    await pleat.sql('insert into messages (owner, body) values ($1, $2)', [ALICE, 'again']);
    await waitFor(() => forAlice.length === 2);
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(forAlice.map((c) => c.new.body), ['to alice', 'again']);
    assert.deepEqual(forBob.map((c) => c.new.body), ['to bob']);
    assert.deepEqual(forAnon, []);
  });

  test('only the columns the role may select, and a REVOKE counts from the next change on', async () => {
    const channel = client().channel('notices-columns');
    const seen = collect(channel, { event: 'INSERT', schema: 'public', table: 'notices', filter: 'room=eq.77' });
    await subscribed(channel);
    await pleat.sql(`insert into notices (room, body) values (77, 'all columns')`);
    await waitFor(() => seen.length === 1);
    assert.equal(seen[0].new.body, 'all columns');
    await pleat.sql('revoke select on notices from anon; grant select (id, room) on notices to anon');
    try {
      await pleat.sql(`insert into notices (room, body) values (77, 'hidden')`);
      await waitFor(() => seen.length === 2);
      assert.deepEqual(Object.keys(seen[1].new).sort(), ['id', 'room']);
    } finally {
      await pleat.sql('revoke select (id, room) on notices from anon; grant select on notices to anon');
    }
  });

  test('a table outside the publication says so in a system message', async () => {
    const channel = client().channel('nope');
    collect(channel, { event: '*', schema: 'public', table: 'unpublished' });
    const system = [];
    channel.on('system', {}, (m) => system.push(m));
    await subscribed(channel);
    await waitFor(() => system.length > 0);
    assert.equal(system[0].status, 'error');
    assert.match(system[0].message, /Unable to subscribe to changes/);
  });

  test('a bad filter is refused at the join', async () => {
    const c = client();
    const channel = c.channel('badfilter');
    collect(channel, { event: '*', schema: 'public', table: 'notices', filter: 'room=near.1' });
    await assert.rejects(subscribed(channel), /Error parsing `filter` params/);
    await c.removeAllChannels();
  });
});

describe('tokens and the socket', () => {
  test('a socket with a bad key is refused before the upgrade, in Realtime\'s words', async () => {
    const url = `${pleat.url}/realtime/v1/websocket?vsn=2.0.0&apikey=`;
    const cases = [
      ['', 'API key is missing'],
      ['nope', 'The token provided is not a valid JWT'],
      [signJwt({ role: 'anon', exp: 1 }), 'Token has expired'],
      [signJwt({ role: 'anon' }), 'Fields `role` and `exp` are required in JWT'],
      [signJwt({ role: 'anon', exp: 9999999999 }, { secret: 'another-secret-0123456789abcdef0123' }), 'Failed to validate JWT signature'],
    ];
    for (const [key, error] of cases) {
      const res = await fetch(url + encodeURIComponent(key));
      assert.equal(res.status, 401, key);
      assert.deepEqual(await res.json(), { error });
    }
  });

  test('a join with an expired access_token is refused', async () => {
    const c = client();
    c.realtime.setAuth(userToken(ALICE, { exp: Math.floor(Date.now() / 1000) - 120 }));
    await assert.rejects(subscribed(c.channel('expired')), /CHANNEL_ERROR: Token has expired/);
    await c.removeAllChannels();
  });

  test('the 1.0.0 serializer: heartbeat, join and unmatched topics', async () => {
    const ws = new WebSocket(`${pleat.url.replace('http', 'ws')}/realtime/v1/websocket?vsn=1.0.0&apikey=${pleat.anonKey}`);
    const frames = [];
    ws.onmessage = (e) => frames.push(JSON.parse(e.data));
    await new Promise((resolve, reject) => {
      ws.onopen = resolve;
      ws.onerror = reject;
    });
    ws.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '1' }));
    ws.send(JSON.stringify({ topic: 'realtime:elsewhere', event: 'broadcast', payload: {}, ref: '2' }));
    ws.send(JSON.stringify({ topic: 'realtime:v1', event: 'phx_join', payload: { config: {} }, ref: '3', join_ref: '3' }));
    await waitFor(() => frames.length >= 3);
    ws.close();
    assert.deepEqual(frames[0], { topic: 'phoenix', event: 'phx_reply', payload: { status: 'ok', response: {} }, ref: '1' });
    assert.deepEqual(frames[1].payload, { status: 'error', response: { reason: 'unmatched topic' } });
    assert.equal(frames[2].payload.status, 'ok');
  });
});

describe('two pleat processes on one database', () => {
  test('broadcasts and realtime.send reach clients on either', async () => {
    const replica = await pleat.replica();
    try {
      const here = client();
      const there = client(replica.url, apiKey('anon'));
      const a = here.channel('shared');
      const b = there.channel('shared');
      const fromA = nextBroadcast(b, 'ping');
      const fromB = nextBroadcast(a, 'pong');
      const fromSql = nextBroadcast(there.channel('lobby'), 'news');
      await subscribed(a);
      await subscribed(b);
      await subscribed(there.getChannels().find((c) => c.topic === 'realtime:lobby'));
      await a.send({ type: 'broadcast', event: 'ping', payload: { n: 1 } });
      assert.deepEqual((await fromA).payload, { n: 1 });
      await b.send({ type: 'broadcast', event: 'pong', payload: { n: 2 } });
      assert.deepEqual((await fromB).payload, { n: 2 });
      await here.rpc('announce', { body: 'everywhere' });
      assert.equal((await fromSql).payload.text, 'everywhere');

      // Each change reaches each subscriber once, on whichever process it is connected to.
      const onHere = here.channel('changes-here');
      const onThere = there.channel('changes-there');
      const filter = { event: 'INSERT', schema: 'public', table: 'notices', filter: 'room=eq.99' };
      const seenHere = collect(onHere, filter);
      const seenThere = collect(onThere, filter);
      await subscribed(onHere);
      await subscribed(onThere);
      await pleat.sql(`insert into notices (room, body) values (99, 'once')`);
      await waitFor(() => seenHere.length === 1 && seenThere.length === 1);
      await new Promise((r) => setTimeout(r, 500));
      assert.equal(seenHere.length, 1);
      assert.equal(seenThere.length, 1);

      // Presence: one room, whichever process each socket is on.
      const early = here.channel('team', { config: { presence: { key: 'early' } } });
      const leaves = [];
      early.on('presence', { event: 'sync' }, () => {}).on('presence', { event: 'leave' }, ({ key }) => leaves.push(key));
      await subscribed(early);
      await early.track({ at: 'here' });
      const late = there.channel('team', { config: { presence: { key: 'late' } } });
      late.on('presence', { event: 'sync' }, () => {});
      await subscribed(late);
      await waitFor(() => late.presenceState().early?.[0]?.at === 'here');
      await late.track({ at: 'there' });
      await waitFor(() => early.presenceState().late?.[0]?.at === 'there');
      await there.removeChannel(late);
      await waitFor(() => leaves.includes('late'));
      assert.deepEqual(Object.keys(early.presenceState()), ['early']);
      await there.removeAllChannels();
    } finally {
      await replica.stop();
    }
  });
});

describe('limits', () => {
  test("channels per socket, payload size and connections, with Realtime's errors", async () => {
    const limited = await startPleat({
      env: { PLEAT_REALTIME_MAX_CHANNELS: '2', PLEAT_REALTIME_MAX_PAYLOAD: '1KiB', PLEAT_REALTIME_MAX_CONNECTIONS: '2' },
    });
    try {
      const c = client(limited.url, apiKey('anon'));
      const first = c.channel('one', { config: { broadcast: { ack: true } } });
      await subscribed(first);
      await subscribed(c.channel('two'));
      await assert.rejects(subscribed(c.channel('three')), /Too many channels/);
      assert.equal(await first.send({ type: 'broadcast', event: 'small', payload: { x: 1 } }), 'ok');
      assert.equal(await first.send({ type: 'broadcast', event: 'big', payload: { x: 'y'.repeat(2000) } }), 'error');
      // The client above holds one socket; a second fits, a third is refused.
      const ws = new WebSocket(`${limited.url.replace('http', 'ws')}/realtime/v1/websocket?vsn=2.0.0&apikey=${apiKey('anon')}`);
      await new Promise((resolve, reject) => {
        ws.onopen = resolve;
        ws.onerror = reject;
      });
      const third = await fetch(`${limited.url}/realtime/v1/websocket?vsn=2.0.0&apikey=${apiKey('anon')}`);
      assert.equal(third.status, 429);
      assert.deepEqual(await third.json(), { error: 'Too many connected users' });
      ws.close();
      await c.removeAllChannels();
    } finally {
      await limited.stop();
    }
  });
});

describe('a server restart', () => {
  test('the client reconnects, rejoins and receives again', async () => {
    const port = await new Promise((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address();
        probe.close(() => resolve(port));
      });
    });
    const restarting = await startPleat({ env: { PLEAT_ADDR: `127.0.0.1:${port}` } });
    try {
      const c = client(restarting.url, apiKey('anon'));
      const channel = c.channel('survivor', { config: { broadcast: { self: true } } });
      const statuses = [];
      const joined = new Promise((resolve) =>
        channel.subscribe((status) => {
          statuses.push(status);
          if (status === 'SUBSCRIBED') resolve();
        }),
      );
      await joined;
      await restarting.restart();
      await waitFor(() => statuses.filter((s) => s === 'SUBSCRIBED').length >= 2, 20_000);
      const after = nextBroadcast(channel, 'back');
      await channel.send({ type: 'broadcast', event: 'back', payload: { ok: true } });
      assert.deepEqual((await after).payload, { ok: true });
      await c.removeAllChannels();
    } finally {
      await restarting.stop();
    }
  });
});
