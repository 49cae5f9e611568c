// Spread embeds through supabase-js, as PostgREST 13 answers them
// (test/spec/Feature/Query/SpreadQueriesSpec.hs, AggregateFunctionsSpec.hs;
// Plan.hs addToManyOrderSelects, hoistSpreadAggFunctions): a to-many spread
// lifts each column as a JSON array of the related rows' values, nested spreads
// and embeds give arrays of arrays or of objects; a to-one spread's aggregates
// aggregate the rows of the level it spreads into. Fixture: tests/fixtures/rest_spreads.sql.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startRestFixture, expectOk, expectError } from './lib/rest-fixture.mjs';

let fx;
let agg;
before(async () => {
  [fx, agg] = await Promise.all([startRestFixture(), startRestFixture({ env: { PLEAT_DB_AGGREGATES: 'true' } })]);
});
after(() => Promise.all([fx?.stop(), agg?.stop()]));

const factories = (select) =>
  fx.anon.from('sp_factories').select(select).order('name').order('id', { referencedTable: 'sp_processes' });

describe('to-many spreads', () => {
  test('a column becomes the array of its values per parent, [] without rows', async () => {
    const res = await factories('factory:name,...sp_processes(name)');
    expectOk(assert, res, {
      data: [
        { factory: 'Factory A', name: ['Process A1', 'Process A2'] },
        { factory: 'Factory B', name: ['Process B1', 'Process B2'] },
        { factory: 'Factory C', name: ['Process C1', 'Process C2', 'Process XX', 'Process YY'] },
        { factory: 'Factory D', name: [] },
      ],
    });
  });

  test('several columns, aliased', async () => {
    const res = await factories('factory:name,...sp_processes(processes:name,categories:category_id)').in('id', [2, 4]);
    expectOk(assert, res, {
      data: [
        { factory: 'Factory B', processes: ['Process B1', 'Process B2'], categories: [1, 1] },
        { factory: 'Factory D', processes: [], categories: [] },
      ],
    });
  });

  test('* gives every column as an array', async () => {
    const res = await factories('factory:name,...sp_processes(*)').in('id', [1, 4]);
    expectOk(assert, res, {
      data: [
        { factory: 'Factory A', id: [1, 2], name: ['Process A1', 'Process A2'], factory_id: [1, 1], category_id: [1, 2] },
        { factory: 'Factory D', id: [], name: [], factory_id: [], category_id: [] },
      ],
    });
  });

  test('a nested to-one spread gives one value per row, null where it has none', async () => {
    const res = await factories('factory:name,...sp_processes(process:name,...sp_process_costs(cost))').eq('id', 3);
    expectOk(assert, res, {
      data: [{ factory: 'Factory C', process: ['Process C1', 'Process C2', 'Process XX', 'Process YY'], cost: [40, 70, null, 40] }],
    });
  });

  test('a nested to-many spread gives arrays of arrays', async () => {
    const res = await factories('factory:name,...sp_processes(process:name,...sp_process_supervisor(supervisor_ids:supervisor_id))')
      .order('supervisor_id', { referencedTable: 'sp_processes.sp_process_supervisor' })
      .in('id', [2, 3]);
    expectOk(assert, res, {
      data: [
        { factory: 'Factory B', process: ['Process B1', 'Process B2'], supervisor_ids: [[3, 4], [1, 2]] },
        { factory: 'Factory C', process: ['Process C1', 'Process C2', 'Process XX', 'Process YY'], supervisor_ids: [[3], [3], [], []] },
      ],
    });
  });

  test('nested embeds that are not spread become arrays of objects', async () => {
    const res = await factories('factory:name,...sp_processes(process:name,sp_categories(name),sp_process_costs(cost))').eq('id', 1);
    expectOk(assert, res, {
      data: [
        {
          factory: 'Factory A',
          process: ['Process A1', 'Process A2'],
          sp_categories: [{ name: 'Batch' }, { name: 'Mass' }],
          sp_process_costs: [{ cost: 150 }, { cost: 200 }],
        },
      ],
    });
  });

  test('over a many-to-many relationship', async () => {
    const res = await fx.anon
      .from('sp_supervisors')
      .select('supervisor:name,...sp_processes(name)')
      .order('id')
      .order('id', { referencedTable: 'sp_processes' });
    expectOk(assert, res, {
      data: [
        { supervisor: 'Mary', name: ['Process A1', 'Process B2'] },
        { supervisor: 'John', name: ['Process A2', 'Process B2'] },
        { supervisor: 'Peter', name: ['Process B1', 'Process C1', 'Process C2'] },
        { supervisor: 'Sarah', name: ['Process B1'] },
        { supervisor: 'Jane', name: [] },
      ],
    });
  });

  test('filters on the spread keep only the matching values', async () => {
    const res = await factories('factory:name,...sp_processes(name)').eq('sp_processes.category_id', 2);
    expectOk(assert, res, {
      data: [
        { factory: 'Factory A', name: ['Process A2'] },
        { factory: 'Factory B', name: [] },
        { factory: 'Factory C', name: ['Process C1', 'Process C2', 'Process XX', 'Process YY'] },
        { factory: 'Factory D', name: [] },
      ],
    });
  });

  test('!inner and not.is.null drop parents without rows; is.null keeps only them', async () => {
    const inner = await factories('factory:name,...sp_processes!inner(name)').eq('sp_processes.category_id', 1);
    expectOk(assert, inner, {
      data: [
        { factory: 'Factory A', name: ['Process A1'] },
        { factory: 'Factory B', name: ['Process B1', 'Process B2'] },
      ],
    });
    const some = await factories('factory:name,...sp_processes(name)').not('sp_processes', 'is', null);
    assert.deepEqual(
      some.data.map((r) => r.factory),
      ['Factory A', 'Factory B', 'Factory C'],
    );
    const none = await factories('factory:name,...sp_processes(processes:name)').is('sp_processes', null);
    expectOk(assert, none, { data: [{ factory: 'Factory D', processes: [] }] });
  });

  test('the spread order orders every array alike, by its columns or a related one', async () => {
    const res = await fx.anon
      .from('sp_factories')
      .select('factory:name,...sp_processes(name,...sp_process_costs(cost))')
      .in('id', [2, 3])
      .order('name')
      .order('sp_process_costs(cost)', { referencedTable: 'sp_processes' })
      .order('name', { referencedTable: 'sp_processes', ascending: false });
    expectOk(assert, res, {
      data: [
        { factory: 'Factory B', name: ['Process B2', 'Process B1'], cost: [70, 180] },
        { factory: 'Factory C', name: ['Process YY', 'Process C1', 'Process C2', 'Process XX'], cost: [40, 40, 70, null] },
      ],
    });
  });

  test('limit applies inside each array', async () => {
    const res = await factories('factory:name,...sp_processes(name)').eq('id', 3).limit(2, { referencedTable: 'sp_processes' });
    expectOk(assert, res, { data: [{ factory: 'Factory C', name: ['Process C1', 'Process C2'] }] });
  });

  test('an empty spread only filters', async () => {
    const res = await factories('factory:name,...sp_processes!inner()').eq('sp_processes.category_id', 1);
    expectOk(assert, res, { data: [{ factory: 'Factory A' }, { factory: 'Factory B' }] });
  });

  test('a related order on a to-many spread is 400 PGRST118', async () => {
    const res = await fx.anon.from('sp_factories').select('name,...sp_processes(name)').order('sp_processes(name)');
    expectError(assert, res, {
      status: 400,
      code: 'PGRST118',
      message: "A related order on 'sp_processes' is not possible",
      details: "'sp_factories' and 'sp_processes' do not form a many-to-one or one-to-one relationship",
      hint: null,
    });
  });
});

describe('aggregates in spreads', () => {
  test('a to-one spread aggregates the rows it spreads into, grouped by the other spread', async () => {
    const res = await agg.anon
      .from('sp_processes')
      .select('...sp_process_costs(cost.sum()),...sp_categories(category:name)')
      .order('sp_categories(category)');
    expectOk(assert, res, {
      data: [
        { sum: 400, category: 'Batch' },
        { sum: 350, category: 'Mass' },
      ],
    });
  });

  test('count() in a spread counts the related rows per group', async () => {
    const res = await agg.anon.from('sp_process_supervisor').select('supervisor_id,...sp_processes(count())').order('supervisor_id');
    expectOk(assert, res, {
      data: [
        { supervisor_id: 1, count: 2 },
        { supervisor_id: 2, count: 2 },
        { supervisor_id: 3, count: 3 },
        { supervisor_id: 4, count: 1 },
      ],
    });
  });

  test('through nested to-one spreads, aliased and cast, to the top level', async () => {
    const res = await agg.anon
      .from('sp_process_supervisor')
      .select('...sp_processes(factory_id,...sp_process_costs(total:cost.sum()::int))')
      .order('sp_processes(factory_id)');
    expectOk(assert, res, {
      data: [
        { factory_id: 1, total: 350 },
        { factory_id: 2, total: 500 },
        { factory_id: 3, total: 110 },
      ],
    });
  });

  test('inside an embed, per parent', async () => {
    const res = await agg.anon
      .from('sp_supervisors')
      .select('name,sp_process_supervisor(...sp_processes(...sp_process_costs(cost.sum()),...sp_categories(category:name)))')
      .in('id', [2, 5])
      .order('id');
    const data = expectOk(assert, res);
    // Groups come in no particular order.
    const byCategory = (rows) => [...rows].sort((a, b) => a.category.localeCompare(b.category));
    assert.deepEqual(
      data.map((r) => ({ ...r, sp_process_supervisor: byCategory(r.sp_process_supervisor) })),
      [
        {
          name: 'John',
          sp_process_supervisor: [
            { sum: 70, category: 'Batch' },
            { sum: 200, category: 'Mass' },
          ],
        },
        { name: 'Jane', sp_process_supervisor: [] },
      ],
    );
  });

  test("count: 'exact' of a grouped read counts the rows before grouping, as PostgREST does", async () => {
    const res = await agg.anon.from('sp_processes').select('...sp_categories(name),count()', { count: 'exact' }).order('sp_categories(name)');
    expectOk(assert, res, {
      status: 206,
      count: 8,
      data: [
        { name: 'Batch', count: 3 },
        { name: 'Mass', count: 5 },
      ],
    });
  });

  test('an aggregate in a to-many spread is 400 PGRST127', async () => {
    const res = await agg.anon.from('sp_factories').select('name,...sp_processes(id.count())');
    expectError(assert, res, {
      status: 400,
      code: 'PGRST127',
      message: 'Feature not implemented',
      details: 'Aggregates are not implemented for one-to-many or many-to-many spreads.',
      hint: null,
    });
  });

  test('without PLEAT_DB_AGGREGATES an aggregate in a spread is 400 PGRST123', async () => {
    const res = await fx.anon.from('sp_processes').select('...sp_process_costs(cost.sum())');
    expectError(assert, res, {
      status: 400,
      code: 'PGRST123',
      message: 'Use of aggregate functions is not allowed',
      details: null,
      hint: null,
    });
  });
});

describe('to-many spreads over the relationships of functions and views', () => {
  test('a computed relationship spreads its rows as arrays', async () => {
    const res = await fx.anon.from('cf_films').select('id, ...premieres(location)').order('id');
    expectOk(assert, res, {
      data: [
        { id: 1, location: ['Cannes'] },
        { id: 2, location: ['Cannes', 'Paris'] },
        { id: 3, location: ['Cannes'] },
      ],
    });
  });

  test('a view spreads the rows of a view related through its tables', async () => {
    const res = await fx.anon.from('v_people').select('name, ...v_sent(text)').order('name');
    expectOk(assert, res, {
      data: [
        { name: 'Ann', text: ['Hi Ben'] },
        { name: 'Ben', text: ['Hi Ann'] },
        { name: 'Cy', text: ['All hands'] },
      ],
    });
  });
});
