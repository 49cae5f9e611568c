// The contact form's guards through the real supabase-js, as a spammer would
// meet them: visitors insert only the form's fields, one message per request,
// at most 5 per client address in 10 minutes (429 with the form's text). Behind
// a trusted proxy (PLEAT_TRUSTED_PROXIES) the address is the one X-Forwarded-For
// names; otherwise that header is ignored, however often it changes.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { createClient } from '@supabase/supabase-js';
import { startPleat } from './lib/pleat.mjs';
import { nextIp } from './lib/auth.mjs';

const MESSAGE = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', message: 'Please quote for blinds' };
const TOO_MANY = 'Too many messages. Please try again later.';

let pleat;
const visitor = (ip = nextIp(), target = pleat) =>
  createClient(target.url, target.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { 'X-Forwarded-For': ip } },
  });
const stored = async (where = 'true', target = pleat) =>
  (await target.sql(`SELECT count(*)::int AS n FROM contact_messages WHERE ${where}`)).rows[0].n;

before(async () => {
  pleat = await startPleat({ env: { PLEAT_TRUSTED_PROXIES: '127.0.0.1' } });
});
after(() => pleat?.stop());

describe('contact messages from visitors', () => {
  test('the form’s fields alone are accepted, dated by the database', async () => {
    const { error, status } = await visitor().from('contact_messages').insert({ ...MESSAGE, phone: '555', service_needed: 'blinds', first_name: 'Plain' });
    assert.equal(error, null);
    assert.equal(status, 201);
    const { rows } = await pleat.sql(`SELECT created_at > now() - interval '1 minute' AS fresh FROM contact_messages WHERE first_name = 'Plain'`);
    assert.deepEqual(rows, [{ fresh: true }]);
  });

  for (const [column, value] of [
    ['id', '6f1c1b1e-0000-4000-8000-0000000000aa'],
    ['created_at', '2099-01-01T00:00:00Z'],
  ]) {
    test(`choosing ${column} is refused (401 42501)`, async () => {
      const { error, status } = await visitor().from('contact_messages').insert({ ...MESSAGE, first_name: `Chose ${column}`, [column]: value });
      assert.equal(status, 401);
      assert.equal(error.code, '42501');
      assert.match(error.message, /permission denied/);
      assert.equal(await stored(`first_name = 'Chose ${column}'`), 0);
    });
  }

  test('a bulk insert is refused (400) and stores nothing', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => ({ ...MESSAGE, first_name: 'Bulk', message: `Spam ${i}` }));
    const { error, status } = await visitor().from('contact_messages').insert(rows);
    assert.equal(status, 400);
    assert.equal(error.code, 'P0001');
    assert.equal(error.message, 'Send one contact message per request (this request had 50).');
    assert.equal(await stored(`first_name = 'Bulk'`), 0);
  });

  test('the 6th message in 10 minutes from one address is 429 with the form’s text; another address still sends', async () => {
    const ip = nextIp();
    for (let n = 1; n <= 5; n += 1) {
      const { error, status } = await visitor(ip).from('contact_messages').insert({ ...MESSAGE, first_name: 'Often', message: `Number ${n}` });
      assert.equal(error, null, `message ${n}`);
      assert.equal(status, 201);
    }
    const { error, status } = await visitor(ip).from('contact_messages').insert({ ...MESSAGE, first_name: 'Often', message: 'Number 6' });
    assert.equal(status, 429);
    assert.equal(error.code, 'PT429');
    assert.equal(error.message, TOO_MANY);
    assert.equal(error.hint, 'At most 5 messages in 10 minutes from one address.');

    // Without supabase-js: the status, PostgREST's JSON and when to come back.
    const res = await fetch(`${pleat.url}/rest/v1/contact_messages`, {
      method: 'POST',
      headers: { apikey: pleat.anonKey, 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
      body: JSON.stringify({ ...MESSAGE, first_name: 'Often', message: 'Number 7' }),
    });
    assert.equal(res.status, 429);
    const retryAfter = Number(res.headers.get('retry-after'));
    assert.ok(retryAfter >= 1 && retryAfter <= 600, `Retry-After ${res.headers.get('retry-after')}`);
    const body = await res.json();
    assert.deepEqual({ ...body, details: undefined }, { code: 'PT429', message: TOO_MANY, details: undefined, hint: 'At most 5 messages in 10 minutes from one address.' });
    assert.equal(body.details, `Retry after ${retryAfter} seconds.`);
    assert.equal(await stored(`first_name = 'Often'`), 5);

    const other = await visitor().from('contact_messages').insert({ ...MESSAGE, first_name: 'Other' });
    assert.equal(other.error, null);
    assert.equal(other.status, 201);
  });

  test('10 messages at once from one address: exactly 5 get in', async () => {
    const ip = nextIp();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, n) => visitor(ip).from('contact_messages').insert({ ...MESSAGE, first_name: 'Burst', message: `Burst ${n}` })),
    );
    const statuses = results.map((r) => r.status).sort();
    assert.deepEqual(statuses, [201, 201, 201, 201, 201, 429, 429, 429, 429, 429]);
    assert.equal(await stored(`first_name = 'Burst'`), 5);
  });

  test('X-Forwarded-For on several lines is one list: a forged first line does not make a new visitor', async () => {
    // Some proxies add their own line rather than extend the client's; the
    // nearest hop (the last line) names the client.
    const real = nextIp();
    const post = (forged, n) =>
      new Promise((resolve, reject) => {
        const body = JSON.stringify({ ...MESSAGE, first_name: 'Lines', message: `Line ${n}` });
        const req = http.request(`${pleat.url}/rest/v1/contact_messages`, {
          method: 'POST',
          // Raw headers (name, value, name, value …) keep the two lines apart.
          headers: [
            'Host', new URL(pleat.url).host,
            'Content-Length', String(Buffer.byteLength(body)),
            'apikey', pleat.anonKey,
            'Content-Type', 'application/json',
            'X-Forwarded-For', forged,
            'X-Forwarded-For', real,
          ],
        });
        req.on('response', (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode));
        });
        req.on('error', reject);
        req.end(body);
      });
    const statuses = [];
    for (let n = 1; n <= 6; n += 1) statuses.push(await post(nextIp(), n));
    assert.deepEqual(statuses, [201, 201, 201, 201, 201, 429]);
    assert.equal(await stored(`first_name = 'Lines'`), 5);
  });

  test('the service key is not limited', async () => {
    const ip = nextIp();
    const service = createClient(pleat.url, pleat.serviceKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { 'X-Forwarded-For': ip } },
    });
    const rows = Array.from({ length: 7 }, (_, i) => ({ ...MESSAGE, first_name: 'Service', message: `Import ${i}` }));
    const { error, status } = await service.from('contact_messages').insert(rows);
    assert.equal(error, null);
    assert.equal(status, 201);
    assert.equal(await stored(`first_name = 'Service'`), 7);
  });
});

describe('without a trusted proxy', () => {
  let direct;
  before(async () => {
    direct = await startPleat();
  });
  after(() => direct?.stop());

  test('a new X-Forwarded-For per request does not buy more messages', async () => {
    for (let n = 1; n <= 5; n += 1) {
      const { error } = await visitor(nextIp(), direct).from('contact_messages').insert({ ...MESSAGE, message: `Forged ${n}` });
      assert.equal(error, null, `message ${n}`);
    }
    const { error, status } = await visitor(nextIp(), direct).from('contact_messages').insert({ ...MESSAGE, message: 'Forged 6' });
    assert.equal(status, 429);
    assert.equal(error.message, TOO_MANY);
    assert.equal(await stored('true', direct), 5);
  });
});
