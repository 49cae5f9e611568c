// The admin's writes under row-level security, through the real supabase-js: saving a
// list's order with the set_sort_order function (one request), the inbox's read state,
// and the contact details' checks. An editor may; a visitor and a signed-in stranger may not.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from '@supabase/supabase-js';
import { startPleat, signJwt } from './lib/pleat.mjs';

let pleat;
const client = (token) =>
  createClient(pleat.url, pleat.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: token ? { headers: { Authorization: `Bearer ${token}` } } : {},
  });
const token = (sub, appMetadata) =>
  signJwt({ sub, role: 'authenticated', aud: 'authenticated', app_metadata: appMetadata, exp: Math.floor(Date.now() / 1000) + 600 });
const editor = () => client(token('6f1c1b1e-0000-4000-8000-000000000011', { editor: true }));
const stranger = () => client(token('6f1c1b1e-0000-4000-8000-000000000012', {}));

async function serviceOrder() {
  const { rows } = await pleat.sql('SELECT id, title FROM services ORDER BY sort_order, title');
  return rows;
}

before(async () => {
  pleat = await startPleat();
});
after(() => pleat?.stop());

describe('set_sort_order', () => {
  test('an editor orders a list in one call', async () => {
    const before = await serviceOrder();
    const ids = before.map((r) => r.id).reverse();
    const { data, error } = await editor().rpc('set_sort_order', { target: 'services', ids });
    assert.equal(error, null);
    assert.equal(data, 4, 'the middle row already had its place');
    assert.deepEqual((await serviceOrder()).map((r) => r.id), ids);
  });

  test('a visitor is refused and a stranger changes nothing', async () => {
    const before = await serviceOrder();
    const ids = before.map((r) => r.id).reverse();
    const anon = await client().rpc('set_sort_order', { target: 'services', ids });
    assert.equal(anon.status, 401);
    assert.equal(anon.error.code, '42501');
    const other = await stranger().rpc('set_sort_order', { target: 'services', ids });
    assert.equal(other.error, null);
    assert.equal(other.data, 0);
    assert.deepEqual(await serviceOrder(), before);
  });

  test('an unknown list or a repeated id is a 400', async () => {
    const ids = (await serviceOrder()).map((r) => r.id);
    const unknown = await editor().rpc('set_sort_order', { target: 'contact_messages', ids });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.error.code, '22023');
    const twice = await editor().rpc('set_sort_order', { target: 'services', ids: [ids[0], ids[0]] });
    assert.equal(twice.status, 400);
  });
});

describe('contact_messages.read_at', () => {
  test('an editor marks read and unread; others cannot', async () => {
    await client().from('contact_messages').insert({ first_name: 'Ada', last_name: 'L', email: 'ada@example.com', message: 'Hi' });
    const read = await editor().from('contact_messages').update({ read_at: new Date().toISOString() }).eq('first_name', 'Ada').select('id, read_at');
    assert.equal(read.error, null);
    assert.equal(read.data.length, 1);
    assert.ok(read.data[0].read_at);

    const anon = await client().from('contact_messages').update({ read_at: null }).eq('first_name', 'Ada');
    assert.equal(anon.status, 401);
    const other = await stranger().from('contact_messages').update({ read_at: null }).eq('first_name', 'Ada').select('id');
    assert.deepEqual(other.data, []);
    const forged = await client().from('contact_messages').insert({ first_name: 'B', last_name: 'C', email: 'b@example.com', message: 'x', read_at: '2030-01-01T00:00:00Z' });
    assert.equal(forged.status, 401);
    const { rows } = await pleat.sql(`SELECT count(*)::int AS n FROM contact_messages WHERE read_at IS NOT NULL`);
    assert.equal(rows[0].n, 1);
  });
});

describe('contact_info', () => {
  test('a social link must be a web address and the week seven days', async () => {
    const { data: [row] } = await editor().from('contact_info').select('id');
    const bad = await editor().from('contact_info').update({ social_facebook: 'javascript:alert(1)' }).eq('id', row.id);
    assert.equal(bad.status, 400);
    assert.equal(bad.error.code, '23514');
    const short = await editor().from('contact_info').update({ opening_hours: [] }).eq('id', row.id);
    assert.equal(short.status, 400);
    const ok = await editor().from('contact_info').update({ social_facebook: 'https://www.facebook.com/shop', hours_note: 'Closed on holidays' }).eq('id', row.id).select('social_facebook, hours_note').single();
    assert.equal(ok.error, null);
    assert.deepEqual(ok.data, { social_facebook: 'https://www.facebook.com/shop', hours_note: 'Closed on holidays' });
  });
});
