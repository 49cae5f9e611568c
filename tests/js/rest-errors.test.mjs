// Every error /rest/v1 answers, as PostgREST 13 writes it (src/PostgREST/Error.hs:
// code, HTTP status, message, details, hint, and the `Proxy-Status` header):
// what `throwOnError()` raises in supabase-js, one row per code that a request
// can provoke. What supabase-js cannot send (PATCH on a function, PUT, a
// malformed body, an unknown Accept) goes through fetch with the same headers.
// PGRST109/110 are PostgREST 12's (limited updates, which 13 dropped).
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from '@supabase/supabase-js';
import { startRestFixture } from './lib/rest-fixture.mjs';
import { signJwt } from './lib/pleat.mjs';

let fx;
let agg;
before(async () => {
  [fx, agg] = await Promise.all([startRestFixture(), startRestFixture({ env: { PLEAT_DB_AGGREGATES: 'true' } })]);
});
after(() => Promise.all([fx?.stop(), agg?.stop()]));

/** A client that remembers the headers of the last answer. */
function recording(server, { token, headers = {} } = {}) {
  const seen = {};
  const client = createClient(server.url, server.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: {
      headers: token ? { ...headers, Authorization: `Bearer ${token}` } : headers,
      fetch: async (...args) => {
        const res = await fetch(...args);
        seen.headers = res.headers;
        return res;
      },
    },
  });
  return { client, seen };
}

const HINT_MESSAGE =
  "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.";
const HINT_DETAIL =
  "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.";
const now = () => Math.floor(Date.now() / 1000);

// [name, request(client), status, {code, message, details, hint}]
const THROWN = [
  ['PGRST100 a filter that does not parse', (c) => c.from('books').select('id').filter('id', 'zz', '1'), 400, {
    code: 'PGRST100',
    message: '"failed to parse filter (zz.1)" (line 1, column 1)',
    details: 'unexpected "z" expecting "not" or operator (eq, gt, ...)',
    hint: null,
  }],
  ['PGRST103 a negative limit', (c) => c.from('books').select('id').limit(-1), 416, {
    code: 'PGRST103',
    message: 'Requested range not satisfiable',
    details: 'Limit should be greater than or equal to zero.',
    hint: null,
  }],
  ['PGRST103 an offset past the rows', (c) => c.from('books').select('id', { count: 'exact' }).range(10, 20), 416, {
    code: 'PGRST103',
    message: 'Requested range not satisfiable',
    details: 'An offset of 10 was requested, but there are only 5 rows.',
    hint: null,
  }],
  ['PGRST106 a schema that is not exposed', (c) => c.schema('nope').from('books').select('id'), 406, {
    code: 'PGRST106',
    message: 'Invalid schema: nope',
    details: null,
    hint: 'Only the following schemas are exposed: public',
  }],
  ['PGRST108 a filter on a resource not embedded', (c) => c.from('books').select('id').eq('authors.name', 'x'), 400, {
    code: 'PGRST108',
    message: "'authors' is not an embedded resource in this request",
    details: null,
    hint: "Verify that 'authors' is included in the 'select' query parameter.",
  }],
  ['PGRST109 a limited update without an order (PostgREST 12)', (c) => c.from('books').update({ price: 1 }).eq('id', 1).limit(1), 400, {
    code: 'PGRST109',
    message: "A 'limit' was applied without an explicit 'order'",
    details: null,
    hint: "Apply an 'order' using unique column(s)",
  }],
  ['PGRST111 response.headers that is not an array', (c) => c.rpc('sp_bad_headers'), 500, {
    code: 'PGRST111',
    message: 'response.headers guc must be a JSON array composed of objects with a single key and a string value',
    details: null,
    hint: null,
  }],
  ['PGRST112 response.status that is not a status', (c) => c.rpc('sp_bad_status'), 500, {
    code: 'PGRST112',
    message: 'response.status guc must be a valid status code',
    details: null,
    hint: null,
  }],
  ['PGRST116 single() over several rows', (c) => c.from('books').select('id').single(), 406, {
    code: 'PGRST116',
    message: 'Cannot coerce the result to a single JSON object',
    details: 'The result contains 5 rows',
    hint: null,
  }],
  ['PGRST118 an order by a to-many embed', (c) => c.from('books').select('id,reviews(stars)').order('reviews(stars)'), 400, {
    code: 'PGRST118',
    message: "A related order on 'reviews' is not possible",
    details: "'books' and 'reviews' do not form a many-to-one or one-to-one relationship",
    hint: null,
  }],
  ['PGRST120 an operator other than is on an embed', (c) => c.from('books').select('id,editor:authors!books_editor_fkey(name)').eq('editor', 1), 400, {
    code: 'PGRST120',
    message: "Bad operator on the 'authors' embedded resource",
    details: 'Only is null or not is null filters are allowed on embedded resources',
    hint: null,
  }],
  ['PGRST121 RAISE PGRST with a MESSAGE that is not JSON', (c) => c.rpc('sp_raise_pgrst', { msg: 'nope' }), 500, {
    code: 'PGRST121',
    message: `Could not parse JSON in the "RAISE SQLSTATE 'PGRST'" error`,
    details: "Invalid JSON value for MESSAGE: 'nope'",
    hint: HINT_MESSAGE,
  }],
  ['PGRST121 RAISE PGRST without a DETAIL', (c) => c.rpc('sp_raise_pgrst', { msg: '{"code":"1","message":"m"}' }), 500, {
    code: 'PGRST121',
    message: `Could not parse JSON in the "RAISE SQLSTATE 'PGRST'" error`,
    details: 'DETAIL is missing in the RAISE statement',
    hint: HINT_DETAIL,
  }],
  ['PGRST121 RAISE PGRST with a DETAIL without headers', (c) => c.rpc('sp_raise_pgrst', { msg: '{"code":"1","message":"m"}', det: '{"status":418}' }), 500, {
    code: 'PGRST121',
    message: `Could not parse JSON in the "RAISE SQLSTATE 'PGRST'" error`,
    details: `Invalid JSON value for DETAIL: '{"status":418}'`,
    hint: HINT_DETAIL,
  }],
  ['RAISE PGRST chooses the whole answer', (c) => c.rpc('sp_raise_pgrst', {
    msg: '{"code":"123","message":"Payment Required","details":"Quota exceeded","hint":"Upgrade your plan"}',
    det: '{"status":402,"headers":{"X-Powered-By":"Nerd Rage"}}',
  }), 402, { code: '123', message: 'Payment Required', details: 'Quota exceeded', hint: 'Upgrade your plan' }],
  ['PGRST123 an aggregate without PLEAT_DB_AGGREGATES', (c) => c.from('books').select('price.sum()'), 400, {
    code: 'PGRST123',
    message: 'Use of aggregate functions is not allowed',
    details: null,
    hint: null,
  }],
  ['PGRST124 maxAffected exceeded', (c) => c.from('books').update({ price: 1 }).in('id', [1, 2]).maxAffected(1), 400, {
    code: 'PGRST124',
    message: 'Query result exceeds max-affected preference constraint',
    details: 'The query affects 2 rows',
    hint: null,
  }],
  ['PGRST125 a path that names no resource', (c) => c.from('books/1').select('id'), 404, {
    code: 'PGRST125',
    message: 'Invalid path specified in request URL',
    details: null,
    hint: null,
  }],
  ['PGRST128 maxAffected on a function returning one row', (c) => c.rpc('sp_first_factory').maxAffected(1), 400, {
    code: 'PGRST128',
    message: 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
    details: null,
    hint: null,
  }],
  ['PGRST200 an embed without a relationship', (c) => c.from('books').select('id,sp_factories(name)'), 400, {
    code: 'PGRST200',
    message: "Could not find a relationship between 'books' and 'sp_factories' in the schema cache",
    details: "Searched for a foreign key relationship between 'books' and 'sp_factories' in the schema 'public', but no matches were found.",
    hint: null,
  }],
  ['PGRST202 a function that does not exist', (c) => c.rpc('nope', { a: 1 }), 404, {
    code: 'PGRST202',
    message: 'Could not find the function public.nope(a) in the schema cache',
    details: 'Searched for the function public.nope with parameter a or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    hint: null,
  }],
  ['PGRST204 a column that does not exist', (c) => c.from('books').insert({ nope: 1 }), 400, {
    code: 'PGRST204',
    message: "Could not find the 'nope' column of 'books' in the schema cache",
    details: null,
    hint: null,
  }],
  ['PGRST205 a table that does not exist', (c) => c.from('bookz').select('id'), 404, {
    code: 'PGRST205',
    message: "Could not find the table 'public.bookz' in the schema cache",
    details: null,
    hint: "Perhaps you meant the table 'public.books'",
  }],
  ['23505 a duplicate key is a 409', (c) => c.from('genres').insert({ name: 'fantasy' }), 409, {
    code: '23505',
    message: 'duplicate key value violates unique constraint "genres_name_key"',
    details: 'Key (name)=(fantasy) already exists.',
    hint: null,
  }],
  ['23503 a missing referenced row is a 409', (c) => c.from('books').insert({ title: 'x', author_id: 999 }), 409, {
    code: '23503',
    message: 'insert or update on table "books" violates foreign key constraint "books_author_id_fkey"',
    details: 'Key (author_id)=(999) is not present in table "authors".',
    hint: null,
  }],
  ['22P02 a value of the wrong type is a 400', (c) => c.from('books').select('id').eq('id', 'abc'), 400, {
    code: '22P02',
    message: 'invalid input syntax for type integer: "abc"',
    details: null,
    hint: null,
  }],
  ['P0001 RAISE EXCEPTION is a 400 with its texts', (c) => c.rpc('sp_raise', { code: 'P0001', msg: 'boom', det: 'the detail', hnt: 'the hint' }), 400, {
    code: 'P0001',
    message: 'boom',
    details: 'the detail',
    hint: 'the hint',
  }],
  ['PT402 a PT SQLSTATE chooses the status', (c) => c.rpc('sp_raise', { code: 'PT402', msg: 'pay', det: 'd', hnt: 'h' }), 402, {
    code: 'PT402',
    message: 'pay',
    details: 'd',
    hint: 'h',
  }],
];

describe('errors through throwOnError()', () => {
  for (const [name, request, status, fields] of THROWN) {
    test(name, async () => {
      const { client, seen } = recording(fx);
      await assert.rejects(async () => request(client).throwOnError(), (e) => {
        assert.equal(e.name, 'PostgrestError');
        assert.deepEqual({ code: e.code, message: e.message, details: e.details, hint: e.hint }, fields);
        return true;
      });
      const { error, status: got } = await request(recording(fx).client);
      assert.equal(got, status, JSON.stringify(error));
      if (fields.code !== '123') assert.equal(seen.headers.get('proxy-status'), `PostgREST; error=${fields.code}`);
    });
  }

  test('PGRST127 an aggregate in a to-many spread', async () => {
    const { client, seen } = recording(agg);
    await assert.rejects(async () => client.from('sp_factories').select('name,...sp_processes(id.count())').throwOnError(), (e) => {
      assert.deepEqual(
        { code: e.code, message: e.message, details: e.details, hint: e.hint },
        {
          code: 'PGRST127',
          message: 'Feature not implemented',
          details: 'Aggregates are not implemented for one-to-many or many-to-many spreads.',
          hint: null,
        },
      );
      return true;
    });
    assert.equal(seen.headers.get('proxy-status'), 'PostgREST; error=PGRST127');
  });

  test('PGRST201 an ambiguous embed lists the relationships', async () => {
    const { client } = recording(fx);
    await assert.rejects(async () => client.from('books').select('title,authors(name)').throwOnError(), (e) => {
      assert.equal(e.code, 'PGRST201');
      assert.equal(e.message, "Could not embed because more than one relationship was found for 'books' and 'authors'");
      assert.equal(
        e.hint,
        "Try changing 'authors' to one of the following: 'authors!books_author_id_fkey', 'authors!books_editor_fkey'. Find the desired relationship in the 'details' key.",
      );
      assert.deepEqual(e.details, [
        {
          cardinality: 'many-to-one',
          embedding: 'books with authors',
          relationship: 'books_author_id_fkey using books(author_id) and authors(id)',
        },
        {
          cardinality: 'many-to-one',
          embedding: 'books with authors',
          relationship: 'books_editor_fkey using books(editor_id) and authors(id)',
        },
      ]);
      return true;
    });
  });

  test('PGRST122 an unknown preference under handling=strict', async () => {
    const { client } = recording(fx, { headers: { Prefer: 'handling=strict, nope=1' } });
    await assert.rejects(async () => client.from('books').select('id').throwOnError(), (e) => {
      assert.deepEqual(
        { code: e.code, message: e.message, details: e.details, hint: e.hint },
        {
          code: 'PGRST122',
          message: 'Invalid preferences given with handling=strict',
          details: 'Invalid preferences: nope=1',
          hint: null,
        },
      );
      return true;
    });
  });

  test('PGRST301 and PGRST303: a token that does not decode, verify, or is expired', async () => {
    const cases = [
      ['not-a-jwt', 'PGRST301', 'Expected 3 parts in JWT; got 1'],
      [signJwt({ role: 'anon', exp: now() + 600 }, { secret: 'x'.repeat(40) }), 'PGRST301', 'JWT cryptographic operation failed'],
      [signJwt({ role: 'anon', exp: now() - 600 }), 'PGRST303', 'JWT expired'],
    ];
    for (const [token, code, message] of cases) {
      const { client, seen } = recording(fx, { token });
      const { error, status } = await client.from('books').select('id');
      assert.equal(status, 401, token);
      assert.deepEqual({ code: error.code, message: error.message, hint: error.hint }, { code, message, hint: null });
      assert.equal(seen.headers.get('www-authenticate'), `Bearer error="invalid_token", error_description="${message}"`);
      assert.equal(seen.headers.get('proxy-status'), `PostgREST; error=${code}`);
    }
  });
});

// [name, method, path, headers, body, status, {code, message, details, hint}]
const RAW = [
  ['PGRST101 PATCH on a function', 'PATCH', '/rpc/add_them', {}, '{}', 405, {
    code: 'PGRST101',
    message: 'Cannot use the PATCH method on RPC',
    details: null,
    hint: null,
  }],
  ['PGRST102 a body that is not JSON', 'POST', '/books', {}, '{', 400, {
    code: 'PGRST102',
    message: 'Empty or invalid json',
    details: null,
    hint: null,
  }],
  ['PGRST102 objects whose keys differ', 'POST', '/genres', {}, '[{"name":"a"},{"id":9}]', 400, {
    code: 'PGRST102',
    message: 'All object keys must match',
    details: null,
    hint: null,
  }],
  ['PGRST105 PUT not by the whole primary key', 'PUT', '/genres?name=eq.x', {}, '{"id":1,"name":"x"}', 405, {
    code: 'PGRST105',
    message: "Filters must include all and only primary key columns with 'eq' operators",
    details: null,
    hint: null,
  }],
  ['PGRST107 a media type that cannot be produced', 'GET', '/books', { Accept: 'text/html' }, undefined, 406, {
    code: 'PGRST107',
    message: 'None of these media types are available: text/html',
    details: null,
    hint: null,
  }],
  ['PGRST117 a method PostgREST does not serve', 'PROPFIND', '/books', {}, undefined, 405, {
    code: 'PGRST117',
    message: 'Unsupported HTTP method: PROPFIND',
    details: null,
    hint: null,
  }],
  ['PGRST114 PUT with a limit', 'PUT', '/genres?id=eq.1&limit=1', {}, '{"id":1,"name":"x"}', 400, {
    code: 'PGRST114',
    message: 'limit/offset querystring parameters are not allowed for PUT',
    details: null,
    hint: null,
  }],
  ['PGRST115 PUT whose body names another row', 'PUT', '/genres?id=eq.1', {}, '{"id":2,"name":"x"}', 400, {
    code: 'PGRST115',
    message: 'Payload values do not match URL in primary key column(s)',
    details: null,
    hint: null,
  }],
];

describe('errors supabase-js cannot provoke, through fetch', () => {
  for (const [name, method, path, headers, body, status, fields] of RAW) {
    test(name, async () => {
      const res = await fetch(`${fx.url}/rest/v1${path}`, {
        method,
        headers: { apikey: fx.anonKey, 'Content-Type': 'application/json', ...headers },
        body,
      });
      assert.equal(res.status, status);
      assert.equal(res.headers.get('proxy-status'), `PostgREST; error=${fields.code}`);
      assert.deepEqual(await res.json(), fields);
    });
  }
});
