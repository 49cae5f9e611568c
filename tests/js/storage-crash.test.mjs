// pleat killed with SIGKILL in the middle of an upload: after it starts again
// on the same database and files, nothing of the half-sent object is visible,
// and the same name can be uploaded afresh.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from '@supabase/supabase-js';
import { startPleat } from './lib/pleat.mjs';
import { sleep } from './lib/auth.mjs';

let pleat;
before(async () => {
  pleat = await startPleat({
    setupSql: `insert into storage.buckets (id, name, public) values ('files', 'files', false);`,
  });
});
after(() => pleat?.stop());

const storage = () =>
  createClient(pleat.url, pleat.serviceKey, { auth: { persistSession: false, autoRefreshToken: false } }).storage;

test('an upload cut by SIGKILL leaves no object behind', async () => {
  // 2 MiB sent, then the body stalls: the upload is half-way when pleat dies.
  // The stall ends with the upload (a timer would keep this file's process
  // alive for minutes after its test).
  const chunk = new Uint8Array(256 * 1024).fill(7);
  let sent = 0;
  let release;
  const stalled = new Promise((resolve) => (release = resolve));
  const body = new ReadableStream({
    async pull(controller) {
      if (sent < 8) {
        sent += 1;
        controller.enqueue(chunk);
      } else {
        await stalled;
        controller.close();
      }
    },
  });
  const upload = fetch(`${pleat.url}/storage/v1/object/files/half.bin`, {
    method: 'POST',
    headers: {
      apikey: pleat.serviceKey,
      authorization: `Bearer ${pleat.serviceKey}`,
      'content-type': 'application/octet-stream',
      'content-length': String(10 * 1024 * 1024),
    },
    body,
    duplex: 'half',
  }).catch((e) => e);
  while (sent < 8) await sleep(20);
  await sleep(300);
  await pleat.restart('SIGKILL');
  const cut = await upload;
  release();
  assert.ok(cut instanceof Error, 'the cut upload was not acknowledged');

  const { rows } = await pleat.sql(`select count(*)::int as n from storage.objects where name = 'half.bin'`);
  assert.equal(rows[0].n, 0);
  const listed = await storage().from('files').list('');
  assert.equal(listed.error, null);
  assert.deepEqual(listed.data.map((o) => o.name), []);
  const downloaded = await storage().from('files').download('half.bin');
  assert.equal(downloaded.data, null);
  assert.equal(downloaded.error.statusCode, '404');

  const again = await storage().from('files').upload('half.bin', Buffer.from('whole'), { contentType: 'text/plain' });
  assert.equal(again.error, null);
  const back = await storage().from('files').download('half.bin');
  assert.equal(Buffer.from(await back.data.arrayBuffer()).toString(), 'whole');
});
