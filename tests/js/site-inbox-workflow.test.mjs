// The inbox as a list of work, under the site's policies through the real supabase-js:
// an editor sets a message's status (new, replied, done) and private note; a visitor can
// neither set them when sending nor read or change them after; a signed-in stranger
// changes nothing; bad values are refused; and the notification mail names the service
// by its label and links to the message.
import { test, before, after } from 'node:test';
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
const editor = () => client(token('6f1c1b1e-0000-4000-8000-000000000021', { editor: true }));
const stranger = () => client(token('6f1c1b1e-0000-4000-8000-000000000022', {}));

async function send(fields) {
  const { error } = await client().from('contact_messages').insert({ last_name: 'Visitor', message: 'Two windows, lined.', ...fields });
  assert.equal(error, null);
  const { rows } = await pleat.sql('SELECT id, status, note FROM contact_messages WHERE email = $1', [fields.email]);
  assert.equal(rows.length, 1);
  return rows[0];
}

before(async () => {
  pleat = await startPleat();
  await pleat.sql(`UPDATE notification_settings SET notification_email = 'owner@example.com'`);
  await pleat.sql(`INSERT INTO notification_settings (notification_email) SELECT 'owner@example.com' WHERE NOT EXISTS (SELECT 1 FROM notification_settings)`);
});
after(() => pleat?.stop());

test('a new message is "new" with no note; an editor sets its status and note', async () => {
  const row = await send({ first_name: 'Ada', email: 'ada@example.com' });
  assert.deepEqual({ status: row.status, note: row.note }, { status: 'new', note: null });

  const replied = await editor().from('contact_messages').update({ status: 'replied' }).eq('id', row.id).select('status, read_at');
  assert.equal(replied.error, null);
  assert.deepEqual(replied.data, [{ status: 'replied', read_at: null }], 'the status does not mark it read, nor reading it the status');

  const noted = await editor().from('contact_messages').update({ note: 'Measure on Tuesday' }).eq('id', row.id).select('status, note');
  assert.deepEqual(noted.data, [{ status: 'replied', note: 'Measure on Tuesday' }]);

  const read = await editor().from('contact_messages').select('status, note').eq('id', row.id).single();
  assert.deepEqual(read.data, { status: 'replied', note: 'Measure on Tuesday' });
});

test('a visitor cannot set a status or a note when sending, nor read or change them', async () => {
  for (const extra of [{ status: 'done' }, { note: 'planted' }]) {
    const forged = await client()
      .from('contact_messages')
      .insert({ first_name: 'Mallory', last_name: 'M', email: 'mallory@example.com', message: 'x', ...extra });
    assert.equal(forged.status, 401, JSON.stringify(extra));
    assert.equal(forged.error.code, '42501');
  }
  const { rows } = await pleat.sql(`SELECT count(*)::int AS n FROM contact_messages WHERE email = 'mallory@example.com'`);
  assert.equal(rows[0].n, 0);

  const row = await send({ first_name: 'Vic', email: 'vic@example.com' });
  await editor().from('contact_messages').update({ note: 'private' }).eq('id', row.id);
  const peek = await client().from('contact_messages').select('note').eq('id', row.id);
  assert.equal(peek.status, 401);
  const change = await client().from('contact_messages').update({ status: 'done' }).eq('id', row.id);
  assert.equal(change.status, 401);
  const other = await stranger().from('contact_messages').update({ status: 'done', note: 'x' }).eq('id', row.id).select('id');
  assert.equal(other.error, null);
  assert.deepEqual(other.data, [], 'a signed-in non-editor matches no row');
  const stored = await pleat.sql('SELECT status, note FROM contact_messages WHERE id = $1', [row.id]);
  assert.deepEqual(stored.rows[0], { status: 'new', note: 'private' });
});

test('an unknown status or an over-long note is a 400 and changes nothing', async () => {
  const row = await send({ first_name: 'Bo', email: 'bo@example.com' });
  const bad = await editor().from('contact_messages').update({ status: 'archived' }).eq('id', row.id);
  assert.equal(bad.status, 400);
  assert.equal(bad.error.code, '23514');
  const long = await editor().from('contact_messages').update({ note: 'x'.repeat(5001) }).eq('id', row.id);
  assert.equal(long.status, 400);
  assert.equal(long.error.code, '23514');
  const stored = await pleat.sql('SELECT status, note FROM contact_messages WHERE id = $1', [row.id]);
  assert.deepEqual(stored.rows[0], { status: 'new', note: null });
});

test('the notification mail names the service by the label the visitor chose and links to the message', async () => {
  const row = await send({ first_name: 'Cy', email: 'cy@example.com', service_needed: 'Furniture Covers' });
  const { rows } = await pleat.sql(`SELECT vars FROM pleat_mail.outbox WHERE template = 'enquiry' AND reply_to = 'cy@example.com'`);
  assert.equal(rows.length, 1);
  assert.equal(rows[0].vars.service, 'Furniture Covers');
  assert.equal(rows[0].vars.path, `/admin?message=${row.id}`);
});
