// supabase.storage (storage-js 2.109, unmodified) against pleat's /storage/v1:
// every bucket and file method with a Blob, a Buffer and a stream, the
// permission matrix of a private bucket under Supabase-style RLS policies,
// public and signed URLs fetched with plain fetch, upsert, 413/415, and the
// caching and range headers; on a local directory and on S3.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { createClient } from '@supabase/supabase-js';
import { startPleat } from './lib/pleat.mjs';
import { createUser, signedIn, sleep } from './lib/auth.mjs';
import { s3Env, NO_S3 } from './lib/s3.mjs';

// Policies as Supabase's docs write them: a public bucket any signed-in user
// may write to, and a private bucket where each user owns the folder named
// after their id.
const SETUP = `
  insert into storage.buckets (id, name, public) values ('media', 'media', true), ('docs', 'docs', false);
  insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
    values ('images', 'images', true, 1000, '{image/*}');
  create policy "media insert" on storage.objects for insert to authenticated with check (bucket_id = 'media');
  create policy "media select" on storage.objects for select to authenticated using (bucket_id = 'media');
  create policy "media update" on storage.objects for update to authenticated using (bucket_id = 'media');
  create policy "media delete" on storage.objects for delete to authenticated using (bucket_id = 'media');
  create policy "own folder read" on storage.objects for select to authenticated
    using (bucket_id = 'docs' and (storage.foldername(name))[1] = (select auth.uid()::text));
  create policy "own folder write" on storage.objects for insert to authenticated
    with check (bucket_id = 'docs' and (storage.foldername(name))[1] = (select auth.uid()::text));
  create policy "own folder update" on storage.objects for update to authenticated
    using (bucket_id = 'docs' and owner_id = (select auth.uid()::text));
  create policy "own folder delete" on storage.objects for delete to authenticated
    using (bucket_id = 'docs' and owner_id = (select auth.uid()::text));
  create policy "images insert" on storage.objects for insert to authenticated with check (bucket_id = 'images');
`;

const client = (pleat, key) =>
  createClient(pleat.url, key, { auth: { persistSession: false, autoRefreshToken: false } });

const text = async (blob) => Buffer.from(await blob.arrayBuffer()).toString();

// The whole suite runs twice: files in a local directory, then in the S3
// test server's bucket.
const S3 = s3Env();
for (const [backend, env] of [['a local directory', {}], ['S3', S3]]) {
  describe(`supabase.storage against pleat, files in ${backend}`, { skip: env ? false : NO_S3 }, () => {
    let pleat, service, anon, alice, bob;
    before(async () => {
      pleat = await startPleat({ setupSql: SETUP, env });
      service = client(pleat, pleat.serviceKey);
      anon = client(pleat, pleat.anonKey);
      const a = await createUser(pleat);
      const b = await createUser(pleat);
      alice = { id: a.id, client: (await signedIn(pleat, a)).client };
      bob = { id: b.id, client: (await signedIn(pleat, b)).client };
    });
    after(() => pleat?.stop());

    test('bucket lifecycle: create, get, list, update, empty, delete', async () => {
      const created = await service.storage.createBucket('tmp-bucket', {
        public: false, fileSizeLimit: '20MB', allowedMimeTypes: ['image/*', 'text/plain'],
      });
      assert.equal(created.error, null);
      assert.deepEqual(created.data, { name: 'tmp-bucket' });
      const dup = await service.storage.createBucket('tmp-bucket');
      assert.equal(dup.error.statusCode, '409');
      assert.equal(dup.error.message, 'The resource already exists');

      const got = await service.storage.getBucket('tmp-bucket');
      assert.equal(got.error, null);
      assert.equal(got.data.file_size_limit, 20_000_000);
      assert.deepEqual(got.data.allowed_mime_types, ['image/*', 'text/plain']);
      assert.equal(got.data.public, false);

      const listed = await service.storage.listBuckets({ search: 'tmp-' });
      assert.equal(listed.error, null);
      assert.deepEqual(listed.data.map((b) => b.id), ['tmp-bucket']);
      const all = await service.storage.listBuckets();
      // site-media comes from the site's own migrations (repo migrations/).
      assert.deepEqual(all.data.map((b) => b.id).sort(), ['docs', 'images', 'media', 'site-media', 'tmp-bucket']);
      // No policy on storage.buckets lets anon see any.
      assert.deepEqual((await anon.storage.listBuckets()).data, []);
      assert.equal((await anon.storage.getBucket('media')).error.statusCode, '404');

      const upd = await service.storage.updateBucket('tmp-bucket', { public: true, fileSizeLimit: 1024 });
      assert.equal(upd.error, null);
      assert.deepEqual(upd.data, { message: 'Successfully updated' });
      assert.equal((await service.storage.getBucket('tmp-bucket')).data.file_size_limit, 1024);

      await service.storage.from('tmp-bucket').upload('a.txt', Buffer.from('x'), { contentType: 'text/plain' });
      const notEmpty = await service.storage.deleteBucket('tmp-bucket');
      assert.equal(notEmpty.error.statusCode, '409');
      const anonEmpty = await anon.storage.emptyBucket('tmp-bucket');
      assert.equal(anonEmpty.error.status, 403);
      assert.equal((await service.storage.emptyBucket('tmp-bucket')).error, null);
      const deleted = await service.storage.deleteBucket('tmp-bucket');
      assert.equal(deleted.error, null);
      assert.deepEqual(deleted.data, { message: 'Successfully deleted' });
      assert.equal((await service.storage.getBucket('tmp-bucket')).error.statusCode, '404');
    });

    test('upload a Blob, a Buffer and a stream; download, info, exists', async () => {
      const media = alice.client.storage.from('media');
      const blob = await media.upload('up/blob.txt', new Blob(['from a blob'], { type: 'text/plain' }));
      assert.equal(blob.error, null);
      assert.equal(blob.data.path, 'up/blob.txt');
      assert.equal(blob.data.fullPath, 'media/up/blob.txt');
      assert.match(blob.data.id, /^[0-9a-f-]{36}$/);
      const buf = await media.upload('up/buffer.bin', Buffer.from([1, 2, 3, 4]), {
        contentType: 'application/octet-stream', cacheControl: '60', metadata: { kind: 'raw' },
      });
      assert.equal(buf.error, null);
      const stream = await media.upload('up/stream.txt', Readable.from([Buffer.from('chunk one, '), Buffer.from('chunk two')]), {
        contentType: 'text/plain', duplex: 'half',
      });
      assert.equal(stream.error, null);

      assert.equal(await text((await media.download('up/blob.txt')).data), 'from a blob');
      assert.deepEqual([...new Uint8Array(await (await media.download('up/buffer.bin')).data.arrayBuffer())], [1, 2, 3, 4]);
      assert.equal(await text((await media.download('up/stream.txt')).data), 'chunk one, chunk two');
      const asStream = await media.download('up/stream.txt').asStream();
      assert.equal(asStream.error, null);
      const chunks = [];
      for await (const c of asStream.data) chunks.push(Buffer.from(c));
      assert.equal(Buffer.concat(chunks).toString(), 'chunk one, chunk two');

      const info = await media.info('up/buffer.bin');
      assert.equal(info.error, null);
      assert.equal(info.data.size, 4);
      assert.equal(info.data.contentType, 'application/octet-stream');
      assert.equal(info.data.cacheControl, 'max-age=60');
      assert.deepEqual(info.data.metadata, { kind: 'raw' });
      assert.equal(info.data.bucketId, 'media');
      assert.match(info.data.etag, /^"[0-9a-f]{32}"$/);

      assert.deepEqual(await media.exists('up/blob.txt'), { data: true, error: null });
      const missing = await media.exists('up/nope.txt');
      assert.equal(missing.data, false);
      const gone = await media.download('up/nope.txt');
      assert.equal(gone.error.statusCode, '404');
    });

    test('keys with spaces and symbols round-trip through every kind of URL', async () => {
      const media = service.storage.from('media');
      const key = "odd/My file (1) & co's+copy.txt";
      assert.equal((await media.upload(key, Buffer.from('odd'), { contentType: 'text/plain' })).error, null);
      assert.equal(await text((await media.download(key)).data), 'odd');
      assert.equal((await media.info(key)).data.name, key);
      assert.equal(await (await fetch(media.getPublicUrl(key).data.publicUrl)).text(), 'odd');
      const signed = await media.createSignedUrl(key, 60);
      assert.equal(await (await fetch(signed.data.signedUrl)).text(), 'odd');
      const listed = await media.list('odd');
      assert.deepEqual(listed.data.map((e) => e.name), ["My file (1) & co's+copy.txt"]);
    });

    test('list: one level, folders with null id, search, sort, limit and offset', async () => {
      const media = service.storage.from('media');
      for (const name of ['list/b.txt', 'list/a.txt', 'list/sub/c.txt', 'list/sub/deeper/d.txt', 'list/Apple.txt']) {
        assert.equal((await media.upload(name, Buffer.from(name), { contentType: 'text/plain' })).error, null);
      }
      const { data, error } = await media.list('list');
      assert.equal(error, null);
      assert.deepEqual(data.map((e) => [e.name, e.id === null]), [
        ['Apple.txt', false], ['a.txt', false], ['b.txt', false], ['sub', true],
      ]);
      const folder = data.find((e) => e.name === 'sub');
      assert.deepEqual([folder.updated_at, folder.metadata], [null, null]);
      const file = data.find((e) => e.name === 'a.txt');
      assert.equal(file.metadata.size, 10);
      assert.equal(file.metadata.mimetype, 'text/plain');
      const searched = await media.list('list', { search: 'a' });
      assert.deepEqual(searched.data.map((e) => e.name).sort(), ['Apple.txt', 'a.txt']);
      const desc = await media.list('list', { sortBy: { column: 'name', order: 'desc' }, limit: 2, offset: 1 });
      assert.deepEqual(desc.data.map((e) => e.name), ['b.txt', 'a.txt']);
      assert.deepEqual((await media.list('list/sub')).data.map((e) => e.name).sort(), ['c.txt', 'deeper']);

      const flat = await media.listV2({ prefix: 'list/', limit: 3 });
      assert.equal(flat.error, null);
      assert.deepEqual(flat.data.objects.map((o) => o.name), ['list/Apple.txt', 'list/a.txt', 'list/b.txt']);
      assert.equal(flat.data.hasNext, true);
      const next = await media.listV2({ prefix: 'list/', limit: 3, cursor: flat.data.nextCursor });
      assert.deepEqual(next.data.objects.map((o) => o.name), ['list/sub/c.txt', 'list/sub/deeper/d.txt']);
      assert.equal(next.data.hasNext, false);
      const grouped = await media.listV2({ prefix: 'list/', with_delimiter: true });
      assert.deepEqual(grouped.data.folders.map((f) => f.name), ['list/sub/']);
      assert.deepEqual(grouped.data.objects.map((o) => o.name), ['list/Apple.txt', 'list/a.txt', 'list/b.txt']);
    });

    test('upsert and update replace content; a plain upload of an existing key is 409', async () => {
      const media = alice.client.storage.from('media');
      await media.upload('up/replace.txt', Buffer.from('v1'), { contentType: 'text/plain' });
      const dup = await media.upload('up/replace.txt', Buffer.from('v2'), { contentType: 'text/plain' });
      assert.equal(dup.error.statusCode, '409');
      const ups = await media.upload('up/replace.txt', new Blob(['v3'], { type: 'text/plain' }), { upsert: true });
      assert.equal(ups.error, null);
      assert.equal(await text((await media.download('up/replace.txt')).data), 'v3');
      const upd = await media.update('up/replace.txt', Buffer.from('v4 longer'), { contentType: 'text/plain' });
      assert.equal(upd.error, null);
      assert.equal(await text((await media.download('up/replace.txt')).data), 'v4 longer');
      const { rows } = await pleat.sql(`select count(*)::int as n from storage.objects where name = 'up/replace.txt'`);
      assert.equal(rows[0].n, 1);
    });

    test('RLS matrix on a private bucket: anon refused, owners only in their folder, service_role everywhere', async () => {
      const aliceDocs = alice.client.storage.from('docs');
      const bobDocs = bob.client.storage.from('docs');
      const anonUp = await anon.storage.from('docs').upload('x/file.txt', Buffer.from('no'), { contentType: 'text/plain' });
      assert.equal(anonUp.error.statusCode, '403');
      assert.match(anonUp.error.message, /row-level security/);

      assert.equal((await aliceDocs.upload(`${alice.id}/secret.txt`, Buffer.from('alice only'), { contentType: 'text/plain' })).error, null);
      const intoBob = await aliceDocs.upload(`${bob.id}/planted.txt`, Buffer.from('x'), { contentType: 'text/plain' });
      assert.equal(intoBob.error.statusCode, '403');
      assert.equal((await bobDocs.upload(`${bob.id}/mine.txt`, Buffer.from('bob'), { contentType: 'text/plain' })).error, null);

      assert.equal(await text((await aliceDocs.download(`${alice.id}/secret.txt`)).data), 'alice only');
      assert.equal((await bobDocs.download(`${alice.id}/secret.txt`)).error.statusCode, '404');
      assert.equal((await anon.storage.from('docs').download(`${alice.id}/secret.txt`)).error.statusCode, '404');
      assert.deepEqual((await bobDocs.list(alice.id)).data, []);
      assert.deepEqual((await aliceDocs.list(alice.id)).data.map((e) => e.name), ['secret.txt']);
      const bobSign = await bobDocs.createSignedUrl(`${alice.id}/secret.txt`, 60);
      assert.equal(bobSign.error.statusCode, '404');

      // remove() silently skips what the caller may not delete.
      const bobRemoves = await bobDocs.remove([`${alice.id}/secret.txt`]);
      assert.deepEqual(bobRemoves.data, []);
      assert.equal(await text((await service.storage.from('docs').download(`${alice.id}/secret.txt`)).data), 'alice only');
      const root = await service.storage.from('docs').list();
      assert.deepEqual(root.data.map((e) => e.name).sort(), [alice.id, bob.id].sort());

      const removed = await aliceDocs.remove([`${alice.id}/secret.txt`]);
      assert.equal(removed.error, null);
      assert.deepEqual(removed.data.map((o) => o.name), [`${alice.id}/secret.txt`]);
      assert.equal((await service.storage.from('docs').download(`${alice.id}/secret.txt`)).error.statusCode, '404');
    });

    test('public URLs serve with plain fetch: headers, ETag/304, Range/206, download, HTML as text', async () => {
      const media = service.storage.from('media');
      const body = 'abcdefghijklmnopqrstuvwxyz';
      await media.upload('pub/letters.txt', Buffer.from(body), { contentType: 'text/plain', cacheControl: '120' });
      const url = media.getPublicUrl('pub/letters.txt').data.publicUrl;
      assert.equal(url, `${pleat.url}/storage/v1/object/public/media/pub/letters.txt`);
      const res = await fetch(url);
      assert.equal(res.status, 200);
      assert.equal(await res.text(), body);
      assert.equal(res.headers.get('content-type'), 'text/plain');
      assert.equal(res.headers.get('cache-control'), 'max-age=120');
      assert.equal(res.headers.get('content-length'), '26');
      assert.equal(res.headers.get('accept-ranges'), 'bytes');
      const etag = res.headers.get('etag');
      assert.match(etag, /^"[0-9a-f]{32}"$/);
      assert.ok(Date.parse(res.headers.get('last-modified')));

      const cached = await fetch(url, { headers: { 'If-None-Match': etag } });
      assert.equal(cached.status, 304);
      const part = await fetch(url, { headers: { Range: 'bytes=2-5' } });
      assert.equal(part.status, 206);
      assert.equal(part.headers.get('content-range'), 'bytes 2-5/26');
      assert.equal(await part.text(), 'cdef');
      const tail = await fetch(url, { headers: { Range: 'bytes=-3' } });
      assert.equal(await tail.text(), 'xyz');
      const bad = await fetch(url, { headers: { Range: 'bytes=100-' } });
      assert.equal(bad.status, 416);
      assert.equal((await bad.json()).statusCode, '416');
      const head = await fetch(url, { method: 'HEAD' });
      assert.equal(head.status, 200);
      assert.equal(head.headers.get('content-length'), '26');

      const dl = await fetch(media.getPublicUrl('pub/letters.txt', { download: 'my letters.txt' }).data.publicUrl);
      assert.equal(dl.headers.get('content-disposition'), `attachment; filename="my letters.txt"; filename*=UTF-8''my%20letters.txt`);

      await media.upload('pub/page.html', Buffer.from('<script>alert(1)</script>'), { contentType: 'text/html' });
      const html = await fetch(media.getPublicUrl('pub/page.html').data.publicUrl);
      assert.equal(html.headers.get('content-type'), 'text/plain');

      // Browsers may upload from another origin with storage-js's headers, and read the ETag.
      const pre = await fetch(`${pleat.url}/storage/v1/object/media/cors.txt`, {
        method: 'OPTIONS',
        headers: {
          Origin: 'https://app.example',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization, apikey, x-client-info, content-type, x-upsert, cache-control, x-metadata',
        },
      });
      assert.equal(pre.status, 200);
      assert.match(pre.headers.get('access-control-allow-headers'), /x-upsert/);
      const cross = await fetch(url, { headers: { Origin: 'https://app.example' } });
      assert.match(cross.headers.get('access-control-expose-headers'), /etag/);

      // A private bucket has no public URL.
      await service.storage.from('docs').upload('x/hidden.txt', Buffer.from('h'), { contentType: 'text/plain' });
      const priv = await fetch(service.storage.from('docs').getPublicUrl('x/hidden.txt').data.publicUrl);
      assert.equal(priv.status, 400);
      assert.equal((await priv.json()).statusCode, '404');
    });

    test('signed URLs: work until they expire, tampering fails, createSignedUrls reports missing paths', async () => {
      const docs = alice.client.storage.from('docs');
      await docs.upload(`${alice.id}/signed.txt`, Buffer.from('signed body'), { contentType: 'text/plain' });
      const signed = await docs.createSignedUrl(`${alice.id}/signed.txt`, 2);
      assert.equal(signed.error, null);
      const ok = await fetch(signed.data.signedUrl);
      assert.equal(ok.status, 200);
      assert.equal(await ok.text(), 'signed body');
      assert.ok(ok.headers.get('expires'));
      const tampered = await fetch(signed.data.signedUrl.replace(/token=([^&]+)/, (_, t) => `token=${t.slice(0, -2)}xx`));
      assert.equal((await tampered.json()).statusCode, '400');
      await sleep(2500);
      const expired = await fetch(signed.data.signedUrl);
      assert.equal(expired.status, 400);
      assert.match((await expired.json()).message, /exp/);

      const many = await docs.createSignedUrls([`${alice.id}/signed.txt`, `${alice.id}/missing.txt`], 60);
      assert.equal(many.error, null);
      assert.equal(many.data[1].signedUrl, null);
      assert.match(many.data[1].error, /does not exist/);
      assert.equal(await (await fetch(many.data[0].signedUrl)).text(), 'signed body');
      const download = await docs.createSignedUrl(`${alice.id}/signed.txt`, 60, { download: true });
      assert.match((await fetch(download.data.signedUrl)).headers.get('content-disposition'), /^attachment/);
    });

    test('signed upload URLs: created under RLS, used without a session', async () => {
      const docs = alice.client.storage.from('docs');
      const path = `${alice.id}/via-signed-upload.txt`;
      const created = await docs.createSignedUploadUrl(path);
      assert.equal(created.error, null);
      assert.ok(created.data.token);
      const refused = await bob.client.storage.from('docs').createSignedUploadUrl(path);
      assert.equal(refused.error.statusCode, '403');
      const up = await anon.storage.from('docs').uploadToSignedUrl(path, created.data.token, new Blob(['signed upload'], { type: 'text/plain' }));
      assert.equal(up.error, null);
      assert.equal(up.data.path, path);
      assert.equal(await text((await docs.download(path)).data), 'signed upload');
      const { rows } = await pleat.sql('select owner_id from storage.objects where name = $1', [path]);
      assert.equal(rows[0].owner_id, alice.id);
      const again = await anon.storage.from('docs').uploadToSignedUrl(path, created.data.token, Buffer.from('twice'));
      assert.equal(again.error.statusCode, '409');
    });

    test('move and copy, within a bucket and to another', async () => {
      const media = alice.client.storage.from('media');
      await media.upload('mv/source.txt', Buffer.from('moving'), { contentType: 'text/plain', metadata: { a: 1 } });
      const moved = await media.move('mv/source.txt', 'mv/target.txt');
      assert.equal(moved.error, null);
      assert.equal(moved.data.message, 'Successfully moved');
      assert.equal((await media.download('mv/source.txt')).error.statusCode, '404');
      assert.equal(await text((await media.download('mv/target.txt')).data), 'moving');

      const copied = await media.copy('mv/target.txt', 'mv/copy.txt');
      assert.equal(copied.error, null);
      assert.equal(copied.data.path, 'media/mv/copy.txt');
      assert.deepEqual((await media.info('mv/copy.txt')).data.metadata, { a: 1 });
      const across = await service.storage.from('media').copy('mv/copy.txt', 'copied.txt', { destinationBucket: 'docs' });
      assert.equal(across.error, null);
      assert.equal(await text((await service.storage.from('docs').download('copied.txt')).data), 'moving');
      // Alice may not write outside her folder in docs.
      const refused = await media.copy('mv/copy.txt', 'elsewhere.txt', { destinationBucket: 'docs' });
      assert.equal(refused.error.statusCode, '403');
    });

    test('limits: bucket size limit is 413, disallowed type is 415, nothing is left behind', async () => {
      const images = alice.client.storage.from('images');
      const small = await images.upload('ok.png', new Blob([Buffer.alloc(500)], { type: 'image/png' }));
      assert.equal(small.error, null);
      const big = await images.upload('big.png', Buffer.alloc(2000), { contentType: 'image/png' });
      assert.equal(big.error.statusCode, '413');
      assert.equal(big.error.message, 'The object exceeded the maximum allowed size');
      const bigBlob = await images.upload('big2.png', new Blob([Buffer.alloc(2000)], { type: 'image/png' }));
      assert.equal(bigBlob.error.statusCode, '413');
      const wrong = await images.upload('doc.txt', Buffer.from('text'), { contentType: 'text/plain' });
      assert.equal(wrong.error.statusCode, '415');
      assert.equal(wrong.error.message, 'mime type text/plain is not supported');
      const { rows } = await pleat.sql(`select name from storage.objects where bucket_id = 'images' order by name`);
      assert.deepEqual(rows.map((r) => r.name), ['ok.png']);
      const bad = await images.upload('bad%key.png', Buffer.alloc(1), { contentType: 'image/png' });
      assert.equal(bad.error.statusCode, '400');
    });
  });
}

describe('PLEAT_MAX_UPLOAD', () => {
  let pleat;
  before(async () => {
    pleat = await startPleat({
      setupSql: `insert into storage.buckets (id, name, public) values ('files', 'files', false);`,
      env: { PLEAT_MAX_UPLOAD: '100000' },
    });
  });
  after(() => pleat?.stop());

  test('uploads over the global limit are 413 whatever the body, and a bucket may not exceed it', async () => {
    const files = client(pleat, pleat.serviceKey).storage.from('files');
    assert.equal((await files.upload('ok.bin', Buffer.alloc(100000))).error, null);
    const buffer = await files.upload('big.bin', Buffer.alloc(3_000_000));
    assert.equal(buffer.error.statusCode, '413');
    const blob = await files.upload('big-blob.bin', new Blob([Buffer.alloc(3_000_000)]));
    assert.equal(blob.error.statusCode, '413');
    const stream = await files.upload('big-stream.bin', Readable.from([Buffer.alloc(60000), Buffer.alloc(60000)]), { duplex: 'half' });
    assert.equal(stream.error.statusCode, '413');
    const bucket = await client(pleat, pleat.serviceKey).storage.createBucket('huge', { fileSizeLimit: '1GB' });
    assert.equal(bucket.error.statusCode, '413');
    const { rows } = await pleat.sql('select name from storage.objects');
    assert.deepEqual(rows.map((r) => r.name), ['ok.bin']);
  });
});
