// Image transformation through the real supabase-js (storage-js 2.109):
// getPublicUrl / download / createSignedUrl with `transform` against pleat's
// built-in /render/image. The source is a 1600×1200 PNG made here (no image
// library needed); the answers' sizes are read from their PNG or WebP headers.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { createClient } from '@supabase/supabase-js';
import { startPleat } from './lib/pleat.mjs';

const SETUP = `
  insert into storage.buckets (id, name, public) values ('photos', 'photos', true), ('vault', 'vault', false);
`;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** An RGB PNG of a gradient (so resizing has something to average). */
function png(width, height) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      raw[row + 1 + x * 3] = x & 0xff;
      raw[row + 2 + x * 3] = y & 0xff;
      raw[row + 3 + x * 3] = (x + y) & 0xff;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** { type, width, height } from a PNG or WebP (VP8, VP8L or VP8X) header. */
function dimensions(buf) {
  if (buf.subarray(1, 4).toString('latin1') === 'PNG') {
    return { type: 'png', width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
  }
  assert.equal(buf.subarray(0, 4).toString('latin1'), 'RIFF');
  assert.equal(buf.subarray(8, 12).toString('latin1'), 'WEBP');
  const kind = buf.subarray(12, 16).toString('latin1');
  if (kind === 'VP8 ') {
    return { type: 'webp', width: buf.readUInt16LE(26) & 0x3fff, height: buf.readUInt16LE(28) & 0x3fff };
  }
  if (kind === 'VP8L') {
    const bits = buf.readUInt32LE(21);
    return { type: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  assert.equal(kind, 'VP8X');
  return { type: 'webp', width: buf.readUIntLE(24, 3) + 1, height: buf.readUIntLE(27, 3) + 1 };
}

const bytes = async (res) => Buffer.from(await res.arrayBuffer());

describe('image transformation through supabase-js', () => {
  let pleat, service, anon;
  before(async () => {
    pleat = await startPleat({ setupSql: SETUP });
    const opts = { auth: { persistSession: false, autoRefreshToken: false } };
    service = createClient(pleat.url, pleat.serviceKey, opts);
    anon = createClient(pleat.url, pleat.anonKey, opts);
    const source = png(1600, 1200);
    for (const bucket of ['photos', 'vault']) {
      const up = await service.storage
        .from(bucket)
        .upload('big/photo.png', source, { contentType: 'image/png', upsert: true });
      assert.equal(up.error, null);
    }
  });
  after(() => pleat?.stop());

  test('getPublicUrl with transform: width 200, WebP when the client accepts it', async () => {
    const { publicUrl } = service.storage
      .from('photos')
      .getPublicUrl('big/photo.png', { transform: { width: 200 } }).data;
    assert.match(publicUrl, /\/storage\/v1\/render\/image\/public\/photos\/big\/photo\.png\?width=200$/);
    const res = await fetch(publicUrl, { headers: { accept: 'image/avif,image/webp,*/*' } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/webp');
    assert.equal(res.headers.get('x-transformations'), 'width:200,resizing_type:fill');
    assert.deepEqual(dimensions(await bytes(res)), { type: 'webp', width: 200, height: 150 });

    const plain = await fetch(publicUrl, { headers: { accept: 'image/png' } });
    assert.equal(plain.headers.get('content-type'), 'image/png');
    assert.deepEqual(dimensions(await bytes(plain)), { type: 'png', width: 200, height: 150 });

    const again = await fetch(publicUrl, { headers: { accept: 'image/webp' } });
    const etag = again.headers.get('etag');
    await again.arrayBuffer();
    const cached = await fetch(publicUrl, { headers: { accept: 'image/webp', 'if-none-match': etag } });
    assert.equal(cached.status, 304);
  });

  test('download with transform reads through RLS and resizes', async () => {
    const { data, error } = await service.storage
      .from('vault')
      .download('big/photo.png', { transform: { width: 200, height: 100, resize: 'contain' } });
    assert.equal(error, null);
    assert.deepEqual(dimensions(Buffer.from(await data.arrayBuffer())), {
      type: 'png', width: 133, height: 100,
    });
    const denied = await anon.storage.from('vault').download('big/photo.png', { transform: { width: 200 } });
    assert.equal(denied.data, null);
    assert.ok(denied.error);
  });

  test('createSignedUrl with transform signs a render URL; a tampered token fails', async () => {
    const { data, error } = await service.storage
      .from('vault')
      .createSignedUrl('big/photo.png', 60, { transform: { width: 200, height: 200, quality: 60 } });
    assert.equal(error, null);
    assert.match(data.signedUrl, /\/storage\/v1\/render\/image\/sign\/vault\/big\/photo\.png\?token=/);
    const res = await fetch(data.signedUrl, { headers: { accept: 'image/webp' } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/webp');
    assert.deepEqual(dimensions(await bytes(res)), { type: 'webp', width: 200, height: 200 });

    const url = new URL(data.signedUrl);
    const token = url.searchParams.get('token');
    const [head, payload, sig] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    assert.equal(claims.url, 'vault/big/photo.png');
    assert.equal(claims.transformations, 'height:200,width:200,resize:cover,quality:60');
    const bigger = Buffer.from(JSON.stringify({ ...claims, transformations: 'width:2000' })).toString('base64url');
    url.searchParams.set('token', `${head}.${bigger}.${sig}`);
    const tampered = await fetch(url);
    assert.equal(tampered.status, 400);
    const body = await tampered.json();
    assert.equal(body.statusCode, '400');
    assert.equal(body.code, 'InvalidSignature');
  });
});
