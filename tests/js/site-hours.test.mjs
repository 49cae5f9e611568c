// Opening hours with breaks and holidays, the address in parts, the search details
// (price range, site language) and the contact form's service labels, through the real
// supabase-js: everyone reads them, only an editor writes them, bad values are refused;
// the rate limit tells the visitor how long to wait; a message stores the label of the
// service chosen, and messages stored with the old form's codes were given their labels.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import { startPleat, signJwt } from './lib/pleat.mjs';
import { nextIp } from './lib/auth.mjs';

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');
const OWN_PREFIX = '20261127103';

let pleat;
let server;
const client = (token, headers = {}) =>
  createClient(server.url, pleat.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers } },
  });
const token = (sub, appMetadata) =>
  signJwt({ sub, role: 'authenticated', aud: 'authenticated', app_metadata: appMetadata, exp: Math.floor(Date.now() / 1000) + 600 });
const editor = () => client(token('6f1c1b1e-0000-4000-8000-000000000031', { editor: true }));
const stranger = () => client(token('6f1c1b1e-0000-4000-8000-000000000032', {}));
const OLD_CODES = ['curtains', 'blinds', 'furniture-covers', 'consultation', 'other', 'made-up'];

let olderMigrations;
before(async () => {
  // The site as it was before these migrations, with messages sent by the old form
  // (service codes), then a pleat with every migration on the same database.
  olderMigrations = fs.mkdtempSync(path.join(os.tmpdir(), 'pleat-migrations-'));
  for (const file of fs.readdirSync(MIGRATIONS)) {
    if (!file.startsWith(OWN_PREFIX)) fs.symlinkSync(path.join(MIGRATIONS, file), path.join(olderMigrations, file));
  }
  pleat = await startPleat({ env: { PLEAT_MIGRATIONS_DIR: olderMigrations, PLEAT_TRUSTED_PROXIES: '127.0.0.1' } });
  for (const code of OLD_CODES) {
    await pleat.sql(
      `INSERT INTO contact_messages (first_name, last_name, email, message, service_needed) VALUES ('Old', 'Form', $1, 'Sent before', $2)`,
      [`${code}@example.com`, code],
    );
  }
  server = await pleat.replica({ PLEAT_MIGRATIONS_DIR: MIGRATIONS });
});
after(async () => {
  await server?.stop();
  await pleat?.stop();
  if (olderMigrations) fs.rmSync(olderMigrations, { recursive: true, force: true });
});

describe('contact messages and services', () => {
  test('messages stored with the old form’s codes now hold the labels; other values are kept', async () => {
    const { rows } = await pleat.sql(`SELECT email, service_needed FROM contact_messages WHERE first_name = 'Old' ORDER BY email`);
    assert.deepEqual(rows, [
      { email: 'blinds@example.com', service_needed: 'Blinds & Shades' },
      { email: 'consultation@example.com', service_needed: 'Design Consultation' },
      { email: 'curtains@example.com', service_needed: 'Custom Curtains' },
      { email: 'furniture-covers@example.com', service_needed: 'Furniture Covers' },
      { email: 'made-up@example.com', service_needed: 'made-up' },
      { email: 'other@example.com', service_needed: 'Other' },
    ]);
    const { rows: fn } = await pleat.sql(`SELECT to_regprocedure('site_private.service_label(text)') AS fn`);
    assert.deepEqual(fn, [{ fn: null }], 'the fixed code → label map is gone');
  });

  test('a visitor’s message stores the chosen service’s label; the mail names it as stored', async () => {
    await pleat.sql(`INSERT INTO notification_settings (notification_email) SELECT 'owner@example.com' WHERE NOT EXISTS (SELECT 1 FROM notification_settings)`);
    await pleat.sql(`UPDATE notification_settings SET notification_email = 'owner@example.com'`);
    const { error, status } = await client(null, { 'X-Forwarded-For': nextIp() })
      .from('contact_messages')
      .insert({ first_name: 'New', last_name: 'Form', email: 'reup@example.com', message: 'A sofa', service_needed: 'Re-upholstery' });
    assert.equal(error, null);
    assert.equal(status, 201);
    const { rows } = await pleat.sql(`SELECT service_needed FROM contact_messages WHERE email = 'reup@example.com'`);
    assert.deepEqual(rows, [{ service_needed: 'Re-upholstery' }]);
    const mail = await pleat.sql(`SELECT vars FROM pleat_mail.outbox WHERE template = 'enquiry' AND reply_to = 'reup@example.com'`);
    assert.equal(mail.rows[0].vars.service, 'Re-upholstery');
  });

  test('the 6th message in 10 minutes is refused with the wait in the error’s details', async () => {
    const headers = { 'X-Forwarded-For': nextIp() };
    const send = (n) =>
      client(null, headers).from('contact_messages').insert({ first_name: 'Busy', last_name: 'Visitor', email: 'busy@example.com', message: `Number ${n}` });
    for (let n = 1; n <= 5; n += 1) assert.equal((await send(n)).error, null);
    const { error, status } = await send(6);
    assert.equal(status, 429);
    assert.equal(error.code, 'PT429');
    const wait = Number(/^Retry after (\d+) seconds\.$/.exec(error.details)?.[1]);
    assert.ok(wait >= 540 && wait <= 600, `details: ${error.details}`);
  });
});

describe('contact_info: hours with breaks, holidays, address parts', () => {
  const WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((day, i) => ({
    day,
    open: i < 6,
    spans: i < 5 ? [{ opens: '09:00', closes: '12:30' }, { opens: '14:00', closes: '18:00' }] : [{ opens: '10:00', closes: '16:00' }],
  }));
  const SPECIAL = [
    { from: '2026-12-24', to: '2026-12-26', closed: true, spans: [], note: 'Christmas' },
    { from: '2026-12-31', to: '2026-12-31', closed: false, spans: [{ opens: '10:00', closes: '13:00' }], note: '' },
  ];
  const ADDRESS = {
    address_street: '12 Loom Lane',
    address_locality: 'Bristol',
    address_region: 'Avon',
    address_postcode: 'BS1 4DJ',
    address_country: 'United Kingdom',
    address: '12 Loom Lane, Bristol, Avon, BS1 4DJ, United Kingdom',
  };

  test('an editor saves spans, special dates and the address parts; a visitor reads them', async () => {
    const { rows } = await pleat.sql('SELECT id FROM contact_info');
    const { error } = await editor()
      .from('contact_info')
      .update({ opening_hours: WEEK, special_hours: SPECIAL, ...ADDRESS })
      .eq('id', rows[0].id);
    assert.equal(error, null);
    const { data, error: readError } = await client()
      .from('contact_info')
      .select('opening_hours, special_hours, address, address_street, address_locality, address_region, address_postcode, address_country')
      .single();
    assert.equal(readError, null);
    assert.deepEqual(data, { opening_hours: WEEK, special_hours: SPECIAL, ...ADDRESS });
  });

  test('a visitor and a signed-in stranger change nothing', async () => {
    const anon = await client().from('contact_info').update({ special_hours: [], address_street: 'Elsewhere' }).not('id', 'is', null);
    assert.equal(anon.status, 401);
    assert.equal(anon.error.code, '42501');
    const other = await stranger().from('contact_info').update({ special_hours: [], address_street: 'Elsewhere' }).not('id', 'is', null).select();
    assert.equal(other.error, null);
    assert.deepEqual(other.data, []);
    const { rows } = await pleat.sql('SELECT address_street, jsonb_array_length(special_hours) AS n FROM contact_info');
    assert.deepEqual(rows, [{ address_street: '12 Loom Lane', n: 2 }]);
  });

  for (const [what, change] of [
    ['special hours that are not a list', { special_hours: { from: '2026-12-24' } }],
    ['more than 60 special dates', { special_hours: Array.from({ length: 61 }, () => SPECIAL[0]) }],
    ['a postcode over 20 characters', { address_postcode: 'X'.repeat(21) }],
    ['a street over 200 characters', { address_street: 'X'.repeat(201) }],
  ]) {
    test(`${what} is refused (400 23514)`, async () => {
      const { error, status } = await editor().from('contact_info').update(change).not('id', 'is', null);
      assert.equal(status, 400);
      assert.equal(error.code, '23514');
    });
  }
});

describe('site_settings: price range and language', () => {
  test('a fresh site has the spec’s $$ and English', async () => {
    const { data, error } = await client().from('site_settings').select('price_range, site_language').single();
    assert.equal(error, null);
    assert.deepEqual(data, { price_range: '$$', site_language: 'en' });
  });

  test('an editor sets them; a visitor and a stranger cannot', async () => {
    const { error } = await editor().from('site_settings').update({ price_range: '£50-£500', site_language: 'en-GB' }).not('id', 'is', null);
    assert.equal(error, null);
    const anon = await client().from('site_settings').update({ site_language: 'fr' }).not('id', 'is', null);
    assert.equal(anon.status, 401);
    const other = await stranger().from('site_settings').update({ site_language: 'fr' }).not('id', 'is', null).select();
    assert.deepEqual(other.data, []);
    const { data } = await client().from('site_settings').select('price_range, site_language').single();
    assert.deepEqual(data, { price_range: '£50-£500', site_language: 'en-GB' });
  });

  for (const tag of ['english', 'en_GB', 'e', 'en-', '<script>']) {
    test(`the language "${tag}" is refused (400 23514)`, async () => {
      const { error, status } = await editor().from('site_settings').update({ site_language: tag }).not('id', 'is', null);
      assert.equal(status, 400);
      assert.equal(error.code, '23514');
    });
  }

  test('a price range over 30 characters is refused', async () => {
    const { error } = await editor().from('site_settings').update({ price_range: '$'.repeat(31) }).not('id', 'is', null);
    assert.equal(error.code, '23514');
  });
});
