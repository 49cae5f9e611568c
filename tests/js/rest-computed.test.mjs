// Computed fields and computed relationships through supabase-js, as PostgREST
// serves them (docs: references/api/computed_fields.rst, "Computed
// Relationships" in resource_embedding.rst; SchemaCache.hs allComputedRels,
// Plan.hs findRel): functions over a row type read like columns in select,
// filters and order, and functions returning rows embedded by their name.
// Objects: tests/fixtures/rest_computed.sql.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { startRestFixture, expectOk, expectError, userToken, ALICE } from './lib/rest-fixture.mjs';

let fx;
before(async () => {
  fx = await startRestFixture();
});
after(() => fx?.stop());

const from = (t) => fx.anon.from(t);

describe('computed fields', () => {
  test('selected by name beside columns, absent from *', async () => {
    const res = await from('cf_people').select('id,full_name').order('id').limit(2);
    expectOk(assert, res, {
      data: [
        { id: 1, full_name: 'Agnès Varda' },
        { id: 2, full_name: 'Jacques Demy' },
      ],
    });
    const star = await from('cf_people').select('*').eq('id', 1);
    expectOk(assert, star, { data: [{ id: 1, first_name: 'Agnès', last_name: 'Varda', job: 'director' }] });
  });

  test('aliased and cast', async () => {
    const res = await from('cf_people').select('id,name:full_name,len:name_length::text').eq('id', 4);
    expectOk(assert, res, { data: [{ id: 4, name: 'Chantal Akerman', len: '15' }] });
  });

  test('a function whose other arguments have defaults', async () => {
    const res = await from('cf_people').select('initials').eq('id', 1);
    expectOk(assert, res, { data: [{ initials: 'A.V.' }] });
  });

  test('filtered with eq, like, gte, in and inside or()', async () => {
    expectOk(assert, await from('cf_people').select('id').eq('full_name', 'Jacques Demy'), { data: [{ id: 2 }] });
    expectOk(assert, await from('cf_people').select('id').like('full_name', '%Var%'), { data: [{ id: 1 }] });
    // A number: the value is compared as the function's integer result.
    expectOk(assert, await from('cf_people').select('id').gte('name_length', 12).order('id'), { data: [{ id: 2 }, { id: 4 }] });
    expectOk(assert, await from('cf_people').select('id').in('full_name', ['Mag Bodard', 'Agnès Varda']).order('id'), {
      data: [{ id: 1 }, { id: 3 }],
    });
    expectOk(assert, await from('cf_people').select('id').or('full_name.eq.Mag Bodard,id.eq.4').order('id'), {
      data: [{ id: 3 }, { id: 4 }],
    });
  });

  test('ordered by, both ways', async () => {
    const asc = await from('cf_people').select('full_name').order('full_name');
    expectOk(assert, asc, {
      data: [{ full_name: 'Agnès Varda' }, { full_name: 'Chantal Akerman' }, { full_name: 'Jacques Demy' }, { full_name: 'Mag Bodard' }],
    });
    const desc = await from('cf_people').select('id').order('name_length', { ascending: false }).order('id').limit(2);
    expectOk(assert, desc, { data: [{ id: 4 }, { id: 2 }] });
  });

  test('inside an embed, filtered and ordered there', async () => {
    const res = await from('cf_schools')
      .select('name,cf_people(full_name)')
      .eq('id', 1)
      .neq('cf_people.full_name', 'Jacques Demy')
      .order('full_name', { referencedTable: 'cf_people', ascending: false });
    expectOk(assert, res, { data: [{ name: 'IDHEC', cf_people: [{ full_name: 'Mag Bodard' }, { full_name: 'Agnès Varda' }] }] });
    // cf_people(cf_films) overrides the foreign keys, so the hint is not read.
    const hinted = await from('cf_films').select('title,cf_people!director_id(full_name)').eq('id', 1);
    expectOk(assert, hinted, { data: [{ title: 'Cléo from 5 to 7', cf_people: { full_name: 'Agnès Varda' } }] });
  });

  test('an overloaded name is the function of each table', async () => {
    const people = await from('cf_people').select('label').eq('id', 2);
    expectOk(assert, people, { data: [{ label: 'person: Demy' }] });
    const films = await from('cf_films').select('label,director(label)').eq('id', 2);
    expectOk(assert, films, {
      data: [{ label: 'film: The Umbrellas of Cherbourg (1964)', director: { label: 'person: Demy' } }],
    });
  });

  test('on a table with a column of its own name', async () => {
    const res = await from('cf_labels').select('id,shout').eq('shout', 'SALE!');
    expectOk(assert, res, { data: [{ id: 2, shout: 'SALE!' }] });
  });

  test('an unknown name is still 42703', async () => {
    const res = await from('cf_people').select('id,nickname');
    expectError(assert, res, { status: 400, code: '42703', message: 'column cf_people.nickname does not exist' });
  });

  test('on the rows a function returns', async () => {
    const res = await fx.anon.rpc('cf_people_with_job', { j: 'director' }).select('id,full_name').order('full_name', { ascending: false });
    expectOk(assert, res, {
      data: [
        { id: 2, full_name: 'Jacques Demy' },
        { id: 4, full_name: 'Chantal Akerman' },
        { id: 1, full_name: 'Agnès Varda' },
      ],
    });
  });

  test('in the representation of a write', async () => {
    const res = await fx.service.from('cf_people').update({ first_name: 'Marguerite' }).eq('id', 3).select('id,full_name,label');
    expectOk(assert, res, { data: [{ id: 3, full_name: 'Marguerite Bodard', label: 'person: Bodard' }] });
    const filtered = await fx.service.from('cf_people').update({ first_name: 'Mag' }).eq('full_name', 'Marguerite Bodard').select('full_name');
    expectOk(assert, filtered, { data: [{ full_name: 'Mag Bodard' }] });
  });
});

describe('computed relationships', () => {
  test('to-one from SETOF … ROWS 1: an object', async () => {
    const res = await from('cf_premieres').select('location,film(title)').order('id').limit(2);
    expectOk(assert, res, {
      data: [
        { location: 'Cannes', film: { title: 'Cléo from 5 to 7' } },
        { location: 'Cannes', film: { title: 'The Umbrellas of Cherbourg' } },
      ],
    });
  });

  test('to-one from a function returning one row', async () => {
    const res = await from('cf_films').select('title,director(first_name)').eq('id', 3);
    expectOk(assert, res, { data: [{ title: 'Jeanne Dielman', director: { first_name: 'Chantal' } }] });
  });

  test('to-many from SETOF: an array, with filters, order, limit and an alias', async () => {
    const res = await from('cf_films')
      .select('id,shown:premieres(location)')
      .order('id')
      .order('location', { referencedTable: 'shown', ascending: false });
    expectOk(assert, res, {
      data: [
        { id: 1, shown: [{ location: 'Cannes' }] },
        { id: 2, shown: [{ location: 'Paris' }, { location: 'Cannes' }] },
        { id: 3, shown: [{ location: 'Cannes' }] },
      ],
    });
    const inner = await from('cf_films').select('id,premieres!inner(location)').eq('premieres.location', 'Paris');
    expectOk(assert, inner, { data: [{ id: 2, premieres: [{ location: 'Paris' }] }] });
  });

  test('nested: premieres, their film, its computed fields and a foreign-key embed below it', async () => {
    const res = await from('cf_premieres').select('id,film(label,director(full_name),cf_schools(name))').eq('id', 4);
    expectOk(assert, res, {
      data: [
        {
          id: 4,
          film: { label: 'film: Jeanne Dielman (1975)', director: { full_name: 'Chantal Akerman' }, cf_schools: { name: 'INSAS' } },
        },
      ],
    });
  });

  test('spread, ordered by and filtered for null like any to-one embed', async () => {
    const spread = await from('cf_premieres').select('location,...film(title)').eq('id', 3);
    expectOk(assert, spread, { data: [{ location: 'Paris', title: 'The Umbrellas of Cherbourg' }] });
    const ordered = await from('cf_premieres').select('id,film(year)').order('film(year)', { ascending: false }).order('id');
    expectOk(assert, ordered, {
      data: [
        { id: 4, film: { year: 1975 } },
        { id: 2, film: { year: 1964 } },
        { id: 3, film: { year: 1964 } },
        { id: 1, film: { year: 1962 } },
      ],
    });
    const present = await from('cf_films').select('id,premieres!inner()').not('premieres', 'is', null).eq('id', 3);
    expectOk(assert, present, { data: [{ id: 3 }] });
  });

  test('a function named like the table overrides the ambiguous foreign keys', async () => {
    // Two foreign keys (director_id, producer_id) would make this PGRST201.
    const res = await from('cf_films').select('title,cf_people(last_name)').eq('id', 2);
    expectOk(assert, res, { data: [{ title: 'The Umbrellas of Cherbourg', cf_people: { last_name: 'Demy' } }] });
    // The reverse foreign-key relationships are left alone.
    const back = await from('cf_people').select('id,cf_films!director_id(title)').eq('id', 1);
    expectOk(assert, back, { data: [{ id: 1, cf_films: [{ title: 'Cléo from 5 to 7' }] }] });
  });

  test('the same function name over another table is that table’s relationship', async () => {
    const res = await from('cf_schools').select('name,cf_people(id)').order('id');
    expectOk(assert, res, {
      data: [
        { name: 'IDHEC', cf_people: [{ id: 1 }, { id: 2 }, { id: 3 }] },
        { name: 'INSAS', cf_people: [{ id: 4 }] },
      ],
    });
  });

  test('from the rows a function returns', async () => {
    const res = await fx.anon.rpc('cf_people_with_job', { j: 'director' }).select('last_name,films_directed(title)').order('id').limit(2);
    expectOk(assert, res, {
      data: [
        { last_name: 'Varda', films_directed: [{ title: 'Cléo from 5 to 7' }] },
        { last_name: 'Demy', films_directed: [{ title: 'The Umbrellas of Cherbourg' }] },
      ],
    });
  });

  test('from a table to itself, nested twice', async () => {
    const res = await from('cf_films').select('id,same_school(id,same_school(id))').order('id');
    expectOk(assert, res, {
      data: [
        { id: 1, same_school: [{ id: 2, same_school: [{ id: 1 }] }] },
        { id: 2, same_school: [{ id: 1, same_school: [{ id: 2 }] }] },
        { id: 3, same_school: [] },
      ],
    });
  });

  test('in the representation of a write', async () => {
    const res = await fx.service.from('cf_premieres').insert({ id: 9, film_id: 3, location: 'Berlin' }).select('location,film(title)');
    expectOk(assert, res, { status: 201, data: [{ location: 'Berlin', film: { title: 'Jeanne Dielman' } }] });
    const patched = await fx.service.from('cf_people').update({ job: 'filmmaker' }).eq('id', 4).select('job,films_directed(title)');
    expectOk(assert, patched, { data: [{ job: 'filmmaker', films_directed: [{ title: 'Jeanne Dielman' }] }] });
    await fx.service.from('cf_people').update({ job: 'director' }).eq('id', 4);
    const deleted = await fx.service.from('cf_premieres').delete().eq('id', 9).select('id,film(year)');
    expectOk(assert, deleted, { data: [{ id: 9, film: { year: 1975 } }] });
  });
});

describe('as the caller', () => {
  test('a computed field the role may not execute is 42501, allowed to a signed-in user', async () => {
    const anon = await from('cf_people').select('id,salary_band').eq('id', 1);
    expectError(assert, anon, { status: 401, code: '42501', message: 'permission denied for function salary_band' });
    const user = fx.client({ token: userToken(ALICE) });
    expectOk(assert, await user.from('cf_people').select('id,salary_band').eq('id', 1), { data: [{ id: 1, salary_band: 'high' }] });
  });

  test('a computed relationship reads only the rows the role’s policies show', async () => {
    const anon = await from('cf_films').select('id,film_reviews(body)').eq('id', 1);
    expectOk(assert, anon, { data: [{ id: 1, film_reviews: [{ body: 'A day in real time' }] }] });
    const user = fx.client({ token: userToken(ALICE) });
    const signedIn = await user.from('cf_films').select('id,film_reviews(body)').eq('id', 1);
    expectOk(assert, signedIn, { data: [{ id: 1, film_reviews: [{ body: 'A day in real time' }, { body: 'Draft notes' }] }] });
  });
});

describe('schema cache reload', () => {
  test('a function created later is a computed field and relationship after NOTIFY, without a restart', async () => {
    const before = await from('cf_films').select('id,decade').eq('id', 1);
    expectError(assert, before, { status: 400, code: '42703' });
    await fx.sql(`
      CREATE FUNCTION decade(cf_films) RETURNS int LANGUAGE sql STABLE AS $$ SELECT $1.year / 10 * 10 $$;
      CREATE FUNCTION school(cf_films) RETURNS SETOF cf_schools ROWS 1 LANGUAGE sql STABLE
        AS $$ SELECT * FROM cf_schools WHERE id = $1.school_id $$;
      NOTIFY pgrst, 'reload schema';
    `);
    let res;
    for (let i = 0; i < 200; i++) {
      res = await from('cf_films').select('id,decade,school(name)').eq('id', 3);
      if (!res.error) break;
      await sleep(50);
    }
    expectOk(assert, res, { data: [{ id: 3, decade: 1970, school: { name: 'INSAS' } }] });
  });
});
