// Filters, function arguments and writes on types whose name carries a length
// or precision (char(n), varchar(n), numeric(p,s), bit(n)), arrays of them and
// domains over them. PostgREST lets PostgreSQL type a filter value from the
// column, so `iso=eq.DZ` on a char(2) column matches 'DZ'; a value must never be
// cut to a default length on its way (a bare `character` is character(1)).
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startRestFixture, expectOk, expectError, ids } from './lib/rest-fixture.mjs';

const EXTRA = `
CREATE DOMAIN iso_code AS char(2);
CREATE DOMAIN short_name AS varchar(3);
CREATE DOMAIN money2 AS numeric(5,2);
CREATE DOMAIN flags3 AS bit(3);
CREATE TABLE typed_values (
  id int PRIMARY KEY,
  iso char(2),
  code varchar(3),
  amount numeric(5,2),
  bits bit(3),
  isos char(2)[],
  codes varchar(3)[],
  amounts numeric(5,2)[],
  bitss bit(3)[],
  d_iso iso_code,
  d_code short_name,
  d_amount money2,
  d_bits flags3
);
INSERT INTO typed_values VALUES
  (1, 'DZ', 'abc', 12.34, B'101', '{DZ,FR}', '{abc,de}', '{12.34,1.5}', '{101,010}', 'DZ', 'abc', 12.34, B'101'),
  (2, 'FR', 'de',  1.50,  B'010', '{FR}',    '{de}',     '{1.5}',       '{010}',     'FR', 'de',  1.50,  B'010'),
  (3, 'D',  'a',   0.00,  B'100', '{D}',     '{a}',      '{0}',         '{100}',     'D',  'a',   0.00,  B'100');
GRANT SELECT, INSERT, UPDATE ON typed_values TO anon;

CREATE FUNCTION country_of(iso char(2)) RETURNS text LANGUAGE sql STABLE AS $$ SELECT iso::text $$;
CREATE FUNCTION rows_with_iso(iso char(2)) RETURNS SETOF typed_values LANGUAGE sql STABLE AS $$
  SELECT * FROM typed_values t WHERE t.iso = rows_with_iso.iso $$;
CREATE FUNCTION bits_of(b bit(3)) RETURNS text LANGUAGE sql STABLE AS $$ SELECT b::text $$;
CREATE FUNCTION isos(n int) RETURNS TABLE(iso char(2), code varchar(3)) LANGUAGE sql STABLE AS $$
  SELECT iso, code FROM typed_values ORDER BY id LIMIT n $$;
GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO anon;
`;

let fx;
before(async () => {
  fx = await startRestFixture({ extraSql: EXTRA });
});
after(() => fx?.stop());

const rows = () => fx.anon.from('typed_values').select('id');
async function idsOf(query) {
  const res = await query;
  expectOk(assert, res);
  return ids(res.data);
}

describe('filters compare the whole value', () => {
  test('char(n): eq, neq, in, gt, is distinct', async () => {
    assert.deepEqual(await idsOf(rows().eq('iso', 'DZ')), [1]);
    assert.deepEqual(await idsOf(rows().eq('iso', 'D')), [3]);
    assert.deepEqual(await idsOf(rows().neq('iso', 'DZ')), [2, 3]);
    assert.deepEqual(await idsOf(rows().in('iso', ['DZ', 'FR'])), [1, 2]);
    assert.deepEqual(await idsOf(rows().gt('iso', 'DZ')), [2]);
    assert.deepEqual(await idsOf(rows().filter('iso', 'isdistinct', 'DZ')), [2, 3]);
    assert.deepEqual(await idsOf(rows().filter('iso', 'eq(any)', '{DZ,FR}')), [1, 2]);
  });
  test('char(n): a longer value matches nothing rather than its first characters', async () => {
    assert.deepEqual(await idsOf(rows().eq('iso', 'DZX')), []);
    assert.deepEqual(await idsOf(rows().in('iso', ['DZX'])), []);
  });
  test('varchar(n) and numeric(p,s): values beyond the modifier are compared, not cut or rounded', async () => {
    assert.deepEqual(await idsOf(rows().eq('code', 'abc')), [1]);
    assert.deepEqual(await idsOf(rows().eq('code', 'abcd')), []);
    assert.deepEqual(await idsOf(rows().eq('amount', '12.34')), [1]);
    assert.deepEqual(await idsOf(rows().eq('amount', '12.341')), []);
    assert.deepEqual(await idsOf(rows().in('amount', ['1.5', '0'])), [2, 3]);
  });
  test('bit(n): eq and in', async () => {
    assert.deepEqual(await idsOf(rows().eq('bits', '101')), [1]);
    assert.deepEqual(await idsOf(rows().in('bits', ['010', '100'])), [2, 3]);
    assert.deepEqual(await idsOf(rows().eq('bits', '1')), []);
  });
  test('arrays of them: cs, cd, ov, eq', async () => {
    assert.deepEqual(await idsOf(rows().contains('isos', ['DZ'])), [1]);
    assert.deepEqual(await idsOf(rows().contains('isos', ['FR'])), [1, 2]);
    assert.deepEqual(await idsOf(rows().containedBy('isos', ['DZ', 'FR', 'D'])), [1, 2, 3]);
    assert.deepEqual(await idsOf(rows().overlaps('codes', ['abc'])), [1]);
    assert.deepEqual(await idsOf(rows().contains('amounts', ['12.34'])), [1]);
    assert.deepEqual(await idsOf(rows().contains('bitss', ['010'])), [1, 2]);
    assert.deepEqual(await idsOf(rows().eq('isos', '{DZ,FR}')), [1]);
  });
  test('domains over them', async () => {
    assert.deepEqual(await idsOf(rows().eq('d_iso', 'DZ')), [1]);
    assert.deepEqual(await idsOf(rows().in('d_iso', ['FR', 'D'])), [2, 3]);
    assert.deepEqual(await idsOf(rows().eq('d_code', 'de')), [2]);
    assert.deepEqual(await idsOf(rows().eq('d_amount', '1.5')), [2]);
    assert.deepEqual(await idsOf(rows().eq('d_bits', '100')), [3]);
  });
  test('an update filters with the same types', async () => {
    const res = await fx.anon.from('typed_values').update({ code: 'xy' }).eq('iso', 'FR').select('id, code');
    expectOk(assert, res, { data: [{ id: 2, code: 'xy' }] });
  });
});

describe('function arguments keep their length', () => {
  test('GET and POST rpc with a char(2) argument', async () => {
    expectOk(assert, await fx.anon.rpc('country_of', { iso: 'DZ' }), { data: 'DZ' });
    expectOk(assert, await fx.anon.rpc('country_of', { iso: 'DZ' }, { get: true }), { data: 'DZ' });
    const set = await fx.anon.rpc('rows_with_iso', { iso: 'DZ' }).select('id');
    expectOk(assert, set, { data: [{ id: 1 }] });
  });
  test('a bit(3) argument', async () => {
    expectOk(assert, await fx.anon.rpc('bits_of', { b: '101' }), { data: '101' });
    expectOk(assert, await fx.anon.rpc('bits_of', { b: '101' }, { get: true }), { data: '101' });
  });
  test('filters on a function table result with char(n) columns', async () => {
    const res = await fx.anon.rpc('isos', { n: 3 }).eq('iso', 'FR');
    expectOk(assert, res, { data: [{ iso: 'FR', code: 'xy' }] });
  });
});

describe('writes check the modifier as PostgreSQL does', () => {
  test('an insert too long for char(2) is 22001, not a silent cut', async () => {
    const res = await fx.anon.from('typed_values').insert({ id: 4, iso: 'DZX' });
    expectError(assert, res, { status: 400, code: '22001' });
  });
  test('an insert of a char(2) value is stored whole', async () => {
    expectOk(assert, await fx.anon.from('typed_values').insert({ id: 5, iso: 'NL', bits: '011' }), { status: 201 });
    assert.deepEqual(await idsOf(rows().eq('iso', 'NL').eq('bits', '011')), [5]);
  });
});
