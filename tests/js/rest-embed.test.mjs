// Resource embedding through supabase-js, as PostgREST v12 resolves it
// (docs: references/api/resource_embedding.rst; Plan.hs findRel; Error.hs
// PGRST200/201 texts): to-one objects, to-many arrays, many-to-many through
// the junction, one-to-one, self references, hints, !inner, filters, order
// and limits on embedded resources, null filters on embeds, spreads.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startRestFixture, expectOk, expectError } from './lib/rest-fixture.mjs';

let fx;
before(async () => {
  fx = await startRestFixture();
});
after(() => fx?.stop());

const from = (t) => fx.anon.from(t);

describe('many-to-one', () => {
  test('by foreign key name: an object per row', async () => {
    const res = await from('books').select('title,authors!books_author_id_fkey(name)').in('id', [1, 5]).order('id');
    expectOk(assert, res, {
      data: [
        { title: 'A Wizard of Earthsea', authors: { name: 'Ursula Le Guin' } },
        { title: 'Guards! Guards!', authors: { name: 'Terry Pratchett' } },
      ],
    });
  });

  test('by column hint, aliased, and null when the key is null', async () => {
    const res = await from('books').select('id,author:authors!author_id(name),editor:authors!editor_id(name)').in('id', [1, 2]).order('id');
    expectOk(assert, res, {
      data: [
        { id: 1, author: { name: 'Ursula Le Guin' }, editor: { name: 'Octavia Butler' } },
        { id: 2, author: { name: 'Ursula Le Guin' }, editor: null },
      ],
    });
  });

  test('without a hint two foreign keys are ambiguous: 300 PGRST201', async () => {
    const res = await from('books').select('title,authors(name)');
    const error = expectError(assert, res, {
      status: 300,
      code: 'PGRST201',
      message: "Could not embed because more than one relationship was found for 'books' and 'authors'",
    });
    const byRel = (a, b) => (a.relationship < b.relationship ? -1 : 1);
    assert.deepEqual([...error.details].sort(byRel), [
      { cardinality: 'many-to-one', embedding: 'books with authors', relationship: 'books_author_id_fkey using books(author_id) and authors(id)' },
      { cardinality: 'many-to-one', embedding: 'books with authors', relationship: 'books_editor_fkey using books(editor_id) and authors(id)' },
    ]);
    const suffix = ". Find the desired relationship in the 'details' key.";
    assert.ok(
      [
        `Try changing 'authors' to one of the following: 'authors!books_author_id_fkey', 'authors!books_editor_fkey'${suffix}`,
        `Try changing 'authors' to one of the following: 'authors!books_editor_fkey', 'authors!books_author_id_fkey'${suffix}`,
      ].includes(error.hint),
      error.hint,
    );
  });

  test('order by a to-one embed', async () => {
    const res = await from('books').select('id,authors!author_id(name)').order('authors(name)', { ascending: false }).order('id');
    assert.deepEqual(expectOk(assert, res).map((r) => r.id), [1, 2, 5, 3, 4]);
  });
});

describe('one-to-many', () => {
  test('an array per row, empty when nothing refers to it', async () => {
    const res = await from('authors').select('name,books!author_id(title)').in('id', [3, 4]).order('id');
    expectOk(assert, res, {
      data: [
        { name: 'Terry Pratchett', books: [{ title: 'Guards! Guards!' }] },
        { name: 'Anonymous', books: [] },
      ],
    });
  });

  test('the inverse side is ambiguous too: 300 PGRST201 with one-to-many details', async () => {
    const res = await from('authors').select('name,books(title)');
    const error = expectError(assert, res, {
      status: 300,
      code: 'PGRST201',
      message: "Could not embed because more than one relationship was found for 'authors' and 'books'",
    });
    assert.deepEqual(error.details.map((d) => d.relationship).sort(), [
      'books_author_id_fkey using authors(id) and books(author_id)',
      'books_editor_fkey using authors(id) and books(editor_id)',
    ]);
    assert.ok(error.details.every((d) => d.cardinality === 'one-to-many' && d.embedding === 'authors with books'));
  });

  test('filter, order and limit on the embedded resource', async () => {
    const res = await from('books')
      .select('id,reviews(stars)')
      .in('id', [1, 2])
      .order('id')
      .order('stars', { referencedTable: 'reviews', ascending: true })
      .limit(1, { referencedTable: 'reviews' });
    expectOk(assert, res, { data: [{ id: 1, reviews: [{ stars: 4 }] }, { id: 2, reviews: [] }] });
  });

  test('range on the embedded resource (foreignTable is the old name of referencedTable)', async () => {
    const res = await from('books').select('id,reviews(stars)').eq('id', 1).order('stars', { foreignTable: 'reviews', ascending: false }).range(1, 1, { foreignTable: 'reviews' });
    expectOk(assert, res, { data: [{ id: 1, reviews: [{ stars: 4 }] }] });
  });

  test('a filter on the embed filters the embed only', async () => {
    const res = await from('books').select('id,reviews(stars)').eq('reviews.stars', 5).order('id');
    expectOk(assert, res, {
      data: [
        { id: 1, reviews: [{ stars: 5 }] },
        { id: 2, reviews: [] },
        { id: 3, reviews: [{ stars: 5 }] },
        { id: 4, reviews: [] },
        { id: 5, reviews: [] },
      ],
    });
  });

  test('or on the embedded resource', async () => {
    const res = await from('books').select('id,reviews(stars)').in('id', [1, 5]).order('id').or('stars.eq.3,stars.eq.4', { referencedTable: 'reviews' });
    expectOk(assert, res, { data: [{ id: 1, reviews: [{ stars: 4 }] }, { id: 5, reviews: [{ stars: 3 }] }] });
  });

  test('!inner drops parents without a matching child, and counts follow', async () => {
    const res = await from('books').select('id,reviews!inner(stars)', { count: 'exact' }).eq('reviews.stars', 5).order('id');
    expectOk(assert, res, { count: 2, data: [{ id: 1, reviews: [{ stars: 5 }] }, { id: 3, reviews: [{ stars: 5 }] }] });
  });

  test('!left keeps every parent, as the default does', async () => {
    const res = await from('books').select('id,reviews!left(stars)').eq('reviews.stars', 3).order('id');
    expectOk(assert, res, {
      data: [
        { id: 1, reviews: [] },
        { id: 2, reviews: [] },
        { id: 3, reviews: [] },
        { id: 4, reviews: [] },
        { id: 5, reviews: [{ stars: 3 }] },
      ],
    });
  });

  test('nested embeds', async () => {
    const res = await from('authors')
      .select('name,books!author_id(title,reviews(stars))')
      .eq('id', 2)
      .order('title', { referencedTable: 'books' });
    expectOk(assert, res, {
      data: [{ name: 'Octavia Butler', books: [{ title: 'Kindred', reviews: [{ stars: 5 }] }, { title: 'Parable of the Sower', reviews: [] }] }],
    });
  });

  test('filter and order two levels down (books.reviews.*)', async () => {
    const res = await from('authors')
      .select('name,books!author_id(id,reviews(stars))')
      .eq('id', 1)
      .order('id', { referencedTable: 'books' })
      .order('stars', { referencedTable: 'books.reviews', ascending: true })
      .gte('books.reviews.stars', 4);
    expectOk(assert, res, { data: [{ name: 'Ursula Le Guin', books: [{ id: 1, reviews: [{ stars: 4 }, { stars: 5 }] }, { id: 2, reviews: [] }] }] });
  });

  test('order by a to-many embed is 400 PGRST118', async () => {
    const res = await from('books').select('id,reviews(stars)').order('reviews(stars)');
    expectError(assert, res, {
      status: 400,
      code: 'PGRST118',
      message: "A related order on 'reviews' is not possible",
      details: "'books' and 'reviews' do not form a many-to-one or one-to-one relationship",
    });
  });
});

describe('many-to-many and one-to-one', () => {
  test('many-to-many through the junction table', async () => {
    const res = await from('books').select('title,genres(name)').eq('id', 5).order('name', { referencedTable: 'genres' });
    expectOk(assert, res, { data: [{ title: 'Guards! Guards!', genres: [{ name: 'fantasy' }, { name: 'humour' }] }] });
  });

  test('many-to-many from the other side', async () => {
    const res = await from('genres').select('name,books(id)').eq('id', 2).order('id', { referencedTable: 'books' });
    expectOk(assert, res, { data: [{ name: 'science fiction', books: [{ id: 2 }, { id: 3 }, { id: 4 }] }] });
  });

  test('the junction table as a plain one-to-many', async () => {
    const res = await from('books').select('id,book_genres(genre_id)').eq('id', 5).order('genre_id', { referencedTable: 'book_genres' });
    expectOk(assert, res, { data: [{ id: 5, book_genres: [{ genre_id: 1 }, { genre_id: 3 }] }] });
  });

  test('one-to-one gives an object or null, from both sides', async () => {
    const res = await from('authors').select('id,author_profiles(website)').in('id', [1, 2]).order('id');
    expectOk(assert, res, { data: [{ id: 1, author_profiles: { website: 'https://ursula.example' } }, { id: 2, author_profiles: null }] });
    const back = await from('author_profiles').select('website,authors(name)').eq('author_id', 3);
    expectOk(assert, back, { data: [{ website: 'https://terry.example', authors: { name: 'Terry Pratchett' } }] });
  });
});

describe('self reference', () => {
  test('the column name as target embeds the many-to-one side (mentor)', async () => {
    const res = await from('authors').select('name,mentor:mentor_id(name)').in('id', [1, 2]).order('id');
    expectOk(assert, res, { data: [{ name: 'Ursula Le Guin', mentor: null }, { name: 'Octavia Butler', mentor: { name: 'Ursula Le Guin' } }] });
  });

  test('the table name as target embeds the one-to-many side (mentees)', async () => {
    const res = await from('authors').select('name,authors(name)').eq('id', 1).order('name', { referencedTable: 'authors' });
    expectOk(assert, res, { data: [{ name: 'Ursula Le Guin', authors: [{ name: 'Octavia Butler' }, { name: 'Terry Pratchett' }] }] });
  });

  test('table!column hint embeds the one-to-many side', async () => {
    const res = await from('authors').select('name,mentees:authors!mentor_id(name)').eq('id', 1).order('name', { referencedTable: 'mentees' });
    expectOk(assert, res, { data: [{ name: 'Ursula Le Guin', mentees: [{ name: 'Octavia Butler' }, { name: 'Terry Pratchett' }] }] });
  });
});

describe('null filters on embeds, spread, empty embeds', () => {
  test(".is('embed', null) keeps rows whose to-one embed is missing (anti join)", async () => {
    const res = await from('books').select('id,editor:authors!books_editor_fkey(name)').is('editor', null).order('id');
    expectOk(assert, res, { data: [{ id: 2, editor: null }, { id: 4, editor: null }, { id: 5, editor: null }] });
  });

  test(".not('embed', 'is', null) keeps rows that have one", async () => {
    const res = await from('books').select('id,editor:authors!books_editor_fkey(name)').not('editor', 'is', null).order('id');
    expectOk(assert, res, { data: [{ id: 1, editor: { name: 'Octavia Butler' } }, { id: 3, editor: { name: 'Ursula Le Guin' } }] });
  });

  test('not.is.null on a to-many embed keeps rows with at least one child', async () => {
    const res = await from('books').select('id,reviews(stars)').eq('reviews.stars', 5).not('reviews', 'is', null).order('id');
    expectOk(assert, res, { data: [{ id: 1, reviews: [{ stars: 5 }] }, { id: 3, reviews: [{ stars: 5 }] }] });
  });

  test('any other operator on an embed is 400 PGRST120', async () => {
    const res = await from('books').select('id,editor:authors!books_editor_fkey(name)').eq('editor', 1);
    expectError(assert, res, {
      status: 400,
      code: 'PGRST120',
      message: "Bad operator on the 'authors' embedded resource",
      details: 'Only is null or not is null filters are allowed on embedded resources',
    });
  });

  test('spread ...rel(cols) lifts to-one columns into the parent', async () => {
    const res = await from('books').select('title,...authors!author_id(author:name,born)').eq('id', 3);
    expectOk(assert, res, { data: [{ title: 'Kindred', author: 'Octavia Butler', born: '1947-06-22' }] });
  });

  test('spread on a to-many relationship lifts each column as an array (PostgREST 13)', async () => {
    const res = await from('books').select('title,...reviews(stars)').in('id', [1, 2]).order('id').order('stars', { referencedTable: 'reviews' });
    expectOk(assert, res, {
      data: [
        { title: 'A Wizard of Earthsea', stars: [4, 5] },
        { title: 'The Left Hand of Darkness', stars: [] },
      ],
    });
  });

  test('an embed with no columns filters with !inner and adds no key', async () => {
    const res = await from('books').select('title,authors!books_author_id_fkey!inner()').eq('authors.name', 'Terry Pratchett');
    expectOk(assert, res, { data: [{ title: 'Guards! Guards!' }] });
  });

  test('!inner on a to-one embed filters the parents', async () => {
    const res = await from('books').select('id,authors!books_author_id_fkey!inner(name)').eq('authors.name', 'Octavia Butler').order('id');
    expectOk(assert, res, { data: [{ id: 3, authors: { name: 'Octavia Butler' } }, { id: 4, authors: { name: 'Octavia Butler' } }] });
  });

  test('the same table embedded twice under different aliases', async () => {
    const res = await from('books').select('id,five:reviews(stars),four:reviews(stars)').eq('id', 1).eq('five.stars', 5).eq('four.stars', 4);
    expectOk(assert, res, { data: [{ id: 1, five: [{ stars: 5 }], four: [{ stars: 4 }] }] });
  });
});

describe('relationship errors', () => {
  test('an unknown relationship is 400 PGRST200 with a suggestion', async () => {
    const res = await from('books').select('title,reviewz(stars)');
    expectError(assert, res, {
      status: 400,
      code: 'PGRST200',
      message: "Could not find a relationship between 'books' and 'reviewz' in the schema cache",
      details: "Searched for a foreign key relationship between 'books' and 'reviewz' in the schema 'public', but no matches were found.",
      hint: "Perhaps you meant 'reviews' instead of 'reviewz'.",
    });
  });

  test('a hint that names no relationship is 400 PGRST200', async () => {
    const res = await from('books').select('title,authors!nope(name)');
    expectError(assert, res, {
      status: 400,
      code: 'PGRST200',
      message: "Could not find a relationship between 'books' and 'authors' in the schema cache",
      details: "Searched for a foreign key relationship between 'books' and 'authors' using the hint 'nope' in the schema 'public', but no matches were found.",
    });
  });

  test('a filter on a resource that is not embedded is 400 PGRST108', async () => {
    const res = await from('books').select('id').eq('reviews.stars', 5);
    expectError(assert, res, {
      status: 400,
      code: 'PGRST108',
      message: "'reviews' is not an embedded resource in this request",
      details: null,
      hint: "Verify that 'reviews' is included in the 'select' query parameter.",
    });
  });
});
