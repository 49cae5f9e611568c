// Schemas (Accept-Profile / Content-Profile from db.schema and .schema()),
// roles from the JWT (anon key, a user's token, service_role), row-level
// security on auth.uid(), the request GUCs functions can read, and JWT errors,
// as PostgREST v12 behind Supabase answers them (docs: references/api/schemas.rst,
// references/auth.rst, references/transactions.rst; Error.hs 42501 -> 401/403).
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startRestFixture, expectOk, expectError, userToken, ALICE, BOB } from './lib/rest-fixture.mjs';
import { signJwt } from './lib/pleat.mjs';

const EXTRA = `
CREATE SCHEMA extra;
GRANT USAGE ON SCHEMA extra TO anon, authenticated, service_role;
CREATE TABLE extra.things (id serial PRIMARY KEY, label text NOT NULL);
INSERT INTO extra.things (label) VALUES ('only in extra');
GRANT SELECT, INSERT ON extra.things TO anon, authenticated, service_role;
GRANT USAGE ON ALL SEQUENCES IN SCHEMA extra TO anon, authenticated, service_role;
CREATE FUNCTION extra.where_am_i() RETURNS text LANGUAGE sql STABLE AS $$ SELECT 'extra' $$;
CREATE FUNCTION request_info() RETURNS json LANGUAGE sql STABLE AS $$
  SELECT json_build_object(
    'path', current_setting('request.path', true),
    'method', current_setting('request.method', true),
    'x_test', current_setting('request.headers', true)::json->>'x-test',
    'email', auth.jwt()->>'email',
    'role', auth.role())
$$;
`;

let fx;
before(async () => {
  fx = await startRestFixture({ extraSql: EXTRA, env: { PLEAT_DB_SCHEMAS: 'public,extra', PLEAT_MAX_BODY: '65536' } });
});
after(() => fx?.stop());

const as = (sub, extra) => fx.client({ token: userToken(sub, extra) });

describe('schemas', () => {
  test('an unexposed schema in db.schema is 406 PGRST106', async () => {
    const res = await fx.client({ schema: 'other' }).from('books').select('id');
    expectError(assert, res, {
      status: 406,
      code: 'PGRST106',
      message: 'Invalid schema: other',
      details: null,
      hint: 'Only the following schemas are exposed: public, extra',
    });
  });

  test('an unexposed schema for a write (Content-Profile) is 406 PGRST106 too', async () => {
    const res = await fx.anon.schema('private').from('books').insert({ title: 'nope' });
    expectError(assert, res, { status: 406, code: 'PGRST106' });
  });

  test('.schema() reads another exposed schema', async () => {
    const res = await fx.anon.schema('extra').from('things').select('label');
    expectOk(assert, res, { data: [{ label: 'only in extra' }] });
  });

  test('db.schema makes it the client default, for reads, writes and rpc', async () => {
    const extra = fx.client({ schema: 'extra' });
    const ins = await extra.from('things').insert({ label: 'written to extra' }).select('label');
    expectOk(assert, ins, { status: 201, data: [{ label: 'written to extra' }] });
    const fn = await extra.rpc('where_am_i');
    expectOk(assert, fn, { data: 'extra' });
  });

  test('a table of another schema is not found in the default one', async () => {
    const res = await fx.anon.from('things').select('id');
    assert.equal(res.status, 404);
    assert.equal(res.data, null);
    assert.ok(['42P01', 'PGRST205'].includes(res.error?.code), JSON.stringify(res.error));
  });
});

describe('limits', () => {
  test('a body over PLEAT_MAX_BODY is 413 with a JSON error, not a 5xx', async () => {
    const res = await fx.anon.schema('extra').from('things').insert({ label: 'x'.repeat(100_000) });
    assert.equal(res.status, 413);
    assert.equal(res.data, null);
    assert.equal(typeof res.error?.code, 'string', JSON.stringify(res.error));
    assert.equal(typeof res.error?.message, 'string');
  });
});

describe('roles and claims', () => {
  test('the anon key runs as anon', async () => {
    const res = await fx.anon.rpc('whoami');
    expectOk(assert, res, { data: { role: 'anon', sub: null, method: 'POST' } });
  });

  test("a user's token runs as authenticated with its sub", async () => {
    const res = await as(ALICE).rpc('whoami', {}, { get: true });
    expectOk(assert, res, { data: { role: 'authenticated', sub: ALICE, method: 'GET' } });
  });

  test('the service key runs as service_role', async () => {
    const res = await fx.service.rpc('whoami');
    expectOk(assert, res, { data: { role: 'service_role', sub: null, method: 'POST' } });
  });

  test('request.path, request.method, request.headers and auth.jwt() are visible to SQL', async () => {
    const client = fx.client({ token: userToken(BOB, { email: 'bob@example.com' }), headers: { 'x-test': 'hello' } });
    const res = await client.rpc('request_info');
    expectOk(assert, res, { data: { path: '/rpc/request_info', method: 'POST', x_test: 'hello', email: 'bob@example.com', role: 'authenticated' } });
  });

  test('an expired token is 401', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = signJwt({ sub: ALICE, role: 'authenticated', iat: now - 7200, exp: now - 3600 });
    const res = await fx.client({ token: expired }).from('books').select('id');
    expectError(assert, res, { status: 401, code: /^PGRST30[13]$/, message: 'JWT expired' });
  });

  test('a token signed with another secret is 401', async () => {
    const forged = signJwt({ sub: ALICE, role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 600 }, { secret: 'not-the-secret-not-the-secret-0000' });
    const res = await fx.client({ token: forged }).from('books').select('id');
    expectError(assert, res, { status: 401, code: /^PGRST30[13]$/ });
  });
});

describe('row-level security on notes', () => {
  let aliceNote;
  before(async () => {
    const res = await as(ALICE).from('notes').insert({ body: 'alice secret' }).select().single();
    aliceNote = expectOk(assert, res, { status: 201 });
    expectOk(assert, await as(BOB).from('notes').insert({ body: 'bob secret' }), { status: 201 });
  });

  test('an insert gets owner from auth.uid()', async () => {
    assert.equal(aliceNote.owner, ALICE);
    assert.equal(aliceNote.body, 'alice secret');
  });

  test('a user sees only their own notes', async () => {
    const alice = await as(ALICE).from('notes').select('body,owner');
    expectOk(assert, alice, { data: [{ body: 'alice secret', owner: ALICE }] });
    const bob = await as(BOB).from('notes').select('body', { count: 'exact' });
    expectOk(assert, bob, { data: [{ body: 'bob secret' }], count: 1 });
  });

  test("another user's note cannot be updated or deleted: no rows match", async () => {
    const upd = await as(BOB).from('notes').update({ body: 'hijacked' }).eq('id', aliceNote.id).select();
    expectOk(assert, upd, { data: [] });
    const del = await as(BOB).from('notes').delete().eq('id', aliceNote.id).select();
    expectOk(assert, del, { data: [] });
    const { rows } = await fx.sql('SELECT body FROM notes WHERE id = $1', [aliceNote.id]);
    assert.deepEqual(rows, [{ body: 'alice secret' }]);
  });

  test("a note written in someone else's name is refused: 42501, 403 for a user", async () => {
    const res = await as(BOB).from('notes').insert({ body: 'forged', owner: ALICE });
    expectError(assert, res, { status: 403, code: '42501', message: 'new row violates row-level security policy for table "notes"' });
  });

  test('anon sees no notes and is refused an insert: 42501, 401 for anon', async () => {
    const read = await fx.anon.from('notes').select('id');
    expectOk(assert, read, { data: [] });
    const write = await fx.anon.from('notes').insert({ body: 'anonymous' });
    expectError(assert, write, { status: 401, code: '42501', message: 'new row violates row-level security policy for table "notes"' });
  });

  test('service_role bypasses row-level security', async () => {
    const res = await fx.service.from('notes').select('body').order('body');
    expectOk(assert, res, { data: [{ body: 'alice secret' }, { body: 'bob secret' }] });
  });

  test('the owner updates their own note', async () => {
    const res = await as(ALICE).from('notes').update({ body: 'alice edited' }).eq('id', aliceNote.id).select('body').single();
    expectOk(assert, res, { data: { body: 'alice edited' } });
  });
});
