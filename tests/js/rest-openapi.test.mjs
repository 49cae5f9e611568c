// The OpenAPI document at GET /rest/v1/ as API tools fetch it (supabase-js
// itself never asks for it): with the anon key it lists what anon may use,
// with the service key everything; Accept-Profile picks the schema and is
// named back; HEAD gives the headers only; other media types are 406.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startRestFixture } from './lib/rest-fixture.mjs';

let fx;
before(async () => {
  fx = await startRestFixture({
    extraSql: `
      CREATE TABLE ex_secrets (id int PRIMARY KEY, body text);
      GRANT ALL ON ex_secrets TO service_role;
      COMMENT ON SCHEMA public IS 'Bookshop API
Books, authors and orders.';`,
  });
});
after(() => fx?.stop());

const root = (key, headers = {}, method = 'GET') =>
  fetch(`${fx.url}/rest/v1/`, { method, headers: { apikey: key, Authorization: `Bearer ${key}`, ...headers } });

test('anon sees the tables and functions it may use, described from their comments', async () => {
  const res = await root(fx.anonKey);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'application/openapi+json; charset=utf-8');
  const doc = await res.json();
  assert.equal(doc.swagger, '2.0');
  assert.deepEqual(doc.info.title, 'Bookshop API');
  assert.deepEqual(doc.info.description, 'Books, authors and orders.');
  assert.equal(doc.paths['/ex_orders'].get.summary, 'Orders of books');
  assert.equal(doc.definitions.ex_orders.properties.qty.default, 1);
  assert.deepEqual(Object.keys(doc.paths['/rpc/ex_copies_of']).sort(), ['get', 'post']);
  assert.equal(doc.paths['/ex_secrets'], undefined, 'anon has no privilege on ex_secrets');
  assert.equal(doc.definitions.ex_secrets, undefined);
});

test('the service role sees every table', async () => {
  const doc = await (await root(fx.serviceKey)).json();
  assert.ok(doc.paths['/ex_secrets'].get);
  assert.deepEqual(doc.definitions.ex_secrets.required, ['id']);
});

test('Accept-Profile is named back in Content-Profile; an unexposed schema is PGRST106', async () => {
  const res = await root(fx.anonKey, { 'Accept-Profile': 'public' });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-profile'), 'public');
  const other = await root(fx.anonKey, { 'Accept-Profile': 'auth' });
  assert.equal(other.status, 406);
  assert.equal((await other.json()).code, 'PGRST106');
});

test('HEAD has the headers and no body; CSV is not offered', async () => {
  const head = await root(fx.anonKey, {}, 'HEAD');
  assert.equal(head.status, 200);
  assert.equal(head.headers.get('content-type'), 'application/openapi+json; charset=utf-8');
  assert.equal(await head.text(), '');
  const csv = await root(fx.anonKey, { Accept: 'text/csv' });
  assert.equal(csv.status, 406);
  assert.equal((await csv.json()).code, 'PGRST107');
});
