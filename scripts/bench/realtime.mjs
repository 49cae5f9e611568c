// Load generator of scripts/bench-realtime: raw WebSocket clients speaking
// realtime-js's protocol (serializer 2.0.0), so one Node process can hold a
// thousand sockets. Prints figures only.
//
//   node --experimental-websocket realtime.mjs URL ANON_KEY JWT_SECRET PLEAT_PID DATABASE_URL
//
// (a) broadcast: BENCH_SOCKETS (1000) sockets in rooms of 10, each sending
//     2 messages/s for BENCH_SECONDS (10): delivery p50/p95/p99 and messages
//     lost; then the rate per socket doubled until p95 passes 50 ms.
// (b) postgres_changes with RLS: 500 sockets as 50 signed-in users on one
//     table whose policy lets every user read every row, inserts ramped until
//     p95 passes 250 ms: deliveries/s.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import pg from '../../tests/js/node_modules/pg/lib/index.js';

const [url, anonKey, secret, pid, databaseUrl] = process.argv.slice(2);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const wsUrl = (key) => `${url.replace('http', 'ws')}/realtime/v1/websocket?vsn=2.0.0&apikey=${key}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function sign(claims) {
  const b64 = (v) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

function rss() {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const hwm = Number(/VmHWM:\s+(\d+)/.exec(status)[1]);
  const now = Number(/VmRSS:\s+(\d+)/.exec(status)[1]);
  return `RSS now ${(now / 1024).toFixed(0)} MB, peak ${(hwm / 1024).toFixed(0)} MB`;
}

function pct(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** A socket that joins `topic` with `config`; `onMessage(event, payload)` gets every frame. */
async function open(key, topic, config, onMessage, accessToken) {
  const ws = new WebSocket(wsUrl(key));
  let ref = 0;
  const joined = new Promise((resolve, reject) => {
    ws.onmessage = (e) => {
      const [, r, , event, payload] = JSON.parse(e.data);
      if (event === 'phx_reply' && r === '1') {
        if (payload.status === 'ok') resolve();
        else reject(new Error(JSON.stringify(payload)));
        return;
      }
      onMessage(event, payload);
    };
    ws.onerror = () => reject(new Error('socket error'));
  });
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = () => reject(new Error('socket refused'));
  });
  const payload = { config, ...(accessToken ? { access_token: accessToken } : {}) };
  ws.send(JSON.stringify(['1', '1', `realtime:${topic}`, 'phx_join', payload]));
  await joined;
  const heartbeat = setInterval(() => ws.send(JSON.stringify([null, String(++ref + 1000), 'phoenix', 'heartbeat', {}])), 25_000);
  return {
    send(event, body) {
      ws.send(JSON.stringify(['1', null, `realtime:${topic}`, 'broadcast', { type: 'broadcast', event, payload: body }]));
    },
    close() {
      clearInterval(heartbeat);
      ws.close();
    },
  };
}

async function openAll(count, make) {
  const sockets = [];
  for (let i = 0; i < count; i += 50) {
    sockets.push(...(await Promise.all(Array.from({ length: Math.min(50, count - i) }, (_, j) => make(i + j)))));
  }
  return sockets;
}

async function broadcastRun(sockets, perSecond, latencies) {
  let sent = 0;
  const interval = 1000 / perSecond;
  const end = Date.now() + SECONDS * 1000;
  // Each socket sends on its own phase, so the load is spread over the interval.
  const timers = sockets.map((s, i) =>
    setTimeout(function tick() {
      if (Date.now() >= end) return;
      s.send('m', { t: performance.now() });
      sent += 1;
      timers[i] = setTimeout(tick, interval);
    }, (i / sockets.length) * interval),
  );
  await sleep(SECONDS * 1000 + 1000);
  timers.forEach(clearTimeout);
  return sent;
}

async function broadcast() {
  const rooms = Math.ceil(SOCKETS / 10);
  let latencies = [];
  const onMessage = (event, payload) => {
    if (event === 'broadcast') latencies.push(performance.now() - payload.payload.t);
  };
  const sockets = await openAll(SOCKETS, (i) => open(anonKey, `room-${i % rooms}`, { broadcast: { self: false } }, onMessage));
  console.log(`(a) broadcast: ${SOCKETS} sockets in ${rooms} rooms of 10; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  let best = null;
  for (let rate = 2; rate <= 64; rate *= 2) {
    latencies = [];
    const sent = await broadcastRun(sockets, rate, latencies);
    const expected = sent * 9;
    const sorted = latencies.slice().sort((a, b) => a - b);
    const p95 = pct(sorted, 95);
    console.log(
      `    ${rate} msg/s per socket: sent ${sent}, delivered ${latencies.length}/${expected} (lost ${expected - latencies.length}), ` +
        `${((latencies.length / SECONDS) | 0)} deliveries/s, p50 ${pct(sorted, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${pct(sorted, 99).toFixed(1)} ms; ${rss()}`,
    );
    if (p95 > 50 || latencies.length < expected * 0.99) break;
    best = { rate, perSecond: (latencies.length / SECONDS) | 0 };
  }
  console.log(`    highest rate held at p95 <= 50 ms: ${best ? `${best.rate} msg/s per socket (${best.perSecond} deliveries/s)` : 'none'}`);
  sockets.forEach((s) => s.close());
}

async function changes() {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query(`
    create table if not exists public.bench_items (id bigserial primary key, owner uuid not null, sent_ms double precision not null);
    alter table public.bench_items enable row level security;
    drop policy if exists "signed in read all" on public.bench_items;
    create policy "signed in read all" on public.bench_items for select to authenticated using (auth.uid() is not null);
    grant select on public.bench_items to authenticated;
    do $$ begin
      if not exists (select 1 from pg_publication_tables where pubname = 'supabase_realtime' and tablename = 'bench_items') then
        alter publication supabase_realtime add table public.bench_items;
      end if;
    end $$;`);
  const users = Array.from({ length: 50 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
  const now = Math.floor(Date.now() / 1000);
  const tokens = users.map((sub) => sign({ sub, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 3600 }));
  let latencies = [];
  const started = performance.timeOrigin;
  const onMessage = (event, payload) => {
    if (event === 'postgres_changes') latencies.push(started + performance.now() - payload.data.record.sent_ms);
  };
  const binding = { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'bench_items' }] };
  const sockets = await openAll(500, (i) => open(anonKey, `items-${i}`, binding, onMessage, tokens[i % 50]));
  console.log(`(b) postgres_changes with RLS: 500 sockets as 50 users; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  await sleep(500);
  let best = null;
  for (let rate = 5; rate <= 640; rate *= 2) {
    latencies = [];
    const end = Date.now() + SECONDS * 1000;
    let inserted = 0;
    while (Date.now() < end) {
      const tick = Date.now();
      await db.query('insert into public.bench_items (owner, sent_ms) values ($1, $2)', [users[inserted % 50], Date.now()]);
      inserted += 1;
      const wait = 1000 / rate - (Date.now() - tick);
      if (wait > 0) await sleep(wait);
    }
    await sleep(2000);
    const sorted = latencies.slice().sort((a, b) => a - b);
    const p95 = pct(sorted, 95);
    const perSecond = (latencies.length / SECONDS) | 0;
    console.log(
      `    ${rate} inserts/s asked (${(inserted / SECONDS).toFixed(0)} made): delivered ${latencies.length}/${inserted * 500}, ${perSecond} deliveries/s, ` +
        `p50 ${pct(sorted, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, p99 ${pct(sorted, 99).toFixed(0)} ms; ${rss()}`,
    );
    if (p95 > 250 || inserted < rate * SECONDS * 0.8) break;
    best = perSecond;
  }
  console.log(`    deliveries/s held at p95 <= 250 ms: ${best ?? 'none'} (Supabase publishes ~3,000 with RLS on its own cluster)`);
  sockets.forEach((s) => s.close());
  await db.end();
}

if (!process.env.BENCH_ONLY || process.env.BENCH_ONLY.includes('broadcast')) await broadcast();
if (!process.env.BENCH_ONLY || process.env.BENCH_ONLY.includes('changes')) await changes();
process.exit(0);
