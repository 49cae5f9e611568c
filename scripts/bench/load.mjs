// The measuring half of scripts/bench-load: many concurrent clients against a
// running pleat, first on a healthy database (load phase), then while
// PostgreSQL is restarted (`pg_ctl restart -m fast`) and crashed
// (`pg_ctl restart -m immediate`) under it (fault phase). Counts every
// acknowledged write and afterwards checks, in the database, that each one is
// there. Prints the figures; asserts nothing, but exits 1 when a write was
// lost or an error fell outside an outage, so a caller can tell.
//
//   node scripts/bench/load.mjs URL ANON_KEY EMAIL PASSWORD DATABASE_URL
//   env: LOAD_PG_CTL (JSON argv prefix of pg_ctl with -D), LOAD_PSQL (psql path),
//        LOAD_CLIENTS (200), LOAD_SECONDS (60), FAULT_SECONDS (45)
import http from 'node:http';
import { execFile, execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';

const [url, anonKey, email, password, databaseUrl] = process.argv.slice(2);
if (!databaseUrl) {
  console.error('usage: node scripts/bench/load.mjs URL ANON_KEY EMAIL PASSWORD DATABASE_URL');
  process.exit(2);
}
const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 200);
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const FAULT_SECONDS = Number(process.env.FAULT_SECONDS ?? 45);
const PG_CTL = JSON.parse(process.env.LOAD_PG_CTL ?? 'null');
const PSQL = process.env.LOAD_PSQL ?? 'psql';
// An error this long after a fault's command returned still counts as part
// of the outage (connections notice the restart on their next use).
const GRACE_MS = 5000;

const base = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS + 16 });
const started = performance.now();
const now = () => performance.now() - started;

let ipCounter = 0;
// Each request its own client address (pleat trusts 127.0.0.1), so that
// per-address limits never decide the figures.
function nextIp() {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** { status, body, json, start, end } or { error, start, end }; never throws. */
function request(method, path, { body, token, prefer } = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const start = now();
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        method,
        path,
        agent,
        timeout: 30000,
        headers: {
          apikey: anonKey,
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(prefer ? { Prefer: prefer } : {}),
          'X-Forwarded-For': nextIp(),
          ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let json = null;
          try {
            json = text ? JSON.parse(text) : null;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode, body: text, json, start, end: now() });
        });
        res.on('error', (e) => resolve({ error: e.code ?? e.message, start, end: now() }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('client timeout (30 s)')));
    req.on('error', (e) => resolve({ error: e.code ?? e.message, start, end: now() }));
    if (payload) req.write(payload);
    req.end();
  });
}

function psql(sql) {
  return execFileSync(PSQL, [databaseUrl, '-Atqc', sql], { encoding: 'utf8', maxBuffer: 256 << 20 }).trim();
}

const READS = [
  '/rest/v1/services?select=*&order=sort_order',
  '/rest/v1/hero_content?select=*',
  '/rest/v1/portfolio_items?select=*&order=sort_order',
  '/rest/v1/testimonials?select=*&featured=eq.true&order=sort_order',
];

/** Everything one phase saw. */
function newPhase(name) {
  return {
    name,
    latencies: { read: [], contact: [], testimonial: [], patch: [] },
    errors: [], // { kind, what, start, end, status, json }
    contacts: [], // emails acknowledged
    testimonials: [], // names acknowledged
    lanes: new Map(), // service id -> { acked: last acknowledged title, after: titles tried since }
    faults: [], // { kind, start, end, recovered }
    ok: 0,
    okEnds: [], // when each success was answered
  };
}

function record(phase, what, res, ok) {
  if (ok) {
    phase.ok += 1;
    phase.okEnds.push(res.end);
    phase.latencies[what].push(res.end - res.start);
    return true;
  }
  const kind = res.error ? `network ${res.error}` : `${res.status} ${res.json?.code ?? '(no code)'}`;
  phase.errors.push({ kind, what, start: res.start, end: res.end, status: res.status, json: res.json });
  return false;
}

async function visitor(phase, deadline, id, token) {
  let n = 0;
  while (now() < deadline) {
    n += 1;
    const r = Math.random();
    if (r < 0.75) {
      const res = await request('GET', READS[n % READS.length]);
      record(phase, 'read', res, res.status === 200);
    } else if (r < 0.9) {
      const mail = `load-${phase.name}-${id}-${n}@example.com`;
      const res = await request('POST', '/rest/v1/contact_messages', {
        prefer: 'return=minimal',
        body: { first_name: 'Load', last_name: `Client ${id}`, email: mail, message: 'Do you make curtains for bay windows?' },
      });
      if (record(phase, 'contact', res, res.status === 201)) phase.contacts.push(mail);
    } else {
      const name = `load-${phase.name}-${id}-${n}`;
      const res = await request('POST', '/rest/v1/testimonials', {
        token,
        prefer: 'return=minimal',
        body: { name, content: 'Written under load', rating: 5 },
      });
      if (record(phase, 'testimonial', res, res.status === 201)) phase.testimonials.push(name);
    }
  }
}

/** One editor per service row, PATCHing its title in sequence, so the row's
 * final title is known: the last acknowledged one, or one tried after it
 * whose answer was lost. */
async function editor(phase, deadline, serviceId, token) {
  const lane = { acked: null, after: [] };
  phase.lanes.set(serviceId, lane);
  let n = 0;
  while (now() < deadline) {
    n += 1;
    const title = `Service ${phase.name} ${n}`;
    lane.after.push(title);
    const res = await request('PATCH', `/rest/v1/services?id=eq.${serviceId}`, {
      token,
      prefer: 'return=minimal',
      body: { title },
    });
    if (record(phase, 'patch', res, res.status === 204)) {
      lane.acked = title;
      lane.after = [];
    }
  }
}

function runPgCtl(mode) {
  return new Promise((resolve) => {
    execFile(PG_CTL[0], [...PG_CTL.slice(1), 'restart', '-w', '-t', '120', '-m', mode], (err, stdout, stderr) => {
      if (err) console.error(`pg_ctl restart -m ${mode} failed: ${stderr || err.message}`);
      resolve();
    });
  });
}

async function faults(phase, seconds) {
  const at = (s) => new Promise((r) => setTimeout(r, s * 1000));
  const plan = [
    { at: seconds * 0.2, mode: 'fast' },
    { at: seconds * 0.6, mode: 'immediate' },
  ];
  const t0 = now();
  for (const step of plan) {
    await at(Math.max(0, (t0 + step.at * 1000 - now()) / 1000));
    const fault = { kind: `restart -m ${step.mode}`, start: now() };
    await runPgCtl(step.mode);
    fault.end = now();
    phase.faults.push(fault);
  }
}

async function runPhase(name, seconds, token, serviceIds, withFaults) {
  const phase = newPhase(name);
  phase.startedAt = now();
  const deadline = now() + seconds * 1000;
  const editors = serviceIds.slice(0, Math.min(serviceIds.length, CLIENTS));
  const work = [
    ...editors.map((id) => editor(phase, deadline, id, token)),
    ...Array.from({ length: CLIENTS - editors.length }, (_, i) => visitor(phase, deadline, i, token)),
  ];
  if (withFaults) work.push(faults(phase, seconds));
  await Promise.all(work);
  phase.seconds = seconds;
  return phase;
}

function pct(sorted, p) {
  if (!sorted.length) return '-';
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(1);
}

function inOutage(phase, e) {
  return phase.faults.some((f) => e.end >= f.start && e.start <= f.end + GRACE_MS);
}

function isPostgrestJson(j) {
  return j && typeof j === 'object' && ['code', 'message', 'details', 'hint'].every((k) => k in j);
}

/** Checks the phase's acknowledged writes against the database; returns lost count. */
function verify(phase) {
  const contacts = new Set(psql(`SELECT email FROM public.contact_messages WHERE email LIKE 'load-${phase.name}-%'`).split('\n'));
  const testimonials = new Set(psql(`SELECT name FROM public.testimonials WHERE name LIKE 'load-${phase.name}-%'`).split('\n'));
  const lostContacts = phase.contacts.filter((m) => !contacts.has(m)).length;
  const lostTestimonials = phase.testimonials.filter((m) => !testimonials.has(m)).length;
  let lostPatches = 0;
  let patchesChecked = 0;
  for (const [id, lane] of phase.lanes) {
    if (lane.acked === null) continue;
    patchesChecked += 1;
    const title = psql(`SELECT title FROM public.services WHERE id = '${id}'`);
    if (title !== lane.acked && !lane.after.includes(title)) lostPatches += 1;
  }
  const acked = phase.contacts.length + phase.testimonials.length + phase.latencies.patch.length;
  console.log(`  acknowledged writes: ${acked} (contact ${phase.contacts.length}, testimonial ${phase.testimonials.length}, service PATCH ${phase.latencies.patch.length})`);
  console.log(`  found in the database: contact ${phase.contacts.length - lostContacts}/${phase.contacts.length}, testimonial ${phase.testimonials.length - lostTestimonials}/${phase.testimonials.length}, service rows holding their last acknowledged (or a later tried) title ${patchesChecked - lostPatches}/${patchesChecked}`);
  const lost = lostContacts + lostTestimonials + lostPatches;
  console.log(`  LOST acknowledged writes: ${lost}`);
  return lost;
}

function report(phase) {
  const total = phase.ok + phase.errors.length;
  console.log(`\n${phase.name} phase: ${CLIENTS} clients, ${phase.seconds} s, ${total} requests (${(total / phase.seconds).toFixed(0)}/s), ${phase.errors.length} errors`);
  console.log('  latency ms (successes)   count     p50     p95     p99');
  for (const [what, list] of Object.entries(phase.latencies)) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(`  ${what.padEnd(24)} ${String(sorted.length).padStart(6)} ${pct(sorted, 50).padStart(7)} ${pct(sorted, 95).padStart(7)} ${pct(sorted, 99).padStart(7)}`);
  }
  let outside = 0;
  let notPostgrest503 = 0;
  const kinds = new Map();
  for (const e of phase.errors) {
    const during = inOutage(phase, e);
    if (!during) outside += 1;
    if (during && !(e.status === 503 && isPostgrestJson(e.json))) notPostgrest503 += 1;
    const key = `${during ? 'during an outage' : 'OUTSIDE any outage'}: ${e.kind}`;
    kinds.set(key, (kinds.get(key) ?? 0) + 1);
  }
  for (const [k, n] of [...kinds].sort()) console.log(`  errors ${k}: ${n}`);
  for (const [i, f] of phase.faults.entries()) {
    // Up to the next fault: its errors are its own.
    const until = Math.min(f.end + GRACE_MS, phase.faults[i + 1]?.start ?? Infinity);
    const firstOk = phase.okEnds.reduce((m, t) => (t >= f.end && t < m ? t : m), Infinity) - f.end;
    const during = phase.errors.filter((e) => e.end >= f.start && e.start <= until);
    const late = during.filter((e) => e.end > f.end);
    const lastError = late.reduce((m, e) => Math.max(m, e.end), f.end);
    console.log(
      `  fault pg_ctl ${f.kind} ${((f.start - phase.startedAt) / 1000).toFixed(1)} s into the phase: command took ${((f.end - f.start) / 1000).toFixed(1)} s, ` +
        `${during.length} errors, first success ${(firstOk / 1000).toFixed(2)} s after the command returned, ` +
        `${late.length} errors answered after it returned (the last ${((lastError - f.end) / 1000).toFixed(2)} s after)`,
    );
  }
  console.log(`  errors outside outages: ${outside}; errors during outages that are not 503 with PostgREST's JSON: ${notPostgrest503}`);
  const sample = phase.errors.find((e) => !(e.status === 503 && isPostgrestJson(e.json)));
  if (sample) console.log(`  first such error: ${sample.what} ${sample.kind} ${JSON.stringify(sample.json ?? sample.kind).slice(0, 300)}`);
  return outside + notPostgrest503;
}

const session = await request('POST', '/auth/v1/token?grant_type=password', { body: { email, password } });
if (session.status !== 200) {
  console.error(`sign-in failed: ${session.status} ${session.body}`);
  process.exit(1);
}
const token = session.json.access_token;
const services = await request('GET', '/rest/v1/services?select=id&order=sort_order');
const serviceIds = services.json.map((s) => s.id);

let bad = 0;
const load = await runPhase('load', LOAD_SECONDS, token, serviceIds, false);
bad += report(load);
bad += verify(load);
if (PG_CTL) {
  const fault = await runPhase('fault', FAULT_SECONDS, token, serviceIds, true);
  bad += report(fault);
  bad += verify(fault);
  const after = await request('GET', READS[0]);
  console.log(`  after the faults, without restarting pleat: GET services → ${after.status ?? after.error}`);
  if (after.status !== 200) bad += 1;
}
agent.destroy();
process.exit(bad ? 1 : 0);
