// supabase-js `.geojson()` (Accept: application/geo+json): with PostGIS in the
// database a FeatureCollection built by ST_AsGeoJSON for reads, embeds,
// calls and returned writes, as PostgREST answers; without it, the media type
// is not offered (406 PGRST107) instead of a failing statement. PostGIS must
// be installed on the machine (scripts/test installs it); it is created only
// in the first fixture's database, in a schema of its own as Supabase does.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startRestFixture, expectOk, expectError } from './lib/rest-fixture.mjs';

const GEO_SQL = `
CREATE SCHEMA extensions;
GRANT USAGE ON SCHEMA extensions TO anon, authenticated, service_role;
CREATE EXTENSION postgis SCHEMA extensions;
CREATE TABLE geo_shops (
  id int PRIMARY KEY,
  address text NOT NULL,
  shop_geom extensions.geometry(Point, 4326)
);
CREATE TABLE geo_beacons (
  id int PRIMARY KEY,
  shop_id int NOT NULL REFERENCES geo_shops (id),
  name text NOT NULL
);
INSERT INTO geo_shops VALUES
  (1, '1369 Cambridge St', 'SRID=4326;POINT(-71.10044 42.373695)'),
  (2, '757 Massachusetts Ave', 'SRID=4326;POINT(-71.10543 42.366432)');
INSERT INTO geo_beacons VALUES (1, 1, 'Beacon-1');
CREATE FUNCTION geo_shop(id int) RETURNS SETOF geo_shops LANGUAGE sql STABLE
  AS $$ SELECT * FROM geo_shops WHERE geo_shops.id = geo_shop.id $$;
CREATE FUNCTION geo_point(x float8, y float8) RETURNS extensions.geometry LANGUAGE sql IMMUTABLE
  AS $$ SELECT extensions.st_setsrid(extensions.st_makepoint(x, y), 4326) $$;
GRANT SELECT, INSERT, UPDATE, DELETE ON geo_shops, geo_beacons TO anon, authenticated, service_role;
`;

const feature = (id, address, [x, y]) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [x, y] },
  properties: { id, address },
});

describe('with PostGIS', () => {
  let fx;
  before(async () => {
    fx = await startRestFixture();
    const { rows } = await fx.sql(`SELECT 1 FROM pg_available_extensions WHERE name = 'postgis'`);
    assert.equal(rows.length, 1, 'PostGIS is not installed: scripts/test installs it (postgresql-15-postgis-3)');
    await fx.sql(GEO_SQL);
    await fx.sql(`NOTIFY pgrst, 'reload schema'`);
    // The reload is asynchronous: until it lands, geo_shops is unknown.
    const deadline = Date.now() + 20_000;
    while ((await fx.anon.from('geo_shops').select('id').limit(1)).error) {
      assert.ok(Date.now() < deadline, 'the schema cache never saw geo_shops');
      await new Promise((r) => setTimeout(r, 50));
    }
  });
  after(() => fx?.stop());

  test('a table with a geometry column is a FeatureCollection', async () => {
    const res = await fx.anon.from('geo_shops').select('*').order('id').geojson();
    expectOk(assert, res, {
      data: {
        type: 'FeatureCollection',
        features: [
          feature(1, '1369 Cambridge St', [-71.10044, 42.373695]),
          feature(2, '757 Massachusetts Ave', [-71.10543, 42.366432]),
        ],
      },
    });
    const raw = await fetch(`${fx.url}/rest/v1/geo_shops`, {
      headers: { apikey: fx.anonKey, Accept: 'application/geo+json' },
    });
    assert.equal(raw.headers.get('content-type'), 'application/geo+json; charset=utf-8');
  });

  test('no rows is an empty features array', async () => {
    const res = await fx.anon.from('geo_shops').select('*').gt('id', 9).geojson();
    expectOk(assert, res, { data: { type: 'FeatureCollection', features: [] } });
  });

  test('selected columns and embeds become properties', async () => {
    const res = await fx.anon.from('geo_shops').select('id, shop_geom, geo_beacons(name)').eq('id', 1).geojson();
    expectOk(assert, res, {
      data: {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [-71.10044, 42.373695] },
            properties: { id: 1, geo_beacons: [{ name: 'Beacon-1' }] },
          },
        ],
      },
    });
  });

  test('a function returning rows with geometry', async () => {
    const res = await fx.anon.rpc('geo_shop', { id: 2 }).geojson();
    expectOk(assert, res, {
      data: { type: 'FeatureCollection', features: [feature(2, '757 Massachusetts Ave', [-71.10543, 42.366432])] },
    });
  });

  test('a function returning a geometry is one feature without properties', async () => {
    const res = await fx.anon.rpc('geo_point', { x: 1.5, y: 2 }, { get: true }).geojson();
    expectOk(assert, res, {
      data: {
        type: 'FeatureCollection',
        features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [1.5, 2] }, properties: {} }],
      },
    });
  });

  test('an insert returning its row', async () => {
    const res = await fx.anon
      .from('geo_shops')
      .insert({ id: 3, address: '605 W Kendall St', shop_geom: 'SRID=4326;POINT(-71.081924 42.36437)' })
      .select()
      .geojson();
    expectOk(assert, res, {
      status: 201,
      data: { type: 'FeatureCollection', features: [feature(3, '605 W Kendall St', [-71.081924, 42.36437])] },
    });
  });

  test('a table without a geometry column is PostGIS’s 400 error', async () => {
    const res = await fx.anon.from('books').select('id').geojson();
    expectError(assert, res, { status: 400, code: '22023', message: 'geometry column is missing' });
  });
});

describe('without PostGIS', () => {
  let fx;
  before(async () => {
    fx = await startRestFixture();
  });
  after(() => fx?.stop());

  test('application/geo+json is not offered: 406 PGRST107', async () => {
    const res = await fx.anon.from('books').select('id').geojson();
    expectError(assert, res, {
      status: 406,
      code: 'PGRST107',
      message: 'None of these media types are available: application/geo+json',
      details: null,
      hint: null,
    });
  });

  test('a later acceptable media type is answered instead', async () => {
    const raw = await fetch(`${fx.url}/rest/v1/books?select=id&id=eq.1`, {
      headers: { apikey: fx.anonKey, Accept: 'application/geo+json, application/json;q=0.9' },
    });
    assert.equal(raw.status, 200);
    assert.deepEqual(await raw.json(), [{ id: 1 }]);
  });
});
