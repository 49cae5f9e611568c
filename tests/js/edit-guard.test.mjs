// Saving only over the version loaded, as the admin's editors do it through the real
// supabase-js: a PATCH filtered on the row's updated_at writes when nobody changed the
// row and matches nothing when someone did (another editor, a script with the service
// role), whatever updated_at the body carries; every change is recorded with who and
// when in content_revisions, which only editors read and nobody writes through the API;
// and an order is saved only over the order it was made on (set_sort_order with
// `loaded`, PT409 otherwise).
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from '@supabase/supabase-js';
import { startPleat } from './lib/pleat.mjs';
import { createUser, signedIn, uniqueEmail } from './lib/auth.mjs';

let pleat;
let owner;
let colleague;
let stranger;
let script;
let anon;

before(async () => {
  pleat = await startPleat();
  const ownerUser = await createUser(pleat, { email: uniqueEmail('owner') });
  const colleagueUser = await createUser(pleat, { email: uniqueEmail('colleague') });
  const strangerUser = await createUser(pleat, { email: uniqueEmail('stranger'), app_metadata: { editor: false } });
  owner = { ...(await signedIn(pleat, ownerUser)), user: ownerUser };
  colleague = { ...(await signedIn(pleat, colleagueUser)), user: colleagueUser };
  stranger = (await signedIn(pleat, strangerUser)).client;
  const plain = (key) => createClient(pleat.url, key, { auth: { persistSession: false, autoRefreshToken: false } });
  script = plain(pleat.serviceKey);
  anon = plain(pleat.anonKey);
});
after(() => pleat?.stop());

/** The editors' guarded save: PATCH ?id=eq.X&updated_at=eq.<loaded>, the body with its own updated_at. */
const guardedSave = (client, table, loaded, body) =>
  client
    .from(table)
    .update({ ...body, updated_at: new Date().toISOString() })
    .eq('id', loaded.id)
    .eq('updated_at', loaded.updated_at)
    .select();

async function load(client, table) {
  const { data, error } = await client.from(table).select('*').order('id').limit(1).single();
  assert.equal(error, null);
  return data;
}

describe('a save guarded on updated_at', () => {
  test('writes and returns the row when nobody changed it since it was loaded, with a new version', async () => {
    const loaded = await load(owner.client, 'about_content');
    const { data, error } = await guardedSave(owner.client, 'about_content', loaded, { title: 'Our workroom' });
    assert.equal(error, null);
    assert.equal(data.length, 1);
    assert.equal(data[0].title, 'Our workroom');
    assert.ok(Date.parse(data[0].updated_at) > Date.parse(loaded.updated_at), 'the database stamps a later version');
  });

  test("matches no row after another editor's save: the later save writes nothing", async () => {
    // The scenario of two tabs: B sets 14 years and saves; A, still showing the old row, saves its title.
    const a = await load(owner.client, 'about_content');
    const b = await load(colleague.client, 'about_content');
    const saved = await guardedSave(colleague.client, 'about_content', b, { years_experience: 14 });
    assert.equal(saved.error, null);
    assert.equal(saved.data.length, 1);
    const late = await guardedSave(owner.client, 'about_content', a, { title: 'A title', years_experience: a.years_experience });
    assert.equal(late.error, null);
    assert.deepEqual(late.data, [], 'zero rows: a conflict, not a success');
    const { rows } = await pleat.sql('select title, years_experience from about_content');
    assert.equal(rows[0].years_experience, 14, "B's change is still there");
    assert.notEqual(rows[0].title, 'A title');

    // Keep mine: the same save over their version writes.
    const theirs = await load(owner.client, 'about_content');
    const kept = await guardedSave(owner.client, 'about_content', theirs, { title: 'A title', years_experience: a.years_experience });
    assert.equal(kept.data.length, 1);
  });

  test("matches no row after a script's change with the service role, or psql's", async () => {
    const loaded = await load(owner.client, 'services');
    const { error } = await script.from('services').update({ description: 'Changed by a script' }).eq('id', loaded.id);
    assert.equal(error, null);
    const late = await guardedSave(owner.client, 'services', loaded, { title: 'Mine' });
    assert.deepEqual(late.data, []);

    const again = await load(owner.client, 'services');
    await pleat.sql(`update services set description = 'Changed in psql' where id = $1`, [again.id]);
    assert.deepEqual((await guardedSave(owner.client, 'services', again, { title: 'Mine' })).data, []);
    const { rows } = await pleat.sql('select title, description from services where id = $1', [again.id]);
    assert.deepEqual(rows[0], { title: again.title, description: 'Changed in psql' });
  });

  test('protects a second client and a script saving the same way', async () => {
    const loaded = await load(script, 'hero_content');
    await owner.client.from('hero_content').update({ subtitle: 'The owner was first' }).eq('id', loaded.id);
    const { data, error } = await guardedSave(script, 'hero_content', loaded, { subtitle: 'The script was second' });
    assert.equal(error, null);
    assert.deepEqual(data, []);
  });

  test('cannot keep the old version by sending it back in the body', async () => {
    const loaded = await load(owner.client, 'testimonials');
    const { data, error } = await owner.client
      .from('testimonials')
      .update({ content: 'Sneaky', updated_at: loaded.updated_at })
      .eq('id', loaded.id)
      .select();
    assert.equal(error, null);
    assert.ok(Date.parse(data[0].updated_at) > Date.parse(loaded.updated_at), 'the stored version moved on');
    // So another editor still holding `loaded` is told, instead of overwriting it.
    assert.deepEqual((await guardedSave(colleague.client, 'testimonials', loaded, { content: 'Mine' })).data, []);
    // Not even a version from the future sticks.
    const future = await owner.client
      .from('testimonials')
      .update({ content: 'Later', updated_at: '2999-01-01T00:00:00Z' })
      .eq('id', loaded.id)
      .select();
    assert.ok(Date.parse(future.data[0].updated_at) < Date.parse('2999-01-01T00:00:00Z'));
  });
});

describe('content_revisions', () => {
  test('records who changed a row and when: the editor by id and email, a script as nobody', async () => {
    const loaded = await load(owner.client, 'site_settings');
    const before = Date.now();
    await guardedSave(colleague.client, 'site_settings', loaded, { site_title: 'Pleat & Co' });
    const { data, error } = await owner.client
      .from('content_revisions')
      .select('*')
      .eq('table_name', 'site_settings')
      .eq('row_id', loaded.id)
      .order('id', { ascending: false })
      .limit(1)
      .single();
    assert.equal(error, null);
    assert.equal(data.action, 'update');
    assert.equal(data.changed_by, colleague.user.id);
    assert.equal(data.changed_by_email, colleague.user.email);
    assert.equal(data.data.site_title, 'Pleat & Co');
    assert.ok(Date.parse(data.changed_at) >= before - 5_000, 'changed_at is the time of the change');

    await script.from('site_settings').update({ site_title: 'Pleat Interiors' }).eq('id', loaded.id);
    const latest = await owner.client
      .from('content_revisions')
      .select('changed_by, changed_by_email')
      .eq('table_name', 'site_settings')
      .eq('row_id', loaded.id)
      .order('id', { ascending: false })
      .limit(1)
      .single();
    assert.deepEqual(latest.data, { changed_by: null, changed_by_email: null });
  });

  test('records a delete with the row as it was', async () => {
    const { data: row } = await owner.client.from('services').insert({ title: 'Brief', description: 'Gone soon' }).select().single();
    await owner.client.from('services').delete().eq('id', row.id);
    const { data } = await owner.client
      .from('content_revisions')
      .select('action, data, changed_by')
      .eq('row_id', row.id)
      .order('id', { ascending: true });
    assert.deepEqual(
      data.map((r) => r.action),
      ['insert', 'delete'],
    );
    assert.equal(data[1].data.title, 'Brief');
    assert.equal(data[1].changed_by, owner.user.id);
  });

  test('is unreadable to a visitor and to a signed-in account that is not an editor', async () => {
    const visitor = await anon.from('content_revisions').select('*');
    assert.ok(visitor.error, 'anon has no grant');
    assert.equal(visitor.status, 401);
    const outsider = await stranger.from('content_revisions').select('*');
    assert.equal(outsider.error, null);
    assert.deepEqual(outsider.data, []);
    const { rows } = await pleat.sql('select count(*)::int as n from content_revisions');
    assert.ok(rows[0].n > 0, 'there is history to hide');
  });

  test('cannot be written, changed or deleted through the API by a visitor, a stranger or an editor', async () => {
    const forged = {
      table_name: 'about_content',
      row_id: '00000000-0000-4000-8000-000000000000',
      action: 'update',
      data: {},
      changed_by_email: 'someone@example.com',
    };
    const { rows: before } = await pleat.sql('select count(*)::int as n, max(changed_at) as last from content_revisions');
    for (const [who, client] of [
      ['anon', anon],
      ['stranger', stranger],
      ['editor', owner.client],
    ]) {
      const insert = await client.from('content_revisions').insert(forged);
      assert.ok(insert.error, `${who} insert`);
      const update = await client.from('content_revisions').update({ changed_by_email: 'x@example.com' }).gt('id', 0).select();
      assert.ok(update.error || update.data.length === 0, `${who} update`);
      const remove = await client.from('content_revisions').delete().gt('id', 0).select();
      assert.ok(remove.error || remove.data.length === 0, `${who} delete`);
    }
    const { rows: after } = await pleat.sql('select count(*)::int as n, max(changed_at) as last from content_revisions');
    assert.deepEqual(after, before);
    const { rows: emails } = await pleat.sql(`select count(*)::int as n from content_revisions where changed_by_email in ('someone@example.com', 'x@example.com')`);
    assert.equal(emails[0].n, 0);
  });
});

describe('set_sort_order over the order loaded', () => {
  const order = async () => (await pleat.sql('select id from services order by sort_order, id')).rows.map((r) => r.id);

  test('saves a move made on the stored order', async () => {
    const loaded = await order();
    const moved = [loaded[1], loaded[0], ...loaded.slice(2)];
    const { error } = await owner.client.rpc('set_sort_order', { target: 'services', ids: moved, loaded });
    assert.equal(error, null);
    assert.deepEqual(await order(), moved);
  });

  test('refuses with 409 PT409, writing nothing, when another tab reordered, added or deleted meanwhile', async () => {
    const loaded = await order();
    // Another tab moves the last row first.
    const theirs = [loaded.at(-1), ...loaded.slice(0, -1)];
    await colleague.client.rpc('set_sort_order', { target: 'services', ids: theirs, loaded });
    const mine = [loaded[1], loaded[0], ...loaded.slice(2)];
    const stale = await owner.client.rpc('set_sort_order', { target: 'services', ids: mine, loaded });
    assert.equal(stale.status, 409);
    assert.equal(stale.error?.code, 'PT409');
    assert.deepEqual(await order(), theirs, 'their order stays');

    // A row added since.
    const current = await order();
    const { data: added } = await colleague.client.from('services').insert({ title: 'New', description: 'Added elsewhere', sort_order: 99 }).select().single();
    const afterAdd = await owner.client.rpc('set_sort_order', { target: 'services', ids: [...current].reverse(), loaded: current });
    assert.equal(afterAdd.error?.code, 'PT409');
    // A row deleted since.
    const withNew = await order();
    await colleague.client.from('services').delete().eq('id', added.id);
    const afterDelete = await owner.client.rpc('set_sort_order', { target: 'services', ids: [...withNew].reverse(), loaded: withNew });
    assert.equal(afterDelete.error?.code, 'PT409');
    assert.deepEqual(await order(), current);
  });

  test('a visitor is refused and a stranger changes nothing', async () => {
    const loaded = await order();
    const reversed = [...loaded].reverse();
    const visitor = await anon.rpc('set_sort_order', { target: 'services', ids: reversed, loaded });
    assert.ok(visitor.error);
    await stranger.rpc('set_sort_order', { target: 'services', ids: reversed, loaded });
    assert.deepEqual(await order(), loaded);
  });
});
