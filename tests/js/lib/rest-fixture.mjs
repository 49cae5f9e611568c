// Starts pleat over the REST test schema (tests/fixtures/rest_schema.sql) and
// waits until the schema cache has reloaded, so each rest-*.test.mjs file gets
// a server of its own with the fixture rows in their seeded state.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createClient } from '@supabase/supabase-js';
import { startPleat, signJwt } from './pleat.mjs';

// rest_schema.sql first, then every other tests/fixtures/rest_*.sql in name
// order (one file per feature's objects, the same files the Rust HTTP tests'
// app links as migrations).
const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures');
const FIXTURE_FILES = [
  'rest_schema.sql',
  ...readdirSync(FIXTURES)
    .filter((f) => /^rest_.+\.sql$/.test(f) && f !== 'rest_schema.sql')
    .sort(),
];
export const FIXTURE_SQL = FIXTURE_FILES.map((f) => readFileSync(path.join(FIXTURES, f), 'utf8')).join('\n');

/** Two users of the `notes` table (RLS on auth.uid()). */
export const ALICE = '11111111-1111-4111-8111-111111111111';
export const BOB = '22222222-2222-4222-8222-222222222222';

/** A signed access token as GoTrue would issue it for `sub`. */
export function userToken(sub, extra = {}) {
  const now = Math.floor(Date.now() / 1000);
  return signJwt({ sub, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 600, ...extra });
}

/**
 * Start pleat with the fixture schema (plus `extraSql`, appended after it) and
 * wait until `books` is served. Returns startPleat's handle plus `client()`,
 * `anon` and `service`.
 */
export async function startRestFixture({ extraSql = '', env } = {}) {
  const pleat = await startPleat({ setupSql: `${FIXTURE_SQL}\n${extraSql}`, env });
  const client = (options = {}) => {
    const { key = pleat.anonKey, token, schema, headers = {} } = options;
    return createClient(pleat.url, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      db: schema ? { schema } : undefined,
      global: { headers: token ? { ...headers, Authorization: `Bearer ${token}` } : headers },
    });
  };
  const anon = client();
  // The reload after setupSql is asynchronous: until it lands, `books` is unknown.
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { error } = await anon.from('books').select('id').limit(1);
    if (!error) break;
    if (Date.now() > deadline) {
      await pleat.stop();
      throw new Error(`the fixture schema never became available: ${JSON.stringify(error)}`);
    }
    await sleep(50);
  }
  return { ...pleat, client, anon, service: client({ key: pleat.serviceKey }) };
}

/** The ids of `rows`, sorted. */
export const ids = (rows) => rows.map((r) => r.id).sort((a, b) => a - b);

/**
 * A successful supabase-js result: no error, the given status, and (when given)
 * the data and count. Returns the data for further checks.
 */
export function expectOk(assert, res, { status = 200, data, count = null } = {}) {
  assert.equal(res.error, null, `unexpected error: ${JSON.stringify(res.error)}`);
  assert.equal(res.status, status, `status (body ${JSON.stringify(res.data)})`);
  if (data !== undefined) assert.deepEqual(res.data, data);
  if (count !== undefined) assert.equal(res.count, count, 'count');
  return res.data;
}

/**
 * A failed supabase-js result: `data` and `count` null, the status, and the
 * error fields PostgREST fixes. A field left undefined is not checked; a RegExp
 * is matched; anything else (null included) must be equal.
 */
export function expectError(assert, res, { status, code, message, details, hint }) {
  assert.ok(res.error, `expected an error, got ${res.status} ${JSON.stringify(res.data)}`);
  assert.equal(res.data, null, 'data');
  assert.equal(res.count, null, 'count');
  assert.equal(res.status, status, `status (error ${JSON.stringify(res.error)})`);
  const check = (field, want) => {
    if (want === undefined) return;
    if (want instanceof RegExp) assert.match(res.error[field], want, field);
    else assert.deepEqual(res.error[field], want, field);
  };
  check('code', code);
  check('message', message);
  check('details', details);
  check('hint', hint);
  return res.error;
}
