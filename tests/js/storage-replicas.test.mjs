// Two pleat replicas on one database and one S3 bucket, each with a data
// directory of its own, behave as one storage service: what is uploaded
// through one is downloaded, replaced, signed and removed through the other.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { startPleat } from './lib/pleat.mjs';
import { s3Env, NO_S3 } from './lib/s3.mjs';

const env = s3Env();
const storageOf = (url, key) =>
  createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false } }).storage;
const bytes = async (blob) => Buffer.from(await blob.arrayBuffer());

describe('two replicas sharing an S3 bucket', { skip: env ? false : NO_S3 }, () => {
  let first, second, a, b;
  before(async () => {
    first = await startPleat({
      setupSql: `insert into storage.buckets (id, name, public) values ('shared', 'shared', false), ('site', 'site', true);`,
      env,
    });
    second = await first.replica();
    a = storageOf(first.url, first.serviceKey);
    b = storageOf(second.url, first.serviceKey);
  });
  after(async () => {
    await second?.stop();
    await first?.stop();
  });

  test('a file uploaded through one replica downloads through the other', async () => {
    const small = randomBytes(300_000);
    assert.equal((await a.from('shared').upload('small.bin', small)).error, null);
    const got = await b.from('shared').download('small.bin');
    assert.equal(got.error, null);
    assert.ok((await bytes(got.data)).equals(small));

    // Larger than one S3 part: a multipart upload through the second replica.
    const large = randomBytes(7_000_000);
    assert.equal((await b.from('shared').upload('large.bin', large)).error, null);
    const whole = await a.from('shared').download('large.bin');
    assert.ok((await bytes(whole.data)).equals(large));
    const signed = await a.from('shared').createSignedUrl('large.bin', 60);
    const onSecond = signed.data.signedUrl.replace(first.url, second.url);
    const part = await fetch(onSecond, { headers: { range: 'bytes=5242000-5243999' } });
    assert.equal(part.status, 206);
    assert.ok(Buffer.from(await part.arrayBuffer()).equals(large.subarray(5_242_000, 5_244_000)));
  });

  test('replacing, moving and removing through one replica is seen by the other', async () => {
    await a.from('site').upload('page.txt', Buffer.from('first'), { contentType: 'text/plain' });
    const url = (pleat) => `${pleat.url}/storage/v1/object/public/site/page.txt`;
    assert.equal(await (await fetch(url(second))).text(), 'first');
    const replaced = await b.from('site').upload('page.txt', Buffer.from('second version'), { contentType: 'text/plain', upsert: true });
    assert.equal(replaced.error, null);
    assert.equal(await (await fetch(url(first))).text(), 'second version');

    assert.equal((await a.from('site').move('page.txt', 'moved.txt')).error, null);
    assert.equal(await (await fetch(`${second.url}/storage/v1/object/public/site/moved.txt`)).text(), 'second version');
    assert.equal((await b.from('site').remove(['moved.txt'])).error, null);
    const gone = await a.from('site').download('moved.txt');
    assert.equal(gone.error.statusCode, '404');
  });
});
