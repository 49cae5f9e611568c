// Reading through the real supabase-js: select shapes (columns, aliases, casts,
// JSON paths), counts, paging, order, single/maybeSingle, media types and the
// builder plumbing (abortSignal, throwOnError, returns, setHeader, retry).
// Expectations follow PostgREST v12 (docs.postgrest.org, src/PostgREST/*.hs).
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startRestFixture, expectOk, expectError, ids } from './lib/rest-fixture.mjs';

let fx;
before(async () => {
  fx = await startRestFixture();
});
after(() => fx?.stop());

const BOOK_1 = {
  id: 1,
  title: 'A Wizard of Earthsea',
  author_id: 1,
  editor_id: 2,
  published: 1968,
  price: 9.99,
  isbn: '978-0553383041',
  meta: { pages: 183 },
  search: "'earthsea':4 'wizard':2",
};

describe('select', () => {
  test('select() is select=* and returns every column with its JSON type', async () => {
    const res = await fx.anon.from('books').select().eq('id', 1);
    expectOk(assert, res, { data: [BOOK_1] });
    assert.equal(res.statusText, 'OK');
  });

  test('columns, in order, from every row', async () => {
    const res = await fx.anon.from('books').select('id,title').order('id');
    expectOk(assert, res, {
      data: [
        { id: 1, title: 'A Wizard of Earthsea' },
        { id: 2, title: 'The Left Hand of Darkness' },
        { id: 3, title: 'Kindred' },
        { id: 4, title: 'Parable of the Sower' },
        { id: 5, title: 'Guards! Guards!' },
      ],
    });
  });

  test('whitespace in the column list is dropped by the client', async () => {
    const res = await fx.anon.from('books').select(' id ,\n title ').eq('id', 3);
    expectOk(assert, res, { data: [{ id: 3, title: 'Kindred' }] });
  });

  test('aliases rename columns', async () => {
    const res = await fx.anon.from('books').select('book:title,year:published').eq('id', 3);
    expectOk(assert, res, { data: [{ book: 'Kindred', year: 1979 }] });
  });

  test('casts keep the column name as the key', async () => {
    const res = await fx.anon.from('books').select('id,published::text,price::text').eq('id', 2);
    expectOk(assert, res, { data: [{ id: 2, published: '1969', price: '12.50' }] });
  });

  test('enum, date, array, jsonb and null columns', async () => {
    const res = await fx.anon.from('authors').select('*').in('id', [1, 4]).order('id');
    expectOk(assert, res, {
      data: [
        { id: 1, name: 'Ursula Le Guin', born: '1929-10-21', mood: 'happy', tags: ['fantasy', 'scifi'], bio: { country: 'US', awards: { hugo: 5 } }, mentor_id: null },
        { id: 4, name: 'Anonymous', born: null, mood: null, tags: [], bio: null, mentor_id: null },
      ],
    });
  });

  test('JSON paths: -> keeps JSON, ->> gives text, the last key names the field', async () => {
    const res = await fx.anon
      .from('authors')
      .select('id,bio->>country,awards:bio->awards,awards_text:bio->>awards,bio->awards->hugo')
      .in('id', [1, 3])
      .order('id');
    expectOk(assert, res, {
      data: [
        { id: 1, country: 'US', awards: { hugo: 5 }, awards_text: '{"hugo": 5}', hugo: 5 },
        { id: 3, country: 'UK', awards: null, awards_text: null, hugo: null },
      ],
    });
  });

  test('a view is read like a table', async () => {
    const res = await fx.anon.from('book_titles').select('*').order('id').limit(2);
    expectOk(assert, res, {
      data: [
        { id: 1, title: 'A Wizard of Earthsea', published: 1968 },
        { id: 2, title: 'The Left Hand of Darkness', published: 1969 },
      ],
    });
  });

  test('an unknown column is PostgreSQL error 42703, 400', async () => {
    const res = await fx.anon.from('books').select('id,nope');
    expectError(assert, res, { status: 400, code: '42703', message: 'column books.nope does not exist', details: null });
  });
});

describe('counts', () => {
  test("count: 'exact' returns the total with the rows", async () => {
    const res = await fx.anon.from('books').select('id', { count: 'exact' });
    expectOk(assert, res, { count: 5 });
    assert.equal(res.data.length, 5);
  });

  test("head: true with count: 'exact' is a HEAD: no data, only the count", async () => {
    const res = await fx.anon.from('books').select('*', { count: 'exact', head: true });
    expectOk(assert, res, { data: null, count: 5 });
  });

  test('the count follows the filters', async () => {
    const res = await fx.anon.from('books').select('*', { count: 'exact', head: true }).eq('author_id', 1);
    expectOk(assert, res, { data: null, count: 2 });
  });

  test("count: 'planned' is the planner's estimate", async () => {
    const res = await fx.anon.from('books').select('id', { count: 'planned' });
    assert.equal(res.error, null);
    assert.ok([200, 206].includes(res.status), `status ${res.status}`);
    assert.equal(res.data.length, 5);
    assert.ok(Number.isInteger(res.count) && res.count >= 0, `count ${res.count}`);
  });

  test("count: 'estimated' is never below the exact count without db-max-rows", async () => {
    const res = await fx.anon.from('books').select('id', { count: 'estimated' });
    assert.equal(res.error, null);
    assert.ok([200, 206].includes(res.status), `status ${res.status}`);
    assert.ok(Number.isInteger(res.count) && res.count >= 5, `count ${res.count}`);
  });

  test('limit(0) with a count: no rows, the total, 206', async () => {
    const res = await fx.anon.from('books').select('id', { count: 'exact' }).limit(0);
    expectOk(assert, res, { status: 206, data: [], count: 5 });
  });

  test('aggregates are disabled by default: 400 PGRST123', async () => {
    const res = await fx.anon.from('books').select('count()');
    expectError(assert, res, { status: 400, code: 'PGRST123', message: 'Use of aggregate functions is not allowed' });
  });

  test('without a count option the count is null', async () => {
    const res = await fx.anon.from('books').select('id');
    expectOk(assert, res, { count: null });
  });
});

describe('limit and range', () => {
  test('limit', async () => {
    const res = await fx.anon.from('books').select('id').order('id').limit(2);
    expectOk(assert, res, { data: [{ id: 1 }, { id: 2 }] });
  });

  test('range(from, to) is offset and limit, both inclusive', async () => {
    const res = await fx.anon.from('books').select('id').order('id').range(1, 3);
    expectOk(assert, res, { data: [{ id: 2 }, { id: 3 }, { id: 4 }] });
  });

  test('a counted partial page is 206 Partial Content', async () => {
    const res = await fx.anon.from('books').select('id', { count: 'exact' }).order('id').range(0, 1);
    expectOk(assert, res, { status: 206, data: [{ id: 1 }, { id: 2 }], count: 5 });
    assert.equal(res.statusText, 'Partial Content');
  });

  test('a counted page past the end is 416 PGRST103', async () => {
    const res = await fx.anon.from('books').select('id', { count: 'exact' }).order('id').range(10, 12);
    expectError(assert, res, {
      status: 416,
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: 'An offset of 10 was requested, but there are only 5 rows.',
      hint: null,
    });
  });

  test('an uncounted page past the end is an empty 200', async () => {
    const res = await fx.anon.from('books').select('id').order('id').range(10, 12);
    expectOk(assert, res, { data: [] });
  });
});

describe('order', () => {
  test('descending', async () => {
    const res = await fx.anon.from('books').select('id').order('published', { ascending: false });
    assert.deepEqual(expectOk(assert, res).map((r) => r.id), [4, 5, 3, 2, 1]);
  });

  test('nulls last ascending and first descending by default; nullsFirst overrides', async () => {
    const asc = await fx.anon.from('books').select('id').order('price');
    assert.deepEqual(expectOk(assert, asc).map((r) => r.id), [5, 1, 2, 3, 4]);
    const ascFirst = await fx.anon.from('books').select('id').order('price', { nullsFirst: true });
    assert.deepEqual(expectOk(assert, ascFirst).map((r) => r.id), [4, 5, 1, 2, 3]);
    const desc = await fx.anon.from('books').select('id').order('price', { ascending: false });
    assert.deepEqual(expectOk(assert, desc).map((r) => r.id), [4, 3, 2, 1, 5]);
    const descLast = await fx.anon.from('books').select('id').order('price', { ascending: false, nullsFirst: false });
    assert.deepEqual(expectOk(assert, descLast).map((r) => r.id), [3, 2, 1, 5, 4]);
  });

  test('several order calls sort by each in turn', async () => {
    const res = await fx.anon.from('books').select('id').order('author_id').order('published', { ascending: false });
    assert.deepEqual(expectOk(assert, res).map((r) => r.id), [2, 1, 4, 3, 5]);
  });

  test('order by a JSON path', async () => {
    const res = await fx.anon.from('authors').select('id').order('bio->>country').order('id', { ascending: false });
    assert.deepEqual(expectOk(assert, res).map((r) => r.id), [3, 2, 1, 4]);
  });
});

describe('single and maybeSingle', () => {
  test('single() with one row gives the object', async () => {
    const res = await fx.anon.from('books').select('id,title').eq('id', 3).single();
    expectOk(assert, res, { data: { id: 3, title: 'Kindred' } });
  });

  test('single() with no row is 406 PGRST116', async () => {
    const res = await fx.anon.from('books').select('id').eq('id', 999).single();
    expectError(assert, res, {
      status: 406,
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: 'The result contains 0 rows',
      hint: null,
    });
  });

  test('single() with two rows is 406 PGRST116', async () => {
    const res = await fx.anon.from('books').select('id').eq('author_id', 1).single();
    expectError(assert, res, {
      status: 406,
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: 'The result contains 2 rows',
      hint: null,
    });
  });

  test('maybeSingle() with no row gives data null and no error', async () => {
    const res = await fx.anon.from('books').select('id').eq('id', 999).maybeSingle();
    expectOk(assert, res, { data: null });
  });

  test('maybeSingle() with one row gives the object', async () => {
    const res = await fx.anon.from('books').select('title').eq('id', 5).maybeSingle();
    expectOk(assert, res, { data: { title: 'Guards! Guards!' } });
  });

  test('maybeSingle() with two rows is the client-side PGRST116 over a JSON array', async () => {
    const res = await fx.anon.from('books').select('id').eq('author_id', 2).maybeSingle();
    expectError(assert, res, {
      status: 406,
      code: 'PGRST116',
      details: 'Results contain 2 rows, application/vnd.pgrst.object+json requires 1 row',
    });
  });
});

describe('media types', () => {
  test('csv() gives a header line and record-formatted rows', async () => {
    const res = await fx.anon.from('books').select('id,title').in('id', [1, 3]).order('id').csv();
    expectOk(assert, res, { data: 'id,title\n1,"A Wizard of Earthsea"\n3,Kindred' });
  });

  test('csv() writes null as an empty field', async () => {
    const res = await fx.anon.from('books').select('id,price,isbn').eq('id', 4).csv();
    expectOk(assert, res, { data: 'id,price,isbn\n4,,' });
  });

  test('geojson() without PostGIS is refused', async () => {
    const res = await fx.anon.from('books').select('id').geojson();
    // PostgREST v12 asks ST_AsGeoJSON and fails with 42883 (404) without PostGIS;
    // the rule "anything else 406 PGRST107" is the other accepted answer.
    assert.equal(res.data, null);
    assert.ok(
      (res.status === 406 && res.error?.code === 'PGRST107') || (res.status === 404 && res.error?.code === '42883'),
      `${res.status} ${JSON.stringify(res.error)}`,
    );
  });

  test('explain() is refused while db-plan-enabled is off: 406 PGRST107', async () => {
    const res = await fx.anon.from('books').select('id').explain();
    // MediaType.hs toMime (MTPlan mt fmt opts) names the format and the `for` media type.
    expectError(assert, res, {
      status: 406,
      code: 'PGRST107',
      message: 'None of these media types are available: application/vnd.pgrst.plan+text; for="application/json"',
      details: null,
      hint: null,
    });
  });

  test('stripNulls() drops null fields from arrays and objects', async () => {
    const many = await fx.anon.from('authors').select('id,name,born,bio,mentor_id').eq('id', 4).stripNulls();
    expectOk(assert, many, { data: [{ id: 4, name: 'Anonymous' }] });
    const one = await fx.anon.from('authors').select('id,name,born').eq('id', 4).single().stripNulls();
    expectOk(assert, one, { data: { id: 4, name: 'Anonymous' } });
  });
});

describe('builder plumbing', () => {
  test('abortSignal() cancels the request: status 0, an AbortError', async () => {
    const controller = new AbortController();
    controller.abort();
    const res = await fx.anon.from('books').select('id').abortSignal(controller.signal);
    assert.equal(res.data, null);
    assert.equal(res.status, 0);
    assert.match(res.error.message, /AbortError/);
    assert.equal(res.error.code, '');
  });

  test('throwOnError() returns results normally and throws PostgrestError on failure', async () => {
    const ok = await fx.anon.from('books').select('id').eq('id', 2).throwOnError();
    expectOk(assert, ok, { data: [{ id: 2 }] });
    await assert.rejects(async () => fx.anon.from('books').select('nope').throwOnError(), (e) => {
      assert.equal(e.name, 'PostgrestError');
      assert.equal(e.code, '42703');
      assert.equal(e.message, 'column books.nope does not exist');
      return true;
    });
  });

  test('returns() and overrideTypes() only change types', async () => {
    const a = await fx.anon.from('books').select('id').eq('id', 1).returns();
    expectOk(assert, a, { data: [{ id: 1 }] });
    const b = await fx.anon.from('books').select('id').eq('id', 1).overrideTypes();
    expectOk(assert, b, { data: [{ id: 1 }] });
  });

  test('setHeader() sends a header: Prefer count=exact gives the count', async () => {
    const res = await fx.anon.from('books').select('id').setHeader('Prefer', 'count=exact').eq('author_id', 2);
    expectOk(assert, res, { count: 2 });
    assert.deepEqual(ids(res.data), [3, 4]);
  });

  test('unknown preferences with handling=strict: 400 PGRST122', async () => {
    const res = await fx.anon.from('books').select('id').setHeader('Prefer', 'handling=strict, colour=blue');
    expectError(assert, res, {
      status: 400,
      code: 'PGRST122',
      message: 'Invalid preferences given with handling=strict',
      details: 'Invalid preferences: colour=blue',
    });
    const lenient = await fx.anon.from('books').select('id').eq('id', 1).setHeader('Prefer', 'handling=lenient, colour=blue');
    expectOk(assert, lenient, { data: [{ id: 1 }] });
  });

  test('retry(false) leaves a successful read alone', async () => {
    const res = await fx.anon.from('books').select('id').eq('id', 4).retry(false);
    expectOk(assert, res, { data: [{ id: 4 }] });
  });

  test("schema('public') is the default schema named explicitly", async () => {
    const res = await fx.anon.schema('public').from('books').select('id').eq('id', 5);
    expectOk(assert, res, { data: [{ id: 5 }] });
  });
});
