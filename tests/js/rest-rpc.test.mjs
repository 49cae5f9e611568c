// supabase.rpc() against the fixture's functions, as PostgREST v12 calls them
// (docs: references/api/functions.rst; Response.hs: void -> 204; Error.hs:
// PGRST202/203 texts, 25006 -> 405): POST and GET, scalars, SETOF with the
// filter and transform builders chained, composites, void, json arguments,
// overloads, unknown functions and writes refused in read-only GETs.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startRestFixture, expectOk, expectError, ids } from './lib/rest-fixture.mjs';

const EXTRA = `
CREATE FUNCTION echo_unnamed(jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$ SELECT $1 $$;
CREATE FUNCTION pick(a int) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT 'one' $$;
CREATE FUNCTION pick(a int, b int) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT 'two' $$;
`;

let fx;
before(async () => {
  fx = await startRestFixture({ extraSql: EXTRA });
});
after(() => fx?.stop());

const rpc = (...args) => fx.anon.rpc(...args);

describe('scalar functions', () => {
  test('POST with named arguments', async () => {
    const res = await rpc('add_them', { a: 1, b: 2 });
    expectOk(assert, res, { data: 3, count: null });
  });

  test('{ get: true } sends the arguments in the query string', async () => {
    const res = await rpc('add_them', { a: 40, b: 2 }, { get: true });
    expectOk(assert, res, { data: 42 });
  });

  test('a default argument may be left out', async () => {
    expectOk(assert, await rpc('greet'), { data: 'hello world' });
    expectOk(assert, await rpc('greet', { name: 'Ada' }), { data: 'hello Ada' });
    expectOk(assert, await rpc('greet', { name: 'Grace' }, { get: true }), { data: 'hello Grace' });
  });

  test('a named json argument arrives as JSON', async () => {
    const res = await rpc('echo_json', { payload: { x: [1, 2], y: 'z', n: null } });
    expectOk(assert, res, { data: { x: [1, 2], y: 'z', n: null } });
  });

  test('a single unnamed jsonb parameter receives the whole body', async () => {
    const res = await rpc('echo_unnamed', { a: 1, b: [2, 3] });
    expectOk(assert, res, { data: { a: 1, b: [2, 3] } });
  });

  test('overloads with different argument names are told apart', async () => {
    expectOk(assert, await rpc('pick', { a: 1 }), { data: 'one' });
    expectOk(assert, await rpc('pick', { a: 1, b: 2 }), { data: 'two' });
  });
});

describe('set-returning functions', () => {
  test('SETOF returns an array of rows', async () => {
    const res = await rpc('books_by', { author: 1 });
    const data = expectOk(assert, res);
    assert.deepEqual(ids(data), [1, 2]);
    assert.deepEqual(Object.keys(data[0]).sort(), ['author_id', 'editor_id', 'id', 'isbn', 'meta', 'price', 'published', 'search', 'title']);
  });

  test('filters chain on the result', async () => {
    const res = await rpc('books_by', { author: 1 }).eq('published', 1968);
    const data = expectOk(assert, res);
    assert.deepEqual(ids(data), [1]);
  });

  test('select, order and limit chain on the result', async () => {
    const res = await rpc('books_by', { author: 2 }).select('title').order('published', { ascending: false }).limit(1);
    expectOk(assert, res, { data: [{ title: 'Parable of the Sower' }] });
  });

  test('embedding from a SETOF result', async () => {
    const res = await rpc('books_by', { author: 2 }).select('title,authors!author_id(name),genres(name)').eq('id', 3);
    expectOk(assert, res, { data: [{ title: 'Kindred', authors: { name: 'Octavia Butler' }, genres: [{ name: 'science fiction' }] }] });
  });

  test('GET with filters', async () => {
    const res = await rpc('books_by', { author: 3 }, { get: true }).select('id,title');
    expectOk(assert, res, { data: [{ id: 5, title: 'Guards! Guards!' }] });
  });

  test("count: 'exact' counts the rows", async () => {
    const res = await rpc('books_by', { author: 2 }, { count: 'exact' }).select('id');
    expectOk(assert, res, { count: 2 });
  });

  test("{ head: true, count: 'exact' } is a HEAD: the count and no data", async () => {
    const res = await rpc('books_by', { author: 1 }, { head: true, count: 'exact' });
    expectOk(assert, res, { data: null, count: 2 });
  });

  test('a counted partial page is 206', async () => {
    const res = await rpc('books_by', { author: 1 }, { count: 'exact' }).select('id').order('id').range(0, 0);
    expectOk(assert, res, { status: 206, data: [{ id: 1 }], count: 2 });
  });

  test('single() picks one row or fails with PGRST116', async () => {
    const one = await rpc('books_by', { author: 3 }).select('title').single();
    expectOk(assert, one, { data: { title: 'Guards! Guards!' } });
    const two = await rpc('books_by', { author: 1 }).select('title').single();
    expectError(assert, two, { status: 406, code: 'PGRST116', details: 'The result contains 2 rows' });
  });

  test('maybeSingle() over an empty set is null', async () => {
    const res = await rpc('books_by', { author: 4 }).maybeSingle();
    expectOk(assert, res, { data: null });
  });
});

describe('composite, void and writing functions', () => {
  test('a composite result is one object, not an array', async () => {
    const res = await rpc('author_of', { book: 3 });
    expectOk(assert, res, {
      data: { id: 2, name: 'Octavia Butler', born: '1947-06-22', mood: 'ok', tags: ['scifi'], bio: { country: 'US', awards: { hugo: 2 } }, mentor_id: 1 },
    });
  });

  test('select on a composite result', async () => {
    const res = await rpc('author_of', { book: 5 }).select('name,mood');
    expectOk(assert, res, { data: { name: 'Terry Pratchett', mood: 'happy' } });
  });

  test('embedding from a composite result', async () => {
    const res = await rpc('author_of', { book: 5 }).select('name,books!author_id(title)');
    expectOk(assert, res, { data: { name: 'Terry Pratchett', books: [{ title: 'Guards! Guards!' }] } });
  });

  test('a void function is 204 with no data', async () => {
    const res = await rpc('touch_nothing');
    expectOk(assert, res, { status: 204, data: null });
    const viaGet = await rpc('touch_nothing', {}, { get: true });
    expectOk(assert, viaGet, { status: 204, data: null });
  });

  test('a volatile function writes through POST', async () => {
    const res = await rpc('add_review', { book: 2, stars: 4 });
    const review = expectOk(assert, res);
    assert.equal(review.book_id, 2);
    assert.equal(review.stars, 4);
    assert.equal(review.body, null);
    assert.equal(Date.parse(review.created_at), Date.parse('2025-01-01T00:00:00Z'));
    const { rows } = await fx.sql('SELECT count(*)::int AS n FROM reviews WHERE book_id = 2');
    assert.equal(rows[0].n, 1);
  });

  test('through GET the transaction is read-only: 25006, 405', async () => {
    const res = await rpc('add_review', { book: 4, stars: 1 }, { get: true });
    expectError(assert, res, { status: 405, code: '25006', message: 'cannot execute INSERT in a read-only transaction' });
    const { rows } = await fx.sql('SELECT count(*)::int AS n FROM reviews WHERE book_id = 4');
    assert.equal(rows[0].n, 0);
  });

  test('a database error inside a function keeps its code: 23514, 400', async () => {
    const res = await rpc('add_review', { book: 2, stars: 0 });
    expectError(assert, res, { status: 400, code: '23514', message: 'new row for relation "reviews" violates check constraint "reviews_stars_check"' });
  });
});

describe('resolution errors', () => {
  test('an unknown function is 404 PGRST202', async () => {
    const res = await rpc('no_such_fn', { x: 1 });
    expectError(assert, res, {
      status: 404,
      code: 'PGRST202',
      message: 'Could not find the function public.no_such_fn(x) in the schema cache',
      details: 'Searched for the function public.no_such_fn with parameter x or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    });
  });

  test('missing a required argument is 404 PGRST202 too', async () => {
    const res = await rpc('add_them', { a: 1 });
    const error = expectError(assert, res, {
      status: 404,
      code: 'PGRST202',
      message: 'Could not find the function public.add_them(a) in the schema cache',
      details: 'Searched for the function public.add_them with parameter a or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    });
    assert.ok(error.hint === null || error.hint === 'Perhaps you meant to call the function public.add_them(a, b)', error.hint);
  });

  test('overloads with the same argument names are ambiguous: 300 PGRST203', async () => {
    const res = await rpc('overloaded', { a: 1 });
    const error = expectError(assert, res, {
      status: 300,
      code: 'PGRST203',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    });
    assert.ok(
      [
        'Could not choose the best candidate function between: public.overloaded(a => integer), public.overloaded(a => text)',
        'Could not choose the best candidate function between: public.overloaded(a => text), public.overloaded(a => integer)',
      ].includes(error.message),
      error.message,
    );
  });
});
