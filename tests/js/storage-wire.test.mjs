// Wire details of /storage/v1 that a second client (storage3 in
// supabase-py) showed diverging from Supabase Storage, checked through
// storage-js 2.109's own calls: expiresIn sent as a numeric string, who may
// empty a bucket, the download file name, and listV2's folder entries.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from '@supabase/supabase-js';
import { startPleat } from './lib/pleat.mjs';
import { createUser, signedIn } from './lib/auth.mjs';

const SETUP = `
  insert into storage.buckets (id, name, public) values ('files', 'files', false);
  create policy "files read" on storage.objects for select to authenticated using (bucket_id = 'files');
  create policy "files write" on storage.objects for insert to authenticated with check (bucket_id = 'files');
  create policy "files delete" on storage.objects for delete to authenticated using (bucket_id = 'files');
`;

const client = (pleat, key) =>
  createClient(pleat.url, key, { auth: { persistSession: false, autoRefreshToken: false } });

describe('storage-js against pleat: what storage3 found', () => {
  let pleat, service, user;
  before(async () => {
    pleat = await startPleat({ setupSql: SETUP });
    service = client(pleat, pleat.serviceKey);
    user = (await signedIn(pleat, await createUser(pleat))).client;
  });
  after(() => pleat?.stop());

  test('expiresIn as a numeric string, as storage3 sends it, signs like a number', async () => {
    const files = user.storage.from('files');
    assert.equal((await files.upload('s/a.txt', Buffer.from('a'), { contentType: 'text/plain' })).error, null);
    const one = await files.createSignedUrl('s/a.txt', '60');
    assert.equal(one.error, null);
    const res = await fetch(one.data.signedUrl);
    assert.equal(res.status, 200);
    assert.equal(await res.text(), 'a');
    const { exp, iat } = JSON.parse(Buffer.from(new URL(one.data.signedUrl).searchParams.get('token').split('.')[1], 'base64url'));
    assert.equal(exp - iat, 60);
    const many = await files.createSignedUrls(['s/a.txt'], '60');
    assert.equal(many.error, null);
    assert.equal(await (await fetch(many.data[0].signedUrl)).text(), 'a');
    // Not a number at all, or a fraction, is still refused.
    for (const bad of ['sixty', '60.5', '', '-60']) {
      const refused = await files.createSignedUrl('s/a.txt', bad);
      assert.equal(refused.error?.statusCode, '400', bad);
      assert.match(refused.error.message, /expiresIn/);
    }
  });

  test('emptyBucket: a user is refused as Supabase refuses it, however broad their policies', async () => {
    await user.storage.from('files').upload('e/one.txt', Buffer.from('1'), { contentType: 'text/plain' });
    await user.storage.from('files').upload('e/two.txt', Buffer.from('2'), { contentType: 'text/plain' });
    const refused = await user.storage.emptyBucket('files');
    assert.equal(refused.data, null);
    assert.equal(refused.error.status, 403);
    assert.equal(refused.error.statusCode, '403');
    assert.equal(refused.error.message, 'Access denied: Invalid role');
    const anon = await client(pleat, pleat.anonKey).storage.emptyBucket('files');
    assert.equal(anon.error.status, 403);
    assert.equal(anon.error.message, 'Access denied: Invalid role');
    const left = await pleat.sql(`select count(*)::int as n from storage.objects where bucket_id = 'files'`);
    assert.ok(left.rows[0].n >= 2);
    // What a user may delete, remove() deletes.
    const removed = await user.storage.from('files').remove(['e/one.txt', 'e/two.txt']);
    assert.deepEqual(removed.data.map((o) => o.name).sort(), ['e/one.txt', 'e/two.txt']);

    await service.storage.createBucket('scratch');
    await service.storage.from('scratch').upload('x.txt', Buffer.from('x'), { contentType: 'text/plain' });
    const emptied = await service.storage.emptyBucket('scratch');
    assert.equal(emptied.error, null);
    assert.equal(typeof emptied.data.message, 'string');
    assert.deepEqual((await service.storage.from('scratch').list()).data, []);
  });

  test('download names: encodeURIComponent in filename*, a plain ASCII filename beside it', async () => {
    const files = user.storage.from('files');
    await files.upload('d/picture.svg', Buffer.from('<svg/>'), { contentType: 'image/svg+xml' });
    const signed = await files.createSignedUrl('d/picture.svg', 60, { download: 'custom_name.svg' });
    const res = await fetch(signed.data.signedUrl);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-disposition'), `attachment; filename="custom_name.svg"; filename*=UTF-8''custom_name.svg`);

    // storage-js runs encodeURI over a query URLSearchParams already encoded,
    // so a name with characters that need escaping arrives encoded twice (as
    // at Supabase); a browser link with the name encoded once shows what the
    // server does with it.
    const name = 'Résumé "final" (v2);x.svg';
    const plain = await files.createSignedUrl('d/picture.svg', 60);
    const header = (await fetch(`${plain.data.signedUrl}&download=${encodeURIComponent(name)}`)).headers.get('content-disposition');
    const star = header.match(/filename\*=UTF-8''(.*)$/)[1];
    assert.equal(decodeURIComponent(star), name);
    assert.match(star, /^[A-Za-z0-9\-_.!~%]+$/);
    assert.equal(header.match(/filename="((?:[^"\\]|\\.)*)"/)[1], 'R_sum_ \\"final\\" (v2);x.svg');

    // download() of a public URL with the same option goes through the same header.
    await service.storage.createBucket('open', { public: true });
    await service.storage.from('open').upload('p.txt', Buffer.from('p'), { contentType: 'text/plain' });
    const url = service.storage.from('open').getPublicUrl('p.txt', { download: 'my_file.v1.txt' }).data.publicUrl;
    assert.equal((await fetch(url)).headers.get('content-disposition'), `attachment; filename="my_file.v1.txt"; filename*=UTF-8''my_file.v1.txt`);
  });

  test('listV2 folders: the key is the folder name without a slash, the name its full prefix', async () => {
    const files = user.storage.from('files');
    const folder = '7963e5ff';
    for (const name of [`${folder}/a.txt`, `${folder}/deeper/b.txt`, 'top.txt']) {
      assert.equal((await files.upload(name, Buffer.from(name), { contentType: 'text/plain' })).error, null);
    }
    const root = await files.listV2({ with_delimiter: true });
    assert.equal(root.error, null);
    const mine = root.data.folders.find((f) => f.name === `${folder}/`);
    assert.equal(mine.key, folder);
    assert.equal(root.data.objects.find((o) => o.name === 'top.txt').key, 'top.txt');

    const inside = await files.listV2({ prefix: `${folder}/`, with_delimiter: true });
    assert.deepEqual(inside.data.folders.map((f) => [f.key, f.name]), [['deeper', `${folder}/deeper/`]]);
    assert.deepEqual(inside.data.objects.map((o) => [o.key, o.name]), [['a.txt', `${folder}/a.txt`]]);

    const flat = await files.listV2({ prefix: `${folder}/` });
    assert.deepEqual(flat.data.folders, []);
    assert.deepEqual(flat.data.objects.map((o) => o.name), [`${folder}/a.txt`, `${folder}/deeper/b.txt`]);
  });
});
