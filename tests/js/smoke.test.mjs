// The real binary starts on a fresh database and serves the health check and
// the site with its runtime config, as a browser would fetch them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPleat } from './lib/pleat.mjs';

let pleat;
before(async () => {
  pleat = await startPleat();
});
after(() => pleat?.stop());

test('health answers once the database is migrated', async () => {
  const res = await fetch(`${pleat.url}/auth/v1/health`);
  assert.equal(res.status, 200);
  assert.equal((await res.json()).name, 'GoTrue');
});

test('the migrations ran: the seed content is in the database', async () => {
  const { rows } = await pleat.sql('SELECT count(*)::int AS n FROM portfolio_items');
  assert.ok(rows[0].n >= 6);
});
