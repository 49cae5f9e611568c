// Every filter method of supabase-js's PostgrestFilterBuilder against the
// fixture rows: what it sends (col=op.value) and which rows PostgREST v12
// returns for it (docs: references/api/tables_views.rst "Operators").
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startRestFixture, expectOk, expectError, ids } from './lib/rest-fixture.mjs';

// Rows only this file needs: booleans for `is`, names with the characters that
// supabase-js quotes in `in` lists.
const EXTRA = `
CREATE TABLE toggles (id int PRIMARY KEY, enabled boolean);
INSERT INTO toggles VALUES (1, true), (2, false), (3, NULL);
GRANT SELECT ON toggles TO anon;
INSERT INTO genres (id, name) VALUES (10, 'a,b'), (11, 'x(y)'), (12, 'say "hi"'), (13, 'a.b');
`;

let fx;
before(async () => {
  fx = await startRestFixture({ extraSql: EXTRA });
});
after(() => fx?.stop());

/** The sorted ids the query returns, after checking it succeeded with 200. */
async function idsOf(query) {
  const res = await query;
  expectOk(assert, res);
  return ids(res.data);
}
const books = () => fx.anon.from('books').select('id');
const authors = () => fx.anon.from('authors').select('id');
const events = () => fx.anon.from('events').select('id');

describe('comparison', () => {
  test('eq', async () => assert.deepEqual(await idsOf(books().eq('published', 1979)), [3]));
  test('neq', async () => assert.deepEqual(await idsOf(books().neq('author_id', 1)), [3, 4, 5]));
  test('neq leaves out nulls, as SQL <> does', async () => assert.deepEqual(await idsOf(books().neq('editor_id', 2)), [3]));
  test('gt', async () => assert.deepEqual(await idsOf(books().gt('published', 1979)), [4, 5]));
  test('gte', async () => assert.deepEqual(await idsOf(books().gte('published', 1979)), [3, 4, 5]));
  test('lt', async () => assert.deepEqual(await idsOf(books().lt('price', 10)), [1, 5]));
  test('lte', async () => assert.deepEqual(await idsOf(books().lte('published', 1969)), [1, 2]));
  test('eq on an enum and on a date', async () => {
    assert.deepEqual(await idsOf(authors().eq('mood', 'happy')), [1, 3]);
    assert.deepEqual(await idsOf(authors().gt('born', '1947-12-31')), [3]);
  });
  test('values are bound, never spliced into SQL', async () => {
    assert.deepEqual(await idsOf(books().eq('title', "x'; DROP TABLE books; --")), []);
    assert.deepEqual(await idsOf(books().eq('title', 'Kindred')), [3]);
  });
  test('an invalid enum label is 22P02, 400', async () => {
    const res = await authors().eq('mood', 'nope');
    expectError(assert, res, { status: 400, code: '22P02', message: 'invalid input value for enum mood: "nope"' });
  });
  test('a filter on an unknown column is 42703, 400', async () => {
    const res = await books().eq('nope', 1);
    expectError(assert, res, { status: 400, code: '42703', message: 'column books.nope does not exist' });
  });
  test('an invalid value for the column type is 22P02, 400', async () => {
    const res = await books().eq('id', 'abc');
    expectError(assert, res, { status: 400, code: '22P02', message: 'invalid input syntax for type integer: "abc"' });
  });
});

describe('pattern matching', () => {
  test('like with * as the wildcard', async () => assert.deepEqual(await idsOf(books().like('title', '*Dark*')), [2]));
  test('like with % as the wildcard', async () => assert.deepEqual(await idsOf(books().like('title', '%of the%')), [4]));
  test('like is case sensitive', async () => assert.deepEqual(await idsOf(books().like('title', '*dark*')), []));
  test('ilike', async () => assert.deepEqual(await idsOf(books().ilike('title', '*GUARDS*')), [5]));
  test('likeAllOf', async () => assert.deepEqual(await idsOf(books().likeAllOf('title', ['%of%', '%the%'])), [4]));
  test('likeAnyOf', async () => assert.deepEqual(await idsOf(books().likeAnyOf('title', ['%Guards%', 'Kindred'])), [3, 5]));
  test('ilikeAllOf', async () => assert.deepEqual(await idsOf(books().ilikeAllOf('title', ['%OF%', '%THE%'])), [2, 4]));
  test('ilikeAnyOf', async () => assert.deepEqual(await idsOf(books().ilikeAnyOf('title', ['%KINDRED%', '%sower'])), [3, 4]));
  test('regexMatch', async () => assert.deepEqual(await idsOf(books().regexMatch('title', '^The')), [2]));
  test('regexIMatch', async () => assert.deepEqual(await idsOf(books().regexIMatch('title', '^the|^kin')), [2, 3]));
});

describe('is, isDistinct, in', () => {
  const toggles = () => fx.anon.from('toggles').select('id');
  test('is null', async () => assert.deepEqual(await idsOf(books().is('price', null)), [4]));
  test('is true / is false', async () => {
    assert.deepEqual(await idsOf(toggles().is('enabled', true)), [1]);
    assert.deepEqual(await idsOf(toggles().is('enabled', false)), [2]);
  });
  test('is not_null (PostgREST v13 #3747, listed by the issue)', async () => {
    assert.deepEqual(await idsOf(toggles().filter('enabled', 'is', 'not_null')), [1, 2]);
  });
  test('is unknown (through filter)', async () => assert.deepEqual(await idsOf(toggles().filter('enabled', 'is', 'unknown')), [3]));
  test('not is true keeps false and null', async () => assert.deepEqual(await idsOf(toggles().not('enabled', 'is', true)), [2, 3]));
  test('isDistinct keeps nulls, unlike neq', async () => assert.deepEqual(await idsOf(books().isDistinct('editor_id', 2)), [2, 3, 4, 5]));
  test('in', async () => assert.deepEqual(await idsOf(books().in('id', [1, 3, 5])), [1, 3, 5]));
  test('in with values holding commas, parentheses, quotes and dots', async () => {
    const res = await fx.anon.from('genres').select('id').in('name', ['a,b', 'x(y)', 'say "hi"', 'a.b']);
    expectOk(assert, res);
    assert.deepEqual(ids(res.data), [10, 11, 12, 13]);
  });
  test('in with values holding spaces and punctuation', async () => {
    assert.deepEqual(await idsOf(books().in('title', ['Kindred', 'Guards! Guards!'])), [3, 5]);
  });
  test('a long in() list (a request line over 12 KB) is served', async () => {
    const many = Array.from({ length: 2000 }, (_, i) => i + 1);
    assert.deepEqual(await idsOf(books().in('id', many)), [1, 2, 3, 4, 5]);
  });
  test('in with an empty list matches nothing', async () => assert.deepEqual(await idsOf(books().in('id', [])), []));
  test('notIn', async () => assert.deepEqual(await idsOf(books().notIn('id', [1, 2])), [3, 4, 5]));
});

describe('arrays, jsonb and ranges', () => {
  test('contains on an array', async () => assert.deepEqual(await idsOf(authors().contains('tags', ['fantasy'])), [1, 3]));
  test('contains with an array literal string, and negated', async () => {
    assert.deepEqual(await idsOf(authors().contains('tags', '{fantasy,humour}')), [3]);
    assert.deepEqual(await idsOf(authors().not('tags', 'cs', '{scifi}')), [3, 4]);
  });
  test('containedBy on an array', async () => assert.deepEqual(await idsOf(authors().containedBy('tags', ['fantasy', 'scifi'])), [1, 2, 4]));
  test('overlaps on an array', async () => assert.deepEqual(await idsOf(authors().overlaps('tags', ['humour', 'scifi'])), [1, 2, 3]));
  test('contains on jsonb', async () => {
    assert.deepEqual(await idsOf(authors().contains('bio', { country: 'US' })), [1, 2]);
    assert.deepEqual(await idsOf(authors().contains('bio', { awards: { hugo: 5 } })), [1]);
  });
  test('containedBy on jsonb', async () => assert.deepEqual(await idsOf(books().containedBy('meta', { pages: 183 })), [1, 4]));
  test('contains a range', async () => assert.deepEqual(await idsOf(events().contains('slots', '[9,10)')), [1]));
  test('contains a tstzrange written with spaces and +00', async () => {
    assert.deepEqual(await idsOf(events().contains('during', '[2025-01-01 09:00+00,2025-01-01 10:00+00)')), [1]);
  });
  test('containedBy a range', async () => assert.deepEqual(await idsOf(events().containedBy('slots', '[0,24)')), [1, 2]));
  test('overlaps a range', async () => {
    assert.deepEqual(await idsOf(events().overlaps('slots', '[17,20)')), [2]);
    assert.deepEqual(await idsOf(events().overlaps('during', '[2025-01-01T11:00:00Z,2025-01-01T14:00:00Z)')), [1, 2]);
  });
  test('rangeGt (sr): strictly right of', async () => assert.deepEqual(await idsOf(events().rangeGt('slots', '[0,10)')), [2]));
  test('rangeGte (nxl): does not extend left of', async () => assert.deepEqual(await idsOf(events().rangeGte('slots', '[10,20)')), [2]));
  test('rangeLt (sl): strictly left of', async () => assert.deepEqual(await idsOf(events().rangeLt('slots', '[12,20)')), [1]));
  test('rangeLte (nxr): does not extend right of', async () => assert.deepEqual(await idsOf(events().rangeLte('slots', '[0,12)')), [1]));
  test('rangeAdjacent (adj)', async () => assert.deepEqual(await idsOf(events().rangeAdjacent('slots', '[18,20)')), [2]));
});

describe('full-text search', () => {
  test('textSearch without options is fts (to_tsquery)', async () => assert.deepEqual(await idsOf(books().textSearch('search', 'wizard')), [1]));
  test('fts with a config and tsquery operators', async () => {
    assert.deepEqual(await idsOf(books().textSearch('search', 'left & hand', { config: 'english' })), [2]);
    assert.deepEqual(await idsOf(books().textSearch('search', 'wizard | kindred', { config: 'english' })), [1, 3]);
  });
  test("type: 'plain' is plfts (plainto_tsquery)", async () => {
    assert.deepEqual(await idsOf(books().textSearch('search', 'guards guards', { type: 'plain', config: 'english' })), [5]);
  });
  test("type: 'phrase' is phfts (phraseto_tsquery)", async () => {
    assert.deepEqual(await idsOf(books().textSearch('search', 'left hand', { type: 'phrase', config: 'english' })), [2]);
    assert.deepEqual(await idsOf(books().textSearch('search', 'hand left', { type: 'phrase', config: 'english' })), []);
  });
  test("type: 'websearch' is wfts (websearch_to_tsquery)", async () => {
    assert.deepEqual(await idsOf(books().textSearch('search', '"left hand" or kindred', { type: 'websearch', config: 'english' })), [2, 3]);
    assert.deepEqual(await idsOf(books().textSearch('search', 'darkness -left', { type: 'websearch', config: 'english' })), []);
  });
});

describe('match, not, or, filter', () => {
  test('fts on a text column', async () => {
    assert.deepEqual(await idsOf(books().textSearch('title', 'wizard', { config: 'english' })), [1]);
  });
  test('match ands equalities', async () => assert.deepEqual(await idsOf(books().match({ author_id: 1, published: 1969 })), [2]));
  test('not negates any operator', async () => {
    assert.deepEqual(await idsOf(books().not('published', 'gte', 1980)), [1, 2, 3]);
    assert.deepEqual(await idsOf(books().not('id', 'in', '(1,2,3)')), [4, 5]);
    assert.deepEqual(await idsOf(books().not('title', 'like', '*Guards*')), [1, 2, 3, 4]);
    assert.deepEqual(await idsOf(books().not('editor_id', 'is', null)), [1, 3]);
  });
  test('or', async () => assert.deepEqual(await idsOf(books().or('published.lt.1969,title.eq.Kindred')), [1, 3]));
  test('or with a nested and', async () => {
    assert.deepEqual(await idsOf(books().or('id.eq.5,and(published.gte.1969,published.lte.1979)')), [2, 3, 5]);
  });
  test('or with not (after the column, as the grammar has it), is and quoted in values', async () => {
    assert.deepEqual(await idsOf(books().or('price.is.null,published.not.lt.1989')), [4, 5]);
    assert.deepEqual(await idsOf(books().or('title.in.("Guards! Guards!",Kindred)')), [3, 5]);
  });
  test('and nested in or nested in and', async () => {
    const q = books().or('and(author_id.eq.1,or(published.eq.1968,published.eq.1993)),id.eq.4');
    assert.deepEqual(await idsOf(q), [1, 4]);
  });
  test('or over JSON paths', async () => {
    assert.deepEqual(await idsOf(authors().or('bio->>country.eq.UK,bio->awards->hugo.gt.3')), [1, 3]);
  });
  test('several or calls are anded', async () => {
    assert.deepEqual(await idsOf(books().or('id.eq.1,id.eq.2,id.eq.3').or('author_id.eq.2,editor_id.eq.2')), [1, 3]);
  });
  test('filter sends a raw operator', async () => {
    assert.deepEqual(await idsOf(books().filter('title', 'ilike', '*earth*')), [1]);
    assert.deepEqual(await idsOf(books().filter('published', 'in', '(1968,1993)')), [1, 4]);
    assert.deepEqual(await idsOf(authors().filter('tags', 'cs', '{humour}')), [3]);
    assert.deepEqual(await idsOf(books().filter('id', 'not.eq', 1)), [2, 3, 4, 5]);
  });
  test('any/all modifiers', async () => {
    assert.deepEqual(await idsOf(books().filter('id', 'eq(any)', '{1,3}')), [1, 3]);
    assert.deepEqual(await idsOf(books().filter('title', 'like(all)', '{*of*,*the*}')), [4]);
  });
  test('not. before the column inside or is a parse error: PGRST100, 400', async () => {
    const res = await books().or('price.is.null,not.published.lt.1989');
    expectError(assert, res, {
      status: 400,
      code: 'PGRST100',
      message: '"failed to parse logic tree ((price.is.null,not.published.lt.1989))" (line 1, column 22)',
      details: 'unexpected "p" expecting logic operator (and, or)',
    });
  });
  test('an unknown operator is PGRST100, 400', async () => {
    const res = await books().filter('id', 'nope', 1);
    expectError(assert, res, { status: 400, code: 'PGRST100' });
  });
  test('filters on a column that is not selected', async () => {
    const res = await fx.anon.from('books').select('title').eq('isbn', '978-0807083697');
    expectOk(assert, res, { data: [{ title: 'Kindred' }] });
  });
});

describe('JSON path filters', () => {
  test('->> compares text', async () => {
    assert.deepEqual(await idsOf(authors().eq('bio->>country', 'UK')), [3]);
    assert.deepEqual(await idsOf(books().eq('meta->>series', 'Discworld')), [5]);
    assert.deepEqual(await idsOf(authors().gte('bio->awards->>hugo', '2')), [1, 2]);
  });
  test('-> compares JSON', async () => assert.deepEqual(await idsOf(authors().gt('bio->awards->hugo', 3)), [1]));
  test('is null on a missing key', async () => assert.deepEqual(await idsOf(books().is('meta->pages', null)), [4]));
  test('in on a JSON path', async () => assert.deepEqual(await idsOf(books().in('meta->>pages', ['183', '416'])), [1, 5]));
});
