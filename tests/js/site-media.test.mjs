// The site's media bucket (root migrations 20261123000701–703) through the real
// supabase-js, as the admin and a stranger meet it: anyone reads; a signed-out visitor
// and a signed-in non-editor cannot upload, replace or delete; an editor can, within
// 25 MB and the photo types; the library's read says where content uses a file.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from '@supabase/supabase-js';
import { startPleat } from './lib/pleat.mjs';
import { createUser, signedIn } from './lib/auth.mjs';

const BUCKET = 'site-media';
// A 1×1 JPEG: enough for the bucket's type check and for a browser.
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

let pleat;
let editor;
let stranger;
const visitor = () => createClient(pleat.url, pleat.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
const objects = async (name) =>
  (await pleat.sql(`select count(*)::int as n from storage.objects where bucket_id = $1 and name = $2`, [BUCKET, name])).rows[0].n;

before(async () => {
  pleat = await startPleat();
  editor = (await signedIn(pleat, await createUser(pleat))).client;
  stranger = (await signedIn(pleat, await createUser(pleat, { app_metadata: { editor: false } }))).client;
});
after(() => pleat?.stop());

describe('site-media bucket', () => {
  test('is public, 25 MB, the photo types the transform reads', async () => {
    const { rows } = await pleat.sql(`select public, file_size_limit, allowed_mime_types from storage.buckets where id = $1`, [BUCKET]);
    assert.deepEqual(rows, [
      { public: true, file_size_limit: '26214400', allowed_mime_types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] },
    ]);
  });

  test('a signed-out visitor cannot upload, and nothing is stored', async () => {
    const name = 'portfolio/2026/11/visitor-0001.jpg';
    const { data, error } = await visitor().storage.from(BUCKET).upload(name, JPEG, { contentType: 'image/jpeg' });
    assert.equal(data, null);
    assert.equal(error.statusCode, '403');
    assert.match(error.message, /row-level security/);
    assert.equal(await objects(name), 0);
  });

  test('a signed-in user who is not an editor cannot upload either', async () => {
    const name = 'portfolio/2026/11/stranger-0001.jpg';
    const { error } = await stranger.storage.from(BUCKET).upload(name, JPEG, { contentType: 'image/jpeg' });
    assert.equal(error.statusCode, '403');
    assert.equal(await objects(name), 0);
  });

  test('an editor uploads; anyone reads it at its public URL', async () => {
    const name = 'hero/2026/11/living-room-3f9a.jpg';
    const { error } = await editor.storage.from(BUCKET).upload(name, JPEG, { contentType: 'image/jpeg', cacheControl: '31536000' });
    assert.equal(error, null);
    const { publicUrl } = visitor().storage.from(BUCKET).getPublicUrl(name).data;
    const res = await fetch(publicUrl);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/jpeg');
    assert.deepEqual(Buffer.from(await res.arrayBuffer()), JPEG);
  });

  test('neither a visitor nor a non-editor can replace or delete it; the editor can', async () => {
    const name = 'library/2026/11/keep-0002.jpg';
    assert.equal((await editor.storage.from(BUCKET).upload(name, JPEG, { contentType: 'image/jpeg' })).error, null);
    for (const client of [visitor(), stranger]) {
      const replaced = await client.storage.from(BUCKET).upload(name, Buffer.from('x'), { contentType: 'image/jpeg', upsert: true });
      assert.notEqual(replaced.error, null);
      const removed = await client.storage.from(BUCKET).remove([name]);
      assert.deepEqual(removed.data ?? [], []);
    }
    assert.equal(await objects(name), 1);
    const { data, error } = await editor.storage.from(BUCKET).remove([name]);
    assert.equal(error, null);
    assert.equal(data.length, 1);
    assert.equal(await objects(name), 0);
  });

  test('an SVG, a program and a file over 25 MB are refused even for an editor', async () => {
    const svg = await editor.storage.from(BUCKET).upload('library/x.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), {
      contentType: 'image/svg+xml',
    });
    assert.equal(svg.error.statusCode, '415');
    const exe = await editor.storage.from(BUCKET).upload('library/setup.exe', Buffer.from('MZ'), { contentType: 'application/x-msdownload' });
    assert.equal(exe.error.statusCode, '415');
    const big = await editor.storage.from(BUCKET).upload('library/big.jpg', Buffer.alloc(26 * 1024 * 1024), { contentType: 'image/jpeg' });
    assert.equal(big.error.statusCode, '413');
    assert.equal((await pleat.sql(`select count(*)::int as n from storage.objects where name like 'library/%'`)).rows[0].n, 0);
  });
});

describe('site_media_files()', () => {
  test('lists the files newest first with where content uses them; visitors may not call it', async () => {
    const hero = 'hero/2026/11/living-room-3f9a.jpg';
    const spare = 'portfolio/2026/11/spare_photo-0003.jpg';
    assert.equal((await editor.storage.from(BUCKET).upload(spare, JPEG, { contentType: 'image/jpeg' })).error, null);
    await pleat.sql(`update hero_content set background_image = $1`, [`/storage/v1/object/public/${BUCKET}/${hero}`]);
    await pleat.sql(`update portfolio_items set images = images || $1::text where sort_order = (select min(sort_order) from portfolio_items)`, [
      `${pleat.url}/storage/v1/object/public/${BUCKET}/${hero}`,
    ]);
    const { rows: [first] } = await pleat.sql(`select title from portfolio_items order by sort_order limit 1`);

    const { data, error } = await editor.rpc('site_media_files');
    assert.equal(error, null);
    assert.deepEqual(
      data.map((f) => [f.name, f.size, f.mimetype, f.used_in]),
      [
        [spare, JPEG.length, 'image/jpeg', []],
        [hero, JPEG.length, 'image/jpeg', ['Hero background', `Portfolio: ${first.title}`]],
      ],
    );
    const anon = await visitor().rpc('site_media_files');
    assert.equal(anon.data, null);
    assert.equal(anon.error.code, '42501');
  });
});
