// Writes through supabase-js: insert, upsert, update, delete, with and without
// a representation, counts, single() after a write, maxAffected, rollback, and
// the database's errors with PostgREST v12's SQLSTATE -> HTTP mapping
// (Response.hs statuses; Error.hs mapSQLtoHTTP). Every test writes rows of its
// own (genres, new books, new authors) so the seeded rows stay as they are.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startRestFixture, expectOk, expectError } from './lib/rest-fixture.mjs';

let fx;
before(async () => {
  fx = await startRestFixture();
});
after(() => fx?.stop());

const rowsWhere = async (sql, params) => (await fx.sql(sql, params)).rows;
const genreNames = async (prefix) =>
  (await rowsWhere('SELECT name FROM genres WHERE name LIKE $1 ORDER BY name', [`${prefix}%`])).map((r) => r.name);

describe('insert', () => {
  test('one object without select(): 201 Created, no body', async () => {
    const res = await fx.anon.from('genres').insert({ name: 'ins-plain' });
    expectOk(assert, res, { status: 201, data: null, count: null });
    assert.equal(res.statusText, 'Created');
    assert.deepEqual(await genreNames('ins-plain'), ['ins-plain']);
  });

  test('with select() the inserted rows come back, defaults filled in', async () => {
    const res = await fx.anon.from('authors').insert({ name: 'ins-select' }).select('name,tags,bio,mentor_id');
    expectOk(assert, res, { status: 201, data: [{ name: 'ins-select', tags: [], bio: null, mentor_id: null }] });
  });

  test('select().single() gives the row as an object', async () => {
    const res = await fx.anon.from('genres').insert({ name: 'ins-single' }).select().single();
    const row = expectOk(assert, res, { status: 201 });
    assert.equal(row.name, 'ins-single');
    assert.ok(Number.isInteger(row.id));
  });

  test('an array inserts every row (columns= from the union of keys)', async () => {
    const res = await fx.anon.from('genres').insert([{ name: 'ins-arr-1' }, { name: 'ins-arr-2' }]).select('name');
    const data = expectOk(assert, res, { status: 201 });
    assert.deepEqual(data.map((r) => r.name).sort(), ['ins-arr-1', 'ins-arr-2']);
  });

  test('a key missing from one row of an array is null by default: 23502, 400', async () => {
    const res = await fx.anon.from('authors').insert([{ name: 'ins-null-1', tags: ['a'] }, { name: 'ins-null-2' }]);
    expectError(assert, res, {
      status: 400,
      code: '23502',
      message: 'null value in column "tags" of relation "authors" violates not-null constraint',
      details: /^Failing row contains \(/,
    });
    assert.deepEqual(await rowsWhere("SELECT name FROM authors WHERE name LIKE 'ins-null-%'"), []);
  });

  test('defaultToNull: false sends missing=default: the column default applies', async () => {
    const res = await fx.anon
      .from('authors')
      .insert([{ name: 'ins-default-1', tags: ['a'] }, { name: 'ins-default-2' }], { defaultToNull: false })
      .select('name,tags');
    const data = expectOk(assert, res, { status: 201 });
    assert.deepEqual([...data].sort((a, b) => a.name.localeCompare(b.name)), [
      { name: 'ins-default-1', tags: ['a'] },
      { name: 'ins-default-2', tags: [] },
    ]);
  });

  test("count: 'exact' counts the inserted rows", async () => {
    const res = await fx.anon.from('genres').insert([{ name: 'ins-count-1' }, { name: 'ins-count-2' }], { count: 'exact' });
    expectOk(assert, res, { status: 201, data: null, count: 2 });
  });

  test('the representation can embed related rows', async () => {
    const res = await fx.anon.from('books').insert({ title: 'ins-embed', author_id: 3 }).select('title,authors!author_id(name)');
    expectOk(assert, res, { status: 201, data: [{ title: 'ins-embed', authors: { name: 'Terry Pratchett' } }] });
  });

  test('single() over two inserted rows is 406 PGRST116 and nothing is kept', async () => {
    const res = await fx.anon.from('genres').insert([{ name: 'ins-two-1' }, { name: 'ins-two-2' }]).select().single();
    expectError(assert, res, {
      status: 406,
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: 'The result contains 2 rows',
    });
    assert.deepEqual(await genreNames('ins-two-'), []);
  });

  test('an unknown key is 400 PGRST204', async () => {
    const res = await fx.anon.from('books').insert({ title: 'ins-unknown', nope: 1 });
    expectError(assert, res, { status: 400, code: 'PGRST204', message: "Could not find the 'nope' column of 'books' in the schema cache", details: null, hint: null });
    const arr = await fx.anon.from('books').insert([{ title: 'ins-unknown', nope: 1 }]);
    expectError(assert, arr, { status: 400, code: 'PGRST204', message: "Could not find the 'nope' column of 'books' in the schema cache" });
  });

  test('an auto-updatable view takes inserts', async () => {
    const res = await fx.anon.from('book_titles').insert({ title: 'ins-view', published: 2020 }).select('title,published');
    expectOk(assert, res, { status: 201, data: [{ title: 'ins-view', published: 2020 }] });
    assert.deepEqual(await rowsWhere("SELECT published FROM books WHERE title = 'ins-view'"), [{ published: 2020 }]);
  });

  test('rollback() answers as if committed but keeps nothing (Prefer: tx=rollback)', async () => {
    const res = await fx.anon.from('genres').insert({ name: 'ins-rollback' }).select('name').rollback();
    expectOk(assert, res, { status: 201, data: [{ name: 'ins-rollback' }] });
    assert.deepEqual(await genreNames('ins-rollback'), []);
  });
});

describe('database errors keep code, message, details and hint', () => {
  test('unique violation: 23505, 409', async () => {
    const res = await fx.anon.from('books').insert({ title: 'dup', isbn: '978-0553383041' });
    expectError(assert, res, {
      status: 409,
      code: '23505',
      message: 'duplicate key value violates unique constraint "books_isbn_key"',
      details: 'Key (isbn)=(978-0553383041) already exists.',
      hint: null,
    });
  });

  test('foreign key violation: 23503, 409', async () => {
    const res = await fx.anon.from('books').insert({ title: 'orphan', author_id: 999 });
    expectError(assert, res, {
      status: 409,
      code: '23503',
      message: 'insert or update on table "books" violates foreign key constraint "books_author_id_fkey"',
      details: 'Key (author_id)=(999) is not present in table "authors".',
      hint: null,
    });
  });

  test('check violation: 23514, 400', async () => {
    const res = await fx.anon.from('reviews').insert({ book_id: 1, stars: 9 });
    expectError(assert, res, {
      status: 400,
      code: '23514',
      message: 'new row for relation "reviews" violates check constraint "reviews_stars_check"',
      details: /^Failing row contains \(/,
      hint: null,
    });
  });

  test('invalid input: 22P02, 400', async () => {
    const res = await fx.anon.from('books').insert({ title: 'bad year', published: 'nineteen' });
    expectError(assert, res, { status: 400, code: '22P02', message: 'invalid input syntax for type integer: "nineteen"' });
  });

  test('writing a generated column: 428C9, 400', async () => {
    const res = await fx.anon.from('books').update({ search: 'x' }).eq('id', 1);
    expectError(assert, res, {
      status: 400,
      code: '428C9',
      message: 'column "search" can only be updated to DEFAULT',
      details: 'Column "search" is a generated column.',
    });
  });
});

describe('upsert', () => {
  test('a new primary key is inserted: 201', async () => {
    const res = await fx.anon.from('genres').upsert({ id: 500, name: 'ups-new' }).select();
    expectOk(assert, res, { status: 201, data: [{ id: 500, name: 'ups-new' }] });
  });

  test('an existing primary key is merged: 200 when nothing was inserted', async () => {
    await fx.sql("INSERT INTO genres (id, name) VALUES (501, 'ups-old')");
    const res = await fx.anon.from('genres').upsert({ id: 501, name: 'ups-merged' }).select();
    expectOk(assert, res, { status: 200, data: [{ id: 501, name: 'ups-merged' }] });
    const minimal = await fx.anon.from('genres').upsert({ id: 501, name: 'ups-merged-again' });
    expectOk(assert, minimal, { status: 200, data: null });
    assert.deepEqual(await rowsWhere('SELECT name FROM genres WHERE id = 501'), [{ name: 'ups-merged-again' }]);
  });

  test('onConflict names the unique column to merge on', async () => {
    await fx.sql("INSERT INTO books (title, isbn, author_id) VALUES ('ups-isbn', 'UPS-1', 1)");
    const res = await fx.anon.from('books').upsert({ isbn: 'UPS-1', title: 'ups-isbn-merged', author_id: 3 }, { onConflict: 'isbn' }).select('title,isbn,author_id');
    expectOk(assert, res, { status: 200, data: [{ title: 'ups-isbn-merged', isbn: 'UPS-1', author_id: 3 }] });
  });

  test('ignoreDuplicates leaves the existing row and returns only what was inserted', async () => {
    await fx.sql("INSERT INTO books (title, isbn) VALUES ('ups-keep', 'UPS-2')");
    const res = await fx.anon
      .from('books')
      .upsert([{ isbn: 'UPS-2', title: 'ups-ignored' }, { isbn: 'UPS-3', title: 'ups-added' }], { onConflict: 'isbn', ignoreDuplicates: true })
      .select('title');
    expectOk(assert, res, { status: 201, data: [{ title: 'ups-added' }] });
    assert.deepEqual(await rowsWhere("SELECT title FROM books WHERE isbn = 'UPS-2'"), [{ title: 'ups-keep' }]);
  });

  test('a mix of new and existing rows is 201 and returns both', async () => {
    await fx.sql("INSERT INTO genres (id, name) VALUES (502, 'ups-mix-old')");
    const res = await fx.anon.from('genres').upsert([{ id: 502, name: 'ups-mix-a' }, { id: 503, name: 'ups-mix-b' }], { count: 'exact' }).select('id,name');
    const data = expectOk(assert, res, { status: 201, count: 2 });
    assert.deepEqual([...data].sort((a, b) => a.id - b.id), [{ id: 502, name: 'ups-mix-a' }, { id: 503, name: 'ups-mix-b' }]);
  });
});

describe('update', () => {
  let a;
  let b;
  before(async () => {
    const { rows } = await fx.sql("INSERT INTO books (title, published, price) VALUES ('upd-a', 2001, 1), ('upd-b', 2001, 2) RETURNING id");
    [a, b] = rows.map((r) => r.id);
  });

  test('without select(): 204 No Content', async () => {
    const res = await fx.anon.from('books').update({ price: 3 }).eq('id', a);
    expectOk(assert, res, { status: 204, data: null });
    assert.equal(res.statusText, 'No Content');
    assert.deepEqual(await rowsWhere('SELECT price::text FROM books WHERE id = $1', [a]), [{ price: '3.00' }]);
  });

  test('with select(): 200 and the updated rows', async () => {
    const res = await fx.anon.from('books').update({ meta: { edited: true } }).eq('published', 2001).select('title,meta');
    const data = expectOk(assert, res, { status: 200 });
    assert.deepEqual([...data].sort((x, y) => x.title.localeCompare(y.title)), [
      { title: 'upd-a', meta: { edited: true } },
      { title: 'upd-b', meta: { edited: true } },
    ]);
  });

  test("count: 'exact' counts the updated rows", async () => {
    const res = await fx.anon.from('books').update({ published: 2002 }, { count: 'exact' }).in('id', [a, b]);
    expectOk(assert, res, { status: 204, data: null, count: 2 });
  });

  test('the representation of an update can embed', async () => {
    const res = await fx.anon.from('books').update({ author_id: 2 }).eq('id', b).select('title,authors!author_id(name)');
    expectOk(assert, res, { data: [{ title: 'upd-b', authors: { name: 'Octavia Butler' } }] });
  });

  test('no matching row: 200 with an empty representation', async () => {
    const res = await fx.anon.from('books').update({ price: 1 }).eq('id', 99999).select();
    expectOk(assert, res, { status: 200, data: [] });
  });

  test('select().single() after an update of one row', async () => {
    const res = await fx.anon.from('books').update({ title: 'upd-a2' }).eq('id', a).select('id,title').single();
    expectOk(assert, res, { data: { id: a, title: 'upd-a2' } });
  });

  test('maxAffected(1) over two rows is 400 PGRST124 and changes nothing', async () => {
    const res = await fx.anon.from('books').update({ price: 99 }).in('id', [a, b]).maxAffected(1);
    expectError(assert, res, {
      status: 400,
      code: 'PGRST124',
      message: 'Query result exceeds max-affected preference constraint',
      details: 'The query affects 2 rows',
    });
    assert.deepEqual(await rowsWhere('SELECT count(*)::int AS n FROM books WHERE price = 99'), [{ n: 0 }]);
  });

  test('maxAffected within the limit lets the update through', async () => {
    const res = await fx.anon.from('books').update({ price: 7 }).in('id', [a, b]).maxAffected(2).select('id');
    const data = expectOk(assert, res, { status: 200 });
    assert.equal(data.length, 2);
  });
});

describe('delete', () => {
  test('without select(): 204', async () => {
    await fx.sql("INSERT INTO genres (name) VALUES ('del-plain')");
    const res = await fx.anon.from('genres').delete().eq('name', 'del-plain');
    expectOk(assert, res, { status: 204, data: null });
    assert.deepEqual(await genreNames('del-plain'), []);
  });

  test('with select(): 200 and the deleted rows', async () => {
    await fx.sql("INSERT INTO genres (name) VALUES ('del-sel-1'), ('del-sel-2')");
    const res = await fx.anon.from('genres').delete().like('name', 'del-sel-*').select('name');
    const data = expectOk(assert, res, { status: 200 });
    assert.deepEqual(data.map((r) => r.name).sort(), ['del-sel-1', 'del-sel-2']);
  });

  test('the representation of a delete can embed', async () => {
    const { rows } = await fx.sql("INSERT INTO books (title, author_id) VALUES ('del-embed', 1) RETURNING id");
    const res = await fx.anon.from('books').delete().eq('id', rows[0].id).select('title,authors!author_id(name)');
    expectOk(assert, res, { data: [{ title: 'del-embed', authors: { name: 'Ursula Le Guin' } }] });
  });

  test("count: 'exact' counts the deleted rows", async () => {
    await fx.sql("INSERT INTO genres (name) VALUES ('del-count-1'), ('del-count-2'), ('del-count-3')");
    const res = await fx.anon.from('genres').delete({ count: 'exact' }).like('name', 'del-count-*');
    expectOk(assert, res, { status: 204, data: null, count: 3 });
  });

  test('a foreign key still pointing at the row: 23503, 409', async () => {
    const res = await fx.anon.from('authors').delete().eq('id', 1);
    expectError(assert, res, {
      status: 409,
      code: '23503',
      message: /^update or delete on table "authors" violates foreign key constraint/,
    });
  });

  test('order() and limit() bound a delete', async () => {
    await fx.sql("INSERT INTO genres (name) VALUES ('del-lim-1'), ('del-lim-2'), ('del-lim-3')");
    const res = await fx.anon.from('genres').delete().like('name', 'del-lim-*').order('name', { ascending: false }).limit(1).select('name');
    expectOk(assert, res, { status: 200, data: [{ name: 'del-lim-3' }] });
    assert.deepEqual(await genreNames('del-lim-'), ['del-lim-1', 'del-lim-2']);
  });

  test('maxAffected on delete', async () => {
    await fx.sql("INSERT INTO genres (name) VALUES ('del-max-1'), ('del-max-2')");
    const res = await fx.anon.from('genres').delete().like('name', 'del-max-*').maxAffected(1);
    expectError(assert, res, { status: 400, code: 'PGRST124', details: 'The query affects 2 rows' });
    assert.deepEqual(await genreNames('del-max-'), ['del-max-1', 'del-max-2']);
  });
});
