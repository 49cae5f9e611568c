// Aggregates in `select` through the real supabase-js, on the neutral fixture
// schema: PostgREST 12's count(), sum(), avg(), min(), max() with grouping,
// casts, aliases and embeds when PLEAT_DB_AGGREGATES is on, and its PGRST123
// when it is off (the default, as PostgREST's db-aggregates-enabled).
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startRestFixture, expectOk, expectError } from './lib/rest-fixture.mjs';

describe('with PLEAT_DB_AGGREGATES=true', () => {
  let fx;
  before(async () => {
    fx = await startRestFixture({ env: { PLEAT_DB_AGGREGATES: 'true' } });
  });
  after(() => fx?.stop());

  test('count() alone counts every row', async () => {
    const res = await fx.anon.from('books').select('count()');
    expectOk(assert, res, { data: [{ count: 5 }] });
  });

  test('count() beside a column groups by it', async () => {
    const res = await fx.anon.from('books').select('author_id, count()').order('author_id');
    expectOk(assert, res, {
      data: [
        { author_id: 1, count: 2 },
        { author_id: 2, count: 2 },
        { author_id: 3, count: 1 },
      ],
    });
  });

  test('sum, avg, min, max and count of a column (nulls skipped)', async () => {
    const res = await fx.anon
      .from('books')
      .select('price.sum(), price.avg(), price.min(), price.max(), price.count()');
    expectOk(assert, res, {
      data: [{ sum: 46.48, avg: 11.62, min: 8.99, max: 15, count: 4 }],
    });
  });

  test('an alias and a cast of the result, grouped by an aliased column', async () => {
    const res = await fx.anon
      .from('books')
      .select('writer:author_id, total:price.sum()::text')
      .order('author_id');
    expectOk(assert, res, {
      data: [
        { writer: 1, total: '22.49' },
        { writer: 2, total: '15.00' },
        { writer: 3, total: '8.99' },
      ],
    });
  });

  test('a cast of the column before the aggregate, over a JSON path', async () => {
    const res = await fx.anon.from('books').select('meta->>pages::int.sum()');
    expectOk(assert, res, { data: [{ sum: 1167 }] });
  });

  test('aggregates inside an embed are per parent row', async () => {
    const res = await fx.anon
      .from('books')
      .select('id, reviews(stars.avg(), stars.max(), count())')
      .order('id');
    expectOk(assert, res, {
      data: [
        { id: 1, reviews: [{ avg: 4.5, max: 5, count: 2 }] },
        { id: 2, reviews: [{ avg: null, max: null, count: 0 }] },
        { id: 3, reviews: [{ avg: 5, max: 5, count: 1 }] },
        { id: 4, reviews: [{ avg: null, max: null, count: 0 }] },
        { id: 5, reviews: [{ avg: 3, max: 3, count: 1 }] },
      ],
    });
  });

  test('an embedded resource is part of the grouping', async () => {
    const res = await fx.anon
      .from('reviews')
      .select('book_id, stars.sum(), books(title)')
      .order('book_id');
    expectOk(assert, res, {
      data: [
        { book_id: 1, sum: 9, books: { title: 'A Wizard of Earthsea' } },
        { book_id: 3, sum: 5, books: { title: 'Kindred' } },
        { book_id: 5, sum: 3, books: { title: 'Guards! Guards!' } },
      ],
    });
  });

  test("count: 'exact' counts the rows before grouping, as PostgREST's count query does", async () => {
    const res = await fx.anon
      .from('books')
      .select('author_id, count()', { count: 'exact' })
      .order('author_id')
      .limit(2);
    expectOk(assert, res, {
      status: 206,
      count: 5,
      data: [
        { author_id: 1, count: 2 },
        { author_id: 2, count: 2 },
      ],
    });
  });

  test("aggregates over a function's rows", async () => {
    const res = await fx.anon.rpc('books_by', { author: 1 }).select('price.sum(), count()');
    expectOk(assert, res, { data: [{ sum: 22.49, count: 2 }] });
  });

  test('aggregates over the rows a write returns', async () => {
    const res = await fx.service
      .from('genres')
      .insert([{ name: 'poetry' }, { name: 'drama' }])
      .select('count(), id.max()');
    expectOk(assert, res, { status: 201, data: [{ count: 2, max: 5 }] });
  });

  test('filters apply before grouping', async () => {
    const res = await fx.anon.from('books').select('count()').gt('published', 1975);
    expectOk(assert, res, { data: [{ count: 3 }] });
  });

  test('an aggregate in a to-many spread is not implemented (PostgREST 13)', async () => {
    const res = await fx.anon.from('authors').select('name, ...books!author_id(price.sum())');
    expectError(assert, res, {
      status: 400,
      code: 'PGRST127',
      message: 'Feature not implemented',
      details: 'Aggregates are not implemented for one-to-many or many-to-many spreads.',
      hint: null,
    });
  });
});

describe('without PLEAT_DB_AGGREGATES (the default)', () => {
  let fx;
  before(async () => {
    fx = await startRestFixture();
  });
  after(() => fx?.stop());

  test("books(count) counts each parent's rows, as a column PostgREST passes to PostgreSQL", async () => {
    const res = await fx.anon.from('authors').select('name, books!author_id(count)').order('id');
    expectOk(assert, res, {
      data: [
        { name: 'Ursula Le Guin', books: [{ count: 2 }] },
        { name: 'Octavia Butler', books: [{ count: 2 }] },
        { name: 'Terry Pratchett', books: [{ count: 1 }] },
        { name: 'Anonymous', books: [{ count: 0 }] },
      ],
    });
  });

  test('count as the only column counts the rows', async () => {
    const res = await fx.anon.from('books').select('count');
    expectOk(assert, res, { data: [{ count: 5 }] });
  });

  for (const select of ['count()', 'price.sum()', 'author_id, price.avg()', 'id, reviews(stars.max())']) {
    test(`select('${select}') is PostgREST's PGRST123`, async () => {
      const res = await fx.anon.from('books').select(select);
      expectError(assert, res, {
        status: 400,
        code: 'PGRST123',
        message: 'Use of aggregate functions is not allowed',
        details: null,
        hint: null,
      });
    });
  }
});
