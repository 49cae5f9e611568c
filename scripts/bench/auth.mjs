// The measuring half of scripts/bench-auth: given a running pleat and a user,
// prints sign-in latency and refresh-token throughput, beside a baseline taken
// in the same run (an endpoint that does no hashing and no database work).
// Asserts nothing. Every request carries its own X-Forwarded-For (the server
// trusts 127.0.0.1), so the per-IP limit of /token never caps the figures.
//
//   node scripts/bench/auth.mjs URL ANON_KEY SERVICE_KEY EMAIL PASSWORD
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const [url, anonKey, serviceKey, email, password] = process.argv.slice(2);
if (!password) {
  console.error('usage: node scripts/bench/auth.mjs URL ANON_KEY SERVICE_KEY EMAIL PASSWORD');
  process.exit(2);
}
const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 100);
const SEQUENTIAL_REFRESHES = Number(process.env.BENCH_REFRESHES ?? 500);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const REFRESHES_PER_WORKER = Number(process.env.BENCH_REFRESHES_PER_WORKER ?? 125);
const TARGET_SIGN_IN_P50_MS = 30;
const TARGET_REFRESHES_PER_S = 1000;

const base = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY * 2 });

let ipCounter = 0;
function nextIp() {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** One request over a kept-alive connection: { status, body (parsed JSON or null) }. */
function request(method, path, body, key = anonKey) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        method,
        path,
        agent,
        headers: {
          apikey: key,
          ...(key === serviceKey ? { Authorization: `Bearer ${serviceKey}` } : {}),
          'X-Forwarded-For': nextIp(),
          'X-Supabase-Api-Version': '2024-01-01',
          ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let parsed = null;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            parsed = text;
          }
          resolve({ status: res.statusCode, body: parsed });
        });
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

async function expectOk(promise, what) {
  const res = await promise;
  if (res.status !== 200) throw new Error(`${what}: HTTP ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const signIn = (who = email, pw = password) => request('POST', '/auth/v1/token?grant_type=password', { email: who, password: pw });
const refresh = (token) => request('POST', '/auth/v1/token?grant_type=refresh_token', { refresh_token: token });

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

function summary(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  return { n: s.length, p50: percentile(s, 50), p90: percentile(s, 90), p99: percentile(s, 99), min: s[0], max: s[s.length - 1], mean };
}

const ms = (v) => `${v.toFixed(1)} ms`;
const rate = (v) => `${Math.round(v).toLocaleString('en-US')}/s`;
function line(label, value, note = '') {
  console.log(`  ${label.padEnd(44)} ${value.padStart(12)}  ${note}`);
}
function latencyLines(label, st) {
  line(`${label} p50`, ms(st.p50));
  line(`${label} p99`, ms(st.p99), `(n=${st.n}, p90 ${ms(st.p90)}, min ${ms(st.min)}, max ${ms(st.max)})`);
}

/** Time `n` sequential calls of `fn(i)` (each must resolve); latencies in ms. */
async function timeSequential(n, fn) {
  const samples = [];
  for (let i = 0; i < n; i += 1) {
    const t0 = performance.now();
    await fn(i);
    samples.push(performance.now() - t0);
  }
  return samples;
}

async function main() {
  // Warm up connections, caches and the blocking pool.
  for (let i = 0; i < 5; i += 1) await expectOk(signIn(), 'warm-up sign-in');
  for (let i = 0; i < 20; i += 1) await expectOk(request('GET', '/auth/v1/settings'), 'warm-up settings');

  console.log('Sign-in (POST /token?grant_type=password, sequential)');
  const known = summary(await timeSequential(SIGN_INS, () => expectOk(signIn(), 'sign-in')));
  latencyLines('right password', known);
  line('', '', `target: p50 <= ${TARGET_SIGN_IN_P50_MS} ms -> ${known.p50 <= TARGET_SIGN_IN_P50_MS ? 'met' : 'NOT met'}`);
  // An unknown email costs the same hash; each is a new address, so no lockout.
  const unknown = summary(
    await timeSequential(SIGN_INS, async (i) => {
      const res = await signIn(`nobody-${i}-${Date.now()}@example.com`, password);
      if (res.status !== 400) throw new Error(`unknown email: HTTP ${res.status} ${JSON.stringify(res.body)}`);
    }),
  );
  latencyLines('unknown email (same hash work)', unknown);
  // Wrong passwords lock an account after 5 failures: spread them over users
  // with at most 4 failures each.
  const decoys = [];
  for (let i = 0; i < Math.ceil(SIGN_INS / 4); i += 1) {
    const decoy = `decoy-${i}@example.com`;
    await expectOk(request('POST', '/auth/v1/admin/users', { email: decoy, password, email_confirm: true }, serviceKey), 'create a user');
    decoys.push(decoy);
  }
  const wrong = summary(
    await timeSequential(SIGN_INS, async (i) => {
      const res = await signIn(decoys[i % decoys.length], `${password}-wrong`);
      if (res.status !== 400) throw new Error(`wrong password: HTTP ${res.status} ${JSON.stringify(res.body)}`);
    }),
  );
  latencyLines('wrong password (known email)', wrong);
  const settings = summary(await timeSequential(SIGN_INS, () => expectOk(request('GET', '/auth/v1/settings'), 'settings')));
  latencyLines('baseline: GET /settings (no hash, no DB)', settings);

  console.log('\nRefresh (POST /token?grant_type=refresh_token, each a rotation)');
  let token = (await expectOk(signIn(), 'sign-in')).refresh_token;
  const t0 = performance.now();
  const seqSamples = await timeSequential(SEQUENTIAL_REFRESHES, async () => {
    token = (await expectOk(refresh(token), 'refresh')).refresh_token;
  });
  const seqRate = SEQUENTIAL_REFRESHES / ((performance.now() - t0) / 1000);
  line(`sequential, ${SEQUENTIAL_REFRESHES} in one chain`, rate(seqRate), `(p50 ${ms(summary(seqSamples).p50)}, p99 ${ms(summary(seqSamples).p99)})`);

  // Each worker has a session of its own and refreshes along its own chain.
  const chains = [];
  for (let w = 0; w < CONCURRENCY; w += 1) chains.push((await expectOk(signIn(), 'sign-in')).refresh_token);
  const concSamples = [];
  const c0 = performance.now();
  await Promise.all(
    chains.map(async (first) => {
      let t = first;
      for (let i = 0; i < REFRESHES_PER_WORKER; i += 1) {
        const s = performance.now();
        t = (await expectOk(refresh(t), 'refresh')).refresh_token;
        concSamples.push(performance.now() - s);
      }
    }),
  );
  const concTotal = CONCURRENCY * REFRESHES_PER_WORKER;
  const concRate = concTotal / ((performance.now() - c0) / 1000);
  const conc = summary(concSamples);
  line(`concurrency ${CONCURRENCY}, ${concTotal} in ${CONCURRENCY} chains`, rate(concRate), `(p50 ${ms(conc.p50)}, p99 ${ms(conc.p99)})`);
  line('', '', `target: >= ${TARGET_REFRESHES_PER_S.toLocaleString('en-US')}/s -> sequential ${seqRate >= TARGET_REFRESHES_PER_S ? 'met' : 'NOT met'}, concurrent ${concRate >= TARGET_REFRESHES_PER_S ? 'met' : 'NOT met'}`);

  const b0 = performance.now();
  let done = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = 0; i < REFRESHES_PER_WORKER; i += 1) {
        await expectOk(request('GET', '/auth/v1/settings'), 'settings');
        done += 1;
      }
    }),
  );
  line(`baseline: GET /settings at concurrency ${CONCURRENCY}`, rate(done / ((performance.now() - b0) / 1000)));
  agent.destroy();
}

main().catch((e) => {
  console.error(`bench failed: ${e.message}`);
  agent.destroy();
  process.exit(1);
});
