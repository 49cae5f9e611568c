// supabase-js `explain()` (Accept: application/vnd.pgrst.plan…) on the neutral
// fixture schema: JSON and text plans of reads, writes and calls, each EXPLAIN
// option, the `for` media type, and that ANALYZE of a write keeps nothing.
// Off by default (PLEAT_DB_PLAN, PostgREST's db-plan-enabled): then the plan
// media type is not offered and the answer is PostgREST's 406 PGRST107.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startRestFixture, expectOk, expectError, userToken, ALICE } from './lib/rest-fixture.mjs';

/** The top node of a JSON plan. */
const top = (res) => {
  assert.equal(res.error, null, `unexpected error: ${JSON.stringify(res.error)}`);
  assert.equal(res.status, 200);
  assert.ok(Array.isArray(res.data), `a JSON plan is an array: ${JSON.stringify(res.data)}`);
  return res.data[0].Plan;
};

/** Every node of a JSON plan tree. */
const nodes = (plan) => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

describe('with PLEAT_DB_PLAN=true', () => {
  let fx;
  before(async () => {
    fx = await startRestFixture({ env: { PLEAT_DB_PLAN: 'true' } });
  });
  after(() => fx?.stop());

  test('a JSON plan of a read has a cost and the headers PostgREST sends', async () => {
    const res = await fx.anon
      .from('ex_orders')
      .select('id, qty')
      .eq('book_id', 1)
      .explain({ format: 'json' });
    const plan = top(res);
    assert.equal(plan['Node Type'], 'Aggregate');
    assert.ok(plan['Total Cost'] > 0);
    assert.equal(plan['Actual Rows'], undefined, 'not analyzed');
    // The raw answer, for its Content-Type.
    const raw = await fetch(`${fx.url}/rest/v1/ex_orders?book_id=eq.1`, {
      headers: { apikey: fx.anonKey, Accept: 'application/vnd.pgrst.plan+json' },
    });
    assert.equal(
      raw.headers.get('content-type'),
      'application/vnd.pgrst.plan+json; for="application/json"; charset=utf-8',
    );
  });

  test('a text plan (the default format) is the EXPLAIN text', async () => {
    const res = await fx.anon.from('books').select('title').eq('id', 1).explain();
    expectOk(assert, res);
    assert.equal(typeof res.data, 'string');
    assert.match(res.data, /^Aggregate {2}\(cost=/);
    assert.ok(res.data.endsWith('\n'));
  });

  test('analyze runs the read and reports actual rows', async () => {
    const res = await fx.anon.from('ex_orders').select('*').eq('book_id', 1).explain({ analyze: true, format: 'json' });
    const plan = top(res);
    assert.equal(plan['Actual Rows'], 1, 'the aggregate returns one row');
    assert.ok(res.data[0]['Execution Time'] >= 0);
    const scan = nodes(plan).find((n) => n['Relation Name'] === 'ex_orders');
    assert.equal(scan['Actual Rows'], 2, 'two orders of book 1');
  });

  test('verbose lists output columns', async () => {
    const res = await fx.anon.from('ex_orders').select('id, qty').explain({ verbose: true, format: 'json' });
    const plan = top(res);
    assert.match(JSON.stringify(plan.Output), /json_agg/);
    const scan = nodes(plan).find((n) => n['Relation Name'] === 'ex_orders');
    assert.ok(scan.Output.includes('ex_orders.qty'), `columns: ${scan.Output}`);
  });

  test('settings shows the settings that differ from the defaults', async () => {
    const res = await fx.anon.from('ex_orders').select('id').explain({ settings: true, format: 'json' });
    top(res);
    assert.ok('Settings' in res.data[0], `Settings key in ${JSON.stringify(res.data[0])}`);
  });

  test('buffers (with analyze) reports block counts, wal reports WAL records', async () => {
    const buffers = await fx.anon.from('ex_orders').select('id').explain({ analyze: true, buffers: true, format: 'json' });
    assert.ok('Shared Hit Blocks' in top(buffers));
    const wal = await fx.anon.from('ex_orders').select('id').explain({ analyze: true, wal: true, format: 'json' });
    assert.equal(top(wal)['WAL Records'], 0, 'a read writes no WAL');
  });

  test('wal without analyze is PostgreSQL’s 400 error', async () => {
    const res = await fx.anon.from('ex_orders').select('id').explain({ wal: true, format: 'json' });
    expectError(assert, res, { status: 400, code: '22023', message: /WAL requires ANALYZE/ });
  });

  test('the plan is of the statement for the `for` media type: single object and CSV', async () => {
    const single = await fx.anon
      .from('ex_orders')
      .select('id')
      .eq('id', 1)
      .single()
      .explain({ verbose: true, format: 'json' });
    assert.match(JSON.stringify(top(single).Output), /json_agg\(.*\) -> 0/);
    const csv = await fx.anon.from('ex_orders').select('id').csv().explain({ verbose: true, format: 'json' });
    assert.match(JSON.stringify(top(csv).Output), /string_agg/);
  });

  test('analyze of an insert shows the insert and keeps nothing', async () => {
    const res = await fx.anon
      .from('ex_orders')
      .insert({ book_id: 2, qty: 7 })
      .select()
      .explain({ analyze: true, format: 'json' });
    const insert = nodes(top(res)).find((n) => n['Node Type'] === 'ModifyTable');
    assert.equal(insert.Operation, 'Insert');
    assert.equal(insert['Relation Name'], 'ex_orders');
    const { rows } = await fx.sql('SELECT count(*)::int AS n FROM ex_orders WHERE book_id = 2');
    assert.equal(rows[0].n, 0, 'the analyzed insert was rolled back');
  });

  test('plans of an update and a delete, analyzed, change nothing', async () => {
    const update = await fx.anon.from('ex_orders').update({ qty: 99 }).eq('id', 1).explain({ analyze: true, format: 'json' });
    assert.equal(nodes(top(update)).find((n) => n['Node Type'] === 'ModifyTable').Operation, 'Update');
    const del = await fx.anon.from('ex_orders').delete().eq('id', 2).explain({ analyze: true, format: 'json' });
    assert.equal(nodes(top(del)).find((n) => n['Node Type'] === 'ModifyTable').Operation, 'Delete');
    const { rows } = await fx.sql('SELECT id, qty FROM ex_orders ORDER BY id');
    assert.deepEqual(rows, [
      { id: 1, qty: 2 },
      { id: 2, qty: 1 },
      { id: 3, qty: 5 },
    ]);
  });

  test('a function call has a plan, by GET and by POST', async () => {
    const get = await fx.anon.rpc('ex_copies_of', { book: 1 }, { get: true }).explain({ format: 'json' });
    assert.ok(top(get)['Total Cost'] > 0);
    const post = await fx.anon.rpc('add_review', { book: 1, stars: 5 }).explain({ analyze: true, format: 'json' });
    top(post);
    const { rows } = await fx.sql('SELECT count(*)::int AS n FROM reviews WHERE book_id = 1 AND stars = 5 AND body IS NULL');
    const before = rows[0].n;
    const again = await fx.anon.rpc('add_review', { book: 1, stars: 5 }).explain({ analyze: true, format: 'json' });
    top(again);
    const after = await fx.sql('SELECT count(*)::int AS n FROM reviews WHERE book_id = 1 AND stars = 5 AND body IS NULL');
    assert.equal(after.rows[0].n, before, 'the analyzed call was rolled back');
  });

  test('plans run as the caller: row-level security is in the plan, privileges apply', async () => {
    const alice = fx.client({ token: userToken(ALICE) });
    const res = await alice.from('notes').select('*').explain({ verbose: true, format: 'json' });
    const scan = nodes(top(res)).find((n) => n['Relation Name'] === 'notes');
    // auth.uid() is inlined: the policy reads the request's claims.
    assert.match(scan.Filter, /notes\.owner = .*request\.jwt\.claims/, 'the policy is part of the plan');
    await fx.sql('REVOKE SELECT ON ex_orders FROM anon');
    const denied = await fx.anon.from('ex_orders').select('id').explain({ format: 'json' });
    expectError(assert, denied, { status: 401, code: '42501' });
    await fx.sql('GRANT SELECT ON ex_orders TO anon');
  });

  test('options are rendered in PostgREST’s order and unknown ones ignored', async () => {
    const raw = await fetch(`${fx.url}/rest/v1/ex_orders`, {
      headers: {
        apikey: fx.anonKey,
        Accept: 'application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object"; options=verbose|nonsense|analyze;',
      },
    });
    assert.equal(raw.status, 200);
    assert.equal(
      raw.headers.get('content-type'),
      'application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"; options=analyze|verbose; charset=utf-8',
    );
  });

  test('a plan for a media type the resource cannot produce is 406 PGRST107', async () => {
    const raw = await fetch(`${fx.url}/rest/v1/ex_orders`, {
      headers: { apikey: fx.anonKey, Accept: 'application/vnd.pgrst.plan+json; for="text/xml"' },
    });
    assert.equal(raw.status, 406);
    assert.deepEqual(await raw.json(), {
      code: 'PGRST107',
      message: 'None of these media types are available: application/vnd.pgrst.plan+json; for="text/xml"',
      details: null,
      hint: null,
    });
  });
});

describe('without PLEAT_DB_PLAN (the default)', () => {
  let fx;
  before(async () => {
    fx = await startRestFixture();
  });
  after(() => fx?.stop());

  test('explain() is 406 PGRST107, for anon and for the service role alike', async () => {
    for (const client of [fx.anon, fx.service]) {
      const res = await client.from('books').select('id').explain({ analyze: true, format: 'json' });
      expectError(assert, res, {
        status: 406,
        code: 'PGRST107',
        message:
          'None of these media types are available: application/vnd.pgrst.plan+json; for="application/json"; options=analyze',
        details: null,
        hint: null,
      });
    }
  });

  test('an analyzed write is refused before it runs', async () => {
    const res = await fx.service.from('ex_orders').insert({ book_id: 2, qty: 7 }).explain({ analyze: true });
    expectError(assert, res, { status: 406, code: 'PGRST107' });
    const { rows } = await fx.sql('SELECT count(*)::int AS n FROM ex_orders WHERE book_id = 2');
    assert.equal(rows[0].n, 0);
  });

  test('a later acceptable media type is answered instead', async () => {
    const raw = await fetch(`${fx.url}/rest/v1/ex_orders?select=id&order=id`, {
      headers: { apikey: fx.anonKey, Accept: 'application/vnd.pgrst.plan+json, application/json;q=0.5' },
    });
    assert.equal(raw.status, 200);
    assert.deepEqual(await raw.json(), [{ id: 1 }, { id: 2 }, { id: 3 }]);
  });
});
