// The site's visit statistics through the real supabase-js: a visitor's page view is
// counted (rpc record_page_view, one view per call) into daily rows per page and
// referring domain, with the page normalised to the site's routes and only a domain
// kept, so arbitrary strings make no new rows; a contact message sent with its visit
// counts an enquiry for the visit's first page and domain; editors and viewers read
// the statistics (rpc site_stats), visitors and accounts without a role do not; and
// nothing about a person (address, user agent, full referrer) is stored.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPleat } from './lib/pleat.mjs';
import { authClient, createUser, signedIn, uniqueEmail } from './lib/auth.mjs';

let pleat;
before(async () => {
  pleat = await startPleat({ env: { PLEAT_TRUSTED_PROXIES: '127.0.0.1' } });
});
after(() => pleat?.stop());

const visitor = (options) => authClient(pleat, options);
const today = async () => (await pleat.sql(`select (now() at time zone 'utc')::date::text as d`)).rows[0].d;

/** Today's counters of every row, keyed "path source". */
async function todaysRows() {
  const { rows } = await pleat.sql(
    `select path, source, views, visits, enquiries from site_private.visit_stats where day = (now() at time zone 'utc')::date order by path, source`,
  );
  return Object.fromEntries(rows.map((r) => [`${r.path} ${r.source}`, { views: r.views, visits: r.visits, enquiries: r.enquiries }]));
}

async function record(client, page, referrer_domain, first_view = false) {
  const { error } = await client.rpc('record_page_view', { page, referrer_domain, first_view });
  assert.equal(error, null);
}

test('a visitor records a view: one per call, counted per day, page and referring domain', async () => {
  const anon = visitor();
  await record(anon, '/portfolio', 'www.Example-Search.com', true);
  await record(anon, '/portfolio', 'example-search.com');
  await record(anon, '/', null);
  const rows = await todaysRows();
  assert.deepEqual(rows['/portfolio example-search.com'], { views: 2, visits: 1, enquiries: 0 });
  assert.deepEqual(rows['/ '], { views: 1, visits: 0, enquiries: 0 });
});

test('one request counts one view, even with an array of calls in its body', async () => {
  const res = await fetch(`${pleat.url}/rest/v1/rpc/record_page_view`, {
    method: 'POST',
    headers: { apikey: pleat.anonKey, 'Content-Type': 'application/json', Prefer: 'params=multiple-objects' },
    body: JSON.stringify(Array.from({ length: 50 }, () => ({ page: '/', referrer_domain: 'bulk.example', first_view: true }))),
  });
  assert.ok(res.status < 300, `${res.status}`);
  assert.deepEqual((await todaysRows())['/ bulk.example'], { views: 1, visits: 1, enquiries: 0 });
});

test('pages are the site’s routes and referrers only domains: other strings make no rows of their own', async () => {
  const anon = visitor();
  const before = Object.keys(await todaysRows()).length;
  for (const page of ['/Terms/', '/terms?utm_source=x#top', '/terms//']) await record(anon, page, 'terms-test.org');
  for (let i = 0; i < 20; i += 1) {
    await record(anon, `/wp-admin/${i}-${'x'.repeat(i * 50)}`, 'paths-test.org');
    await record(anon, `https://evil.example/${i}`, 'paths-test.org');
  }
  for (const referrer of ['https://mail.example.org/inbox?id=42', 'not a domain', 'a'.repeat(120) + '.com', 'evil.example/path', '-bad.com']) {
    await record(anon, '/privacy', referrer);
  }
  const rows = await todaysRows();
  assert.deepEqual(rows['/terms terms-test.org'], { views: 3, visits: 0, enquiries: 0 });
  assert.deepEqual(rows['other paths-test.org'], { views: 40, visits: 0, enquiries: 0 });
  assert.deepEqual(rows['/privacy other'], { views: 5, visits: 0, enquiries: 0 });
  assert.equal(Object.keys(rows).length, before + 3, 'three new rows, whatever was sent');
  // A link within the site itself (its own host, here the test server's) is no referrer.
  await record(anon, '/privacy', new URL(pleat.url).hostname);
  assert.deepEqual((await todaysRows())['/privacy '], { views: 1, visits: 0, enquiries: 0 });
});

test('what one day can hold is bounded: at most 100 domains, and a capped count per row', async () => {
  const anon = visitor();
  for (let i = 0; i < 105; i += 1) await record(anon, '/', `flood-${i}.example`);
  const { rows } = await pleat.sql(
    `select count(distinct source)::int as n from site_private.visit_stats where day = (now() at time zone 'utc')::date and source not in ('', 'other')`,
  );
  assert.equal(rows[0].n, 100);
  assert.ok((await todaysRows())['/ other'].views >= 5, 'the domains past the cap are counted as other');

  await pleat.sql(`update site_private.visit_stats set views = 99999 where day = (now() at time zone 'utc')::date and path = '/' and source = 'other'`);
  await record(anon, '/', 'flood-200.example');
  await record(anon, '/', 'flood-201.example');
  assert.equal((await todaysRows())['/ other'].views, 100000);

  // Days older than 400 go when a day's new row is made.
  await pleat.sql(`insert into site_private.visit_stats (day, path, source, views) values
    ((now() at time zone 'utc')::date - 401, '/', '', 5), ((now() at time zone 'utc')::date - 400, '/', '', 7)`);
  await record(anon, '/terms', 'retention.example');
  const { rows: old } = await pleat.sql(
    `select (now() at time zone 'utc')::date - day as age, views from site_private.visit_stats where day < (now() at time zone 'utc')::date - 399 order by day`,
  );
  assert.deepEqual(old, [{ age: 400, views: 7 }]);
});

test('a contact message sent with its visit counts one enquiry for the visit’s first page and domain', async () => {
  const message = { first_name: 'Ada', last_name: 'L', email: 'ada@example.com', message: 'Curtains please' };
  const visit = JSON.stringify({ page: '/portfolio', source: 'www.enquiry-test.net' });
  const sent = await visitor().from('contact_messages').insert(message).setHeader('X-Site-Visit', visit);
  assert.equal(sent.error, null);
  assert.deepEqual((await todaysRows())['/portfolio enquiry-test.net'], { views: 0, visits: 0, enquiries: 1 });

  // Without the header (Do Not Track, another client) or with an unreadable one, the message is stored and nothing counted.
  const plain = await visitor().from('contact_messages').insert(message);
  assert.equal(plain.error, null);
  const garbled = await visitor().from('contact_messages').insert(message).setHeader('X-Site-Visit', '{not json');
  assert.equal(garbled.error, null);
  const array = await visitor().from('contact_messages').insert(message).setHeader('X-Site-Visit', '[1,2]');
  assert.equal(array.error, null);
  const { rows } = await pleat.sql(`select count(*)::int as n from contact_messages where first_name = 'Ada'`);
  assert.equal(rows[0].n, 4);
  const { rows: sums } = await pleat.sql(`select sum(enquiries)::int as n from site_private.visit_stats`);
  assert.equal(sums[0].n, 1);

  // A message the contact form's budget refuses counts nothing: enquiries cannot be made up.
  const ip = '10.99.0.1';
  for (let i = 0; i < 5; i += 1) {
    const ok = await visitor({ ip }).from('contact_messages').insert(message).setHeader('X-Site-Visit', JSON.stringify({ page: '/', source: 'budget.example' }));
    assert.equal(ok.error, null);
  }
  const refused = await visitor({ ip }).from('contact_messages').insert(message).setHeader('X-Site-Visit', JSON.stringify({ page: '/', source: 'budget.example' }));
  assert.equal(refused.status, 429);
  assert.equal((await todaysRows())['/ budget.example'].enquiries, 5);
});

test('editors and viewers read the statistics; visitors and accounts without a role do not', async () => {
  const refusedAnon = await visitor().rpc('site_stats');
  assert.ok(refusedAnon.error, 'a visitor cannot read them');
  assert.equal(refusedAnon.data, null);
  const direct = await visitor().schema('site_private').from('visit_stats').select('*');
  assert.ok(direct.error, 'the counters are not exposed');
  const written = await visitor().schema('site_private').from('visit_stats').insert({ day: await today(), path: '/', source: '', views: 1000 });
  assert.ok(written.error);

  const stranger = await createUser(pleat, { email: uniqueEmail('stranger'), app_metadata: { editor: false } });
  const refused = await (await signedIn(pleat, stranger)).client.rpc('site_stats');
  assert.equal(refused.error?.code, '42501');

  const viewer = await createUser(pleat, { email: uniqueEmail('viewer'), app_metadata: { editor: false, viewer: true } });
  const editor = await createUser(pleat, { email: uniqueEmail('editor'), app_metadata: { editor: true } });
  for (const person of [viewer, editor]) {
    const { data, error } = await (await signedIn(pleat, person)).client.rpc('site_stats');
    assert.equal(error, null);
    assert.equal(data.today, await today());
    assert.equal(data.period_days, 30);
    assert.equal(data.daily.length, 60, 'the last 30 days and the 30 before');
    const { rows } = await pleat.sql(
      `select sum(views)::int as views, sum(visits)::int as visits, sum(enquiries)::int as enquiries from site_private.visit_stats
        where day > (now() at time zone 'utc')::date - 30`,
    );
    assert.deepEqual(data.current, rows[0]);
    assert.deepEqual(data.daily.at(-1), { day: data.today, ...rows[0] });
    assert.ok(data.pages.some((p) => p.path === '/portfolio' && p.views === 2 && p.visits === 1 && p.enquiries === 1));
    assert.ok(data.sources.length <= 20);
  }
});

test('the period compares with the one before it', async () => {
  await pleat.sql(`
    insert into site_private.visit_stats (day, path, source, views, visits, enquiries) values
      ((now() at time zone 'utc')::date - 35, '/', 'older.example', 70, 7, 1),
      ((now() at time zone 'utc')::date - 29, '/', 'older.example', 30, 3, 0),
      ((now() at time zone 'utc')::date - 80, '/', 'older.example', 999, 99, 9)`);
  const editor = await createUser(pleat, { email: uniqueEmail('editor'), app_metadata: { editor: true } });
  const { data, error } = await (await signedIn(pleat, editor)).client.rpc('site_stats', { period_days: 30 });
  assert.equal(error, null);
  assert.deepEqual(data.previous, { views: 70, visits: 7, enquiries: 1 });
  const older = data.sources.find((s) => s.source === 'older.example');
  assert.deepEqual(older, { source: 'older.example', visits: 3, views: 30, enquiries: 0, previous_visits: 7 });
  assert.equal(data.daily.find((d) => d.views === 70)?.day, data.daily[24].day, 'day −35 is the 25th of the 60');

  const bad = await (await signedIn(pleat, editor)).client.rpc('site_stats', { period_days: 0 });
  assert.equal(bad.error?.code, '22023');
});

test('nothing about a person is stored: no address, user agent or full referrer', async () => {
  const marker = `Agent-${Date.now()}`;
  const anon = visitor({ ip: '10.77.66.55', headers: { 'User-Agent': marker, Referer: 'https://private.example/secret-page?user=ada' } });
  await record(anon, '/portfolio?email=ada@example.com', 'https://private.example/secret-page?user=ada', true);
  await anon.from('contact_messages')
    .insert({ first_name: 'Bo', last_name: 'P', email: 'bo@example.com', message: 'Blinds' })
    .setHeader('X-Site-Visit', JSON.stringify({ page: '/?email=bo@example.com', source: 'bo@example.com' }));

  const { rows: columns } = await pleat.sql(
    `select column_name from information_schema.columns where table_schema = 'site_private' and table_name = 'visit_stats' order by ordinal_position`,
  );
  assert.deepEqual(columns.map((c) => c.column_name), ['day', 'path', 'source', 'views', 'visits', 'enquiries']);
  const { rows } = await pleat.sql(`select path, source from site_private.visit_stats`);
  const stored = JSON.stringify(rows);
  for (const personal of ['10.77.66.55', marker, 'secret-page', 'private.example', 'ada@example.com', 'bo@example.com', 'user=']) {
    assert.ok(!stored.includes(personal), `${personal} is not stored`);
  }
});
