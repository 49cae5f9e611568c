// The site's permissions through the real supabase-js: what anon, a signed-in
// owner (role authenticated, an editor), a signed-in stranger (authenticated
// without app_metadata.editor, as a self sign-up is) and service_role may do on
// every site table, and forged tokens refused. PostgreSQL's RLS decides; these
// tests prove it does.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from '@supabase/supabase-js';
import { startPleat, signJwt, apiKey } from './lib/pleat.mjs';

const CONTENT = ['hero_content', 'services', 'portfolio_items', 'testimonials', 'about_content', 'contact_info', 'site_settings'];
const NEW_ROW = {
  services: { title: 'Upholstery', description: 'Re-covering chairs', icon: 'Scissors', sort_order: 9 },
  portfolio_items: { title: 'Study blinds', category: 'blinds', image_url: '/images/a.svg', images: ['/images/a.svg'] },
  testimonials: { name: 'Ann', content: 'Great', rating: 5 },
  hero_content: { title: 'T', subtitle: 'S' },
  about_content: { title: 'About', content: 'Text' },
  contact_info: { phone: '123' },
  site_settings: { site_title: 'Pleat' },
};
const MESSAGE = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', message: 'Please quote for blinds' };

let pleat;
const client = (key, token) =>
  createClient(pleat.url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: token ? { headers: { Authorization: `Bearer ${token}` } } : {},
  });
const signedIn = (sub, email, appMetadata) =>
  signJwt({ sub, role: 'authenticated', aud: 'authenticated', email, app_metadata: appMetadata, exp: Math.floor(Date.now() / 1000) + 600 });
/** An account an administrator made: an editor. */
const ownerToken = () =>
  signedIn('6f1c1b1e-0000-4000-8000-000000000001', 'owner@example.com', { provider: 'email', providers: ['email'], editor: true });
/** An account that signed itself up: no editor flag. */
const strangerToken = (appMetadata = { provider: 'email', providers: ['email'] }) =>
  signedIn('6f1c1b1e-0000-4000-8000-000000000002', 'someone@example.com', appMetadata);

before(async () => {
  pleat = await startPleat();
});
after(() => pleat?.stop());

describe('anon', () => {
  for (const table of CONTENT) {
    test(`reads ${table}`, async () => {
      const { data, error, status } = await client(pleat.anonKey).from(table).select('*');
      assert.equal(error, null);
      assert.equal(status, 200);
      assert.ok(data.length >= 1, `${table} has seed rows`);
    });
    test(`cannot insert into ${table}`, async () => {
      const { error, status } = await client(pleat.anonKey).from(table).insert(NEW_ROW[table]);
      assert.equal(status, 401);
      assert.equal(error.code, '42501');
    });
    test(`cannot update or delete ${table}`, async () => {
      const anon = client(pleat.anonKey);
      const before = await pleat.sql(`SELECT count(*)::int AS n FROM ${table}`);
      const upd = await anon.from(table).update({ updated_at: new Date().toISOString() }).not('id', 'is', null).select();
      // RLS hides the rows from UPDATE/DELETE, or the grant refuses outright.
      assert.ok(upd.error?.code === '42501' || upd.data.length === 0);
      const del = await anon.from(table).delete().not('id', 'is', null);
      assert.ok(del.error?.code === '42501' || del.status === 204);
      const afterCount = await pleat.sql(`SELECT count(*)::int AS n FROM ${table}`);
      assert.equal(afterCount.rows[0].n, before.rows[0].n);
    });
  }
  test('sends a contact message without reading it back', async () => {
    const { error, status } = await client(pleat.anonKey).from('contact_messages').insert(MESSAGE);
    assert.equal(error, null);
    assert.equal(status, 201);
  });
  test('cannot read contact messages', async () => {
    const { data, error, status } = await client(pleat.anonKey).from('contact_messages').select('*');
    assert.equal(data, null);
    assert.equal(status, 401);
    assert.equal(error.code, '42501');
  });
  test('cannot read back what it sent (return=representation)', async () => {
    const { error } = await client(pleat.anonKey).from('contact_messages').insert(MESSAGE).select();
    assert.equal(error.code, '42501');
  });
  test('an over-long message is rejected by the database', async () => {
    const { error, status } = await client(pleat.anonKey)
      .from('contact_messages')
      .insert({ ...MESSAGE, message: 'x'.repeat(2001) });
    assert.equal(status, 400);
    assert.equal(error.code, '23514');
  });
});

describe('authenticated owner', () => {
  for (const table of CONTENT) {
    test(`inserts, updates and deletes ${table}`, async () => {
      const owner = client(pleat.anonKey, ownerToken());
      const ins = await owner.from(table).insert(NEW_ROW[table]).select().single();
      assert.equal(ins.error, null);
      assert.equal(ins.status, 201);
      const upd = await owner.from(table).update({ updated_at: '2030-01-01T00:00:00+00:00' }).eq('id', ins.data.id).select().single();
      assert.equal(upd.error, null);
      assert.equal(upd.data.id, ins.data.id);
      const del = await owner.from(table).delete().eq('id', ins.data.id);
      assert.equal(del.error, null);
      assert.equal(del.status, 204);
    });
  }
  test('reads and deletes contact messages', async () => {
    const owner = client(pleat.anonKey, ownerToken());
    await client(pleat.anonKey).from('contact_messages').insert({ ...MESSAGE, first_name: 'Del' });
    const { data, error } = await owner.from('contact_messages').select('*').eq('first_name', 'Del');
    assert.equal(error, null);
    assert.equal(data.length, 1);
    const del = await owner.from('contact_messages').delete().eq('id', data[0].id);
    assert.equal(del.error, null);
    const left = await owner.from('contact_messages').select('id').eq('id', data[0].id);
    assert.deepEqual(left.data, []);
  });
  test('cannot edit a contact message', async () => {
    const owner = client(pleat.anonKey, ownerToken());
    const { error, status } = await owner.from('contact_messages').update({ message: 'changed' }).not('id', 'is', null);
    assert.equal(status, 403);
    assert.equal(error.code, '42501');
  });
});

describe('signed-in stranger (not an editor)', () => {
  for (const table of CONTENT) {
    test(`reads ${table} but cannot insert, update or delete it`, async () => {
      const stranger = client(pleat.anonKey, strangerToken());
      const read = await stranger.from(table).select('*');
      assert.equal(read.error, null);
      assert.ok(read.data.length >= 1, `${table} has seed rows`);
      const ins = await stranger.from(table).insert(NEW_ROW[table]);
      assert.equal(ins.status, 403);
      assert.equal(ins.error.code, '42501');
      const before = await pleat.sql(`SELECT count(*)::int AS n, max(updated_at) AS at FROM ${table}`);
      const upd = await stranger.from(table).update({ updated_at: '2030-01-01T00:00:00+00:00' }).not('id', 'is', null).select();
      assert.equal(upd.error, null);
      assert.deepEqual(upd.data, [], 'no row is the stranger’s to update');
      const del = await stranger.from(table).delete().not('id', 'is', null).select();
      assert.deepEqual(del.data, []);
      const afterRows = await pleat.sql(`SELECT count(*)::int AS n, max(updated_at) AS at FROM ${table}`);
      assert.deepEqual(afterRows.rows, before.rows);
    });
  }
  test('cannot read or delete contact messages', async () => {
    await client(pleat.anonKey).from('contact_messages').insert({ ...MESSAGE, first_name: 'Private' });
    for (const appMetadata of [undefined, { editor: false }, { editor: 'true' }]) {
      const stranger = client(pleat.anonKey, strangerToken(appMetadata));
      const read = await stranger.from('contact_messages').select('*');
      assert.equal(read.error, null);
      assert.deepEqual(read.data, [], `app_metadata ${JSON.stringify(appMetadata)}`);
      const del = await stranger.from('contact_messages').delete().eq('first_name', 'Private').select();
      assert.deepEqual(del.data, []);
    }
    const { rows } = await pleat.sql(`SELECT count(*)::int AS n FROM contact_messages WHERE first_name = 'Private'`);
    assert.equal(rows[0].n, 1);
  });
});

describe('service_role', () => {
  test('sees and changes everything', async () => {
    const svc = client(pleat.serviceKey);
    await client(pleat.anonKey).from('contact_messages').insert({ ...MESSAGE, first_name: 'Svc' });
    const msgs = await svc.from('contact_messages').select('*').eq('first_name', 'Svc');
    assert.equal(msgs.data.length, 1);
    const upd = await svc.from('contact_messages').update({ message: 'edited by service' }).eq('id', msgs.data[0].id).select().single();
    assert.equal(upd.data.message, 'edited by service');
    for (const table of CONTENT) {
      const { error } = await svc.from(table).select('id', { count: 'exact', head: true });
      assert.equal(error, null, table);
    }
  });
});

describe('forged tokens', () => {
  const now = Math.floor(Date.now() / 1000);
  const cases = {
    'signed with another key': signJwt({ role: 'service_role', exp: now + 600 }, { secret: 'someone-elses-secret-0123456789abcdef' }),
    'alg none': signJwt({ role: 'service_role', exp: now + 600 }, { header: { alg: 'none', typ: 'JWT' } }),
    expired: apiKey('service_role', { exp: now - 3600 }),
    'role postgres': apiKey('postgres'),
  };
  for (const [name, token] of Object.entries(cases)) {
    test(`${name} is refused with 401`, async () => {
      const { data, error, status } = await client(pleat.anonKey, token).from('contact_messages').select('*');
      assert.equal(data, null);
      assert.equal(status, 401);
      assert.match(error.code, /^PGRST30[13]$/);
    });
  }
});
