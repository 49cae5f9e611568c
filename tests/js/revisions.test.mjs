// Drafts, publishing, restoring a revision and recently deleted items, through the real
// supabase-js under row-level security: an editor may; a visitor and a signed-in
// non-editor neither read nor write drafts, nor restore, and the public tables never
// show a draft.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { startPleat, signJwt } from './lib/pleat.mjs';

let pleat;
const client = (token) =>
  createClient(pleat.url, pleat.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: token ? { headers: { Authorization: `Bearer ${token}` } } : {},
  });
const EDITOR_ID = '6f1c1b1e-0000-4000-8000-000000000021';
const token = (sub, appMetadata, email) =>
  signJwt({ sub, email, role: 'authenticated', aud: 'authenticated', app_metadata: appMetadata, exp: Math.floor(Date.now() / 1000) + 600 });
const editor = () => client(token(EDITOR_ID, { editor: true }, 'owner@example.com'));
const stranger = () => client(token('6f1c1b1e-0000-4000-8000-000000000022', {}, 'someone@example.com'));

async function firstService() {
  const { rows } = await pleat.sql('SELECT * FROM services ORDER BY sort_order, title LIMIT 1');
  return rows[0];
}

async function revisionsOf(rowId) {
  const { rows } = await pleat.sql('SELECT id, action, data, changed_by, changed_by_email FROM content_revisions WHERE row_id = $1 ORDER BY id', [rowId]);
  return rows;
}

before(async () => {
  pleat = await startPleat();
});
after(() => pleat?.stop());

describe('content_drafts', () => {
  test('an editor saves, reads and discards a draft; who and when come from the request', async () => {
    const hero = (await pleat.sql('SELECT id FROM hero_content LIMIT 1')).rows[0];
    const saved = await editor()
      .from('content_drafts')
      .upsert({ table_name: 'hero_content', row_id: hero.id, data: { title: 'Draft title' }, updated_by: randomUUID() })
      .select()
      .single();
    assert.equal(saved.error, null);
    assert.equal(saved.data.updated_by, EDITOR_ID, 'a forged author is replaced by the caller');
    assert.equal(saved.data.updated_by_email, 'owner@example.com');

    const again = await editor().from('content_drafts').upsert({ table_name: 'hero_content', row_id: hero.id, data: { title: 'Second draft' } }).select();
    assert.equal(again.error, null);
    const { data } = await editor().from('content_drafts').select('data').eq('row_id', hero.id);
    assert.deepEqual(data, [{ data: { title: 'Second draft' } }], 'one draft per row');

    const gone = await editor().from('content_drafts').delete().eq('table_name', 'hero_content').eq('row_id', hero.id).select('row_id');
    assert.equal(gone.data.length, 1);
  });

  test('a visitor and a signed-in non-editor can neither read nor write drafts', async () => {
    const hero = (await pleat.sql('SELECT id FROM hero_content LIMIT 1')).rows[0];
    await pleat.sql(`INSERT INTO content_drafts (table_name, row_id, data) VALUES ('hero_content', $1, '{"title":"Secret draft"}')`, [hero.id]);

    const anonRead = await client().from('content_drafts').select('*');
    assert.equal(anonRead.status, 401);
    assert.equal(anonRead.error.code, '42501');
    const anonWrite = await client().from('content_drafts').insert({ table_name: 'services', row_id: randomUUID(), data: { title: 'x' } });
    assert.equal(anonWrite.status, 401);

    const otherRead = await stranger().from('content_drafts').select('*');
    assert.equal(otherRead.error, null);
    assert.deepEqual(otherRead.data, []);
    const otherWrite = await stranger().from('content_drafts').insert({ table_name: 'services', row_id: randomUUID(), data: { title: 'x' } });
    assert.equal(otherWrite.status, 403);
    const otherChange = await stranger().from('content_drafts').update({ data: { title: 'Hijacked' } }).eq('row_id', hero.id).select();
    assert.deepEqual(otherChange.data, []);
    const otherDelete = await stranger().from('content_drafts').delete().eq('row_id', hero.id).select();
    assert.deepEqual(otherDelete.data, []);
    const otherPublish = await stranger().rpc('publish_content_draft', { target: 'hero_content', target_id: hero.id });
    assert.equal(otherPublish.status, 403);
    const anonPublish = await client().rpc('publish_content_draft', { target: 'hero_content', target_id: hero.id });
    assert.equal(anonPublish.status, 401);

    const { rows } = await pleat.sql(`SELECT data FROM content_drafts WHERE row_id = $1`, [hero.id]);
    assert.deepEqual(rows, [{ data: { title: 'Secret draft' } }]);
    await pleat.sql(`DELETE FROM content_drafts WHERE row_id = $1`, [hero.id]);
  });

  test('a visitor never sees a draft through the public tables; publishing shows it', async () => {
    const hero = (await pleat.sql('SELECT id, title FROM hero_content LIMIT 1')).rows[0];
    const draft = await editor().from('content_drafts').insert({ table_name: 'hero_content', row_id: hero.id, data: { title: 'Unpublished words' } });
    assert.equal(draft.error, null);

    for (const reader of [client(), stranger(), editor()]) {
      const { data } = await reader.from('hero_content').select('title');
      assert.deepEqual(data, [{ title: hero.title }], 'the live table shows the published row only');
    }

    const published = await editor().rpc('publish_content_draft', { target: 'hero_content', target_id: hero.id });
    assert.equal(published.error, null);
    assert.equal(published.data.title, 'Unpublished words');
    const { data } = await client().from('hero_content').select('title');
    assert.deepEqual(data, [{ title: 'Unpublished words' }]);
    const left = await editor().from('content_drafts').select('*');
    assert.deepEqual(left.data, [], 'the draft is gone once published');
    const last = (await revisionsOf(hero.id)).at(-1);
    assert.equal(last.action, 'update');
    assert.equal(last.changed_by_email, 'owner@example.com');
  });

  test('a draft made over an older version is not published over a later change, and is kept', async () => {
    const about = (await editor().from('about_content').select('id, title, updated_at').single()).data;
    const draft = await editor()
      .from('content_drafts')
      .insert({ table_name: 'about_content', row_id: about.id, data: { title: 'Draft over the old version' }, base_updated_at: about.updated_at });
    assert.equal(draft.error, null);
    const later = await editor().from('about_content').update({ title: 'A later change' }).eq('id', about.id).select('title');
    assert.equal(later.error, null);

    const refused = await editor().rpc('publish_content_draft', { target: 'about_content', target_id: about.id });
    assert.equal(refused.status, 409);
    assert.equal(refused.error.code, 'PT409');
    assert.match(refused.error.message, /changed since this draft was saved/);
    const { data: live } = await client().from('about_content').select('title');
    assert.deepEqual(live, [{ title: 'A later change' }]);
    const kept = await editor().from('content_drafts').select('data').eq('row_id', about.id);
    assert.deepEqual(kept.data, [{ data: { title: 'Draft over the old version' } }]);

    // An item deleted since the draft was made is not brought back by publishing it.
    const service = (await editor().from('services').select('id, updated_at').limit(1).single()).data;
    await editor().from('content_drafts').insert({ table_name: 'services', row_id: service.id, data: { title: 'Draft' }, base_updated_at: service.updated_at });
    await editor().from('services').delete().eq('id', service.id);
    const gone = await editor().rpc('publish_content_draft', { target: 'services', target_id: service.id });
    assert.equal(gone.status, 409);
    assert.deepEqual((await client().from('services').select('id').eq('id', service.id)).data, []);
    await editor().from('content_drafts').delete().eq('row_id', service.id);

    // Made over the live version, it publishes.
    const current = (await editor().from('about_content').select('updated_at').single()).data;
    await editor().from('content_drafts').update({ base_updated_at: current.updated_at }).eq('row_id', about.id);
    const published = await editor().rpc('publish_content_draft', { target: 'about_content', target_id: about.id });
    assert.equal(published.error, null, JSON.stringify(published.error));
    assert.equal(published.data.title, 'Draft over the old version');
  });

  test('a draft of a new item is published under its pre-generated id', async () => {
    const id = randomUUID();
    const draft = await editor()
      .from('content_drafts')
      .insert({ table_name: 'testimonials', row_id: id, data: { name: 'Ada', content: 'Lovely blinds', rating: 4, sort_order: 99, not_a_column: 1 } });
    assert.equal(draft.error, null);
    const anon = await client().from('testimonials').select('id').eq('id', id);
    assert.deepEqual(anon.data, []);
    const published = await editor().rpc('publish_content_draft', { target: 'testimonials', target_id: id });
    assert.equal(published.error, null, JSON.stringify(published.error));
    const { data } = await client().from('testimonials').select('id, name, rating, sort_order').eq('id', id);
    assert.deepEqual(data, [{ id, name: 'Ada', rating: 4, sort_order: 99 }]);
  });

  test('a draft of an unknown table or of no object is refused', async () => {
    const table = await editor().from('content_drafts').insert({ table_name: 'contact_messages', row_id: randomUUID(), data: {} });
    assert.equal(table.status, 400);
    const notObject = await editor().from('content_drafts').insert({ table_name: 'services', row_id: randomUUID(), data: [1] });
    assert.equal(notObject.status, 400);
    const missing = await editor().rpc('publish_content_draft', { target: 'services', target_id: randomUUID() });
    assert.equal(missing.status, 404);
  });
});

describe('restore_content_revision', () => {
  test('an editor restores an old version; the restore is itself a revision', async () => {
    const service = await firstService();
    await editor().from('services').update({ title: 'First change' }).eq('id', service.id);
    await editor().from('services').update({ title: 'Second change' }).eq('id', service.id);
    const first = (await revisionsOf(service.id)).find((r) => r.data.title === 'First change');

    const restored = await editor().rpc('restore_content_revision', { revision_id: first.id });
    assert.equal(restored.error, null, JSON.stringify(restored.error));
    assert.equal(restored.data.title, 'First change');
    const { data } = await client().from('services').select('title, sort_order').eq('id', service.id);
    assert.deepEqual(data, [{ title: 'First change', sort_order: service.sort_order }]);
    const last = (await revisionsOf(service.id)).at(-1);
    assert.equal(last.action, 'update');
    assert.equal(last.data.title, 'First change');
    assert.equal(last.changed_by, EDITOR_ID);
  });

  test('a visitor and a non-editor are refused and change nothing', async () => {
    const service = await firstService();
    const oldest = (await revisionsOf(service.id))[0];
    const anon = await client().rpc('restore_content_revision', { revision_id: oldest.id });
    assert.equal(anon.status, 401);
    assert.equal(anon.error.code, '42501');
    const other = await stranger().rpc('restore_content_revision', { revision_id: oldest.id });
    assert.equal(other.status, 403);
    assert.equal(other.error.code, '42501');
    const anonList = await client().from('content_revisions').select('*');
    assert.equal(anonList.status, 401);
    const otherList = await stranger().from('content_revisions').select('*');
    assert.deepEqual(otherList.data, []);
    assert.deepEqual(await firstService(), service);
  });

  test('an unknown revision is a 404', async () => {
    const { status, error } = await editor().rpc('restore_content_revision', { revision_id: 987654321 });
    assert.equal(status, 404);
    assert.match(error.message, /no revision/);
  });

  test('a deleted row is restored with the same id and its last values', async () => {
    const { rows } = await pleat.sql('SELECT * FROM portfolio_items ORDER BY sort_order LIMIT 1');
    const item = rows[0];
    const deleted = await editor().from('portfolio_items').delete().eq('id', item.id).select('id');
    assert.equal(deleted.data.length, 1);

    const offered = await editor().rpc('recently_deleted_content', { target: 'portfolio_items' });
    assert.equal(offered.error, null);
    assert.deepEqual(
      offered.data.map((r) => r.row_id),
      [item.id],
    );
    assert.equal(offered.data[0].data.title, item.title);
    const anon = await client().rpc('recently_deleted_content', { target: 'portfolio_items' });
    assert.equal(anon.status, 401);
    const other = await stranger().rpc('recently_deleted_content', { target: 'portfolio_items' });
    assert.deepEqual(other.data, []);

    const restored = await editor().rpc('restore_content_revision', { revision_id: offered.data[0].id });
    assert.equal(restored.error, null, JSON.stringify(restored.error));
    const back = await client().from('portfolio_items').select('*').eq('id', item.id);
    assert.equal(back.data.length, 1);
    const { updated_at: _u, ...expected } = item;
    const { updated_at: _v, ...actual } = back.data[0];
    assert.deepEqual(
      { ...actual, created_at: new Date(actual.created_at).toISOString() },
      { ...expected, created_at: expected.created_at.toISOString() },
    );
    const none = await editor().rpc('recently_deleted_content', { target: 'portfolio_items' });
    assert.deepEqual(none.data, [], 'a restored item is no longer offered');
  });

  test('an item deleted more than 30 days ago is not offered, cannot be restored, and its revisions are purged', async () => {
    const { rows } = await pleat.sql('SELECT id FROM testimonials ORDER BY sort_order LIMIT 2');
    const [old, recent] = rows;
    await editor().from('testimonials').delete().eq('id', old.id);
    const deleting = (await revisionsOf(old.id)).at(-1);
    assert.equal(deleting.action, 'delete');
    await pleat.sql(`UPDATE content_revisions SET changed_at = now() - interval '31 days' WHERE row_id = $1`, [old.id]);

    const offered = await editor().rpc('recently_deleted_content', { target: 'testimonials' });
    assert.deepEqual(offered.data, []);
    const refused = await editor().rpc('restore_content_revision', { revision_id: deleting.id });
    assert.equal(refused.status, 410);
    assert.match(refused.error.message, /more than 30 days/);

    // The next delete of any content row purges what has expired.
    await editor().from('testimonials').delete().eq('id', recent.id);
    assert.deepEqual(await revisionsOf(old.id), []);
    const stillOffered = await editor().rpc('recently_deleted_content', { target: 'testimonials' });
    assert.deepEqual(
      stillOffered.data.map((r) => r.row_id),
      [recent.id],
    );
  });
});
