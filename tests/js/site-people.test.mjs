// Who has access to the site's admin, under its policies through the real supabase-js:
// editors list the people with access (site_people), make one a viewer or an editor, or
// remove one (set_site_role), which ends their sessions and takes effect on the tokens
// they still hold; a viewer reads what the admin shows and changes nothing; nobody
// changes their own access.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPleat } from './lib/pleat.mjs';
import { createUser, signedIn, uniqueEmail } from './lib/auth.mjs';

let pleat;
before(async () => {
  pleat = await startPleat({ env: { PLEAT_TRUSTED_PROXIES: '127.0.0.1' } });
  await pleat.sql(`insert into contact_messages (first_name, last_name, email, message) values ('Ada', 'L', 'ada@example.com', 'Curtains')`);
});
after(() => pleat?.stop());

const editor = () => createUser(pleat, { email: uniqueEmail('editor') });
const viewer = () => createUser(pleat, { email: uniqueEmail('viewer'), app_metadata: { editor: false, viewer: true } });

async function messageIds(client) {
  const { data, error } = await client.from('contact_messages').select('id');
  assert.equal(error, null);
  return data.map((r) => r.id);
}

test('a viewer reads the inbox, drafts and history but changes nothing', async () => {
  const { client } = await signedIn(pleat, await viewer());
  const ids = await messageIds(client);
  assert.equal(ids.length, 1);
  for (const table of ['content_drafts', 'content_revisions', 'notification_settings']) {
    const { error } = await client.from(table).select('*');
    assert.equal(error, null, table);
  }
  const status = await client.from('contact_messages').update({ status: 'done' }).eq('id', ids[0]).select('id');
  assert.deepEqual(status.data, [], 'no row matches an update by a viewer');
  const removed = await client.from('contact_messages').delete().eq('id', ids[0]).select('id');
  assert.deepEqual(removed.data, []);
  const services = await client.from('services').update({ title: 'Hacked' }).neq('title', '').select('id');
  assert.deepEqual(services.data, []);
  const mail = await client.rpc('mail_problems');
  assert.equal(mail.error, null);
  const backups = await client.rpc('backup_overview');
  assert.equal(backups.error, null);
  const backup = await client.rpc('request_backup');
  assert.equal(backup.error?.code, '42501');
  const role = await client.rpc('set_site_role', { person: (await editor()).id, new_role: 'none' });
  assert.equal(role.error?.code, '42501');
  const { rows } = await pleat.sql(`select status from contact_messages`);
  assert.deepEqual(rows, [{ status: 'new' }]);
});

test('an editor lists who has access, with roles and last sign-in; others cannot', async () => {
  const me = await editor();
  const colleague = await viewer();
  const { client } = await signedIn(pleat, me);
  const { data, error } = await client.rpc('site_people');
  assert.equal(error, null);
  const mine = data.find((p) => p.email === me.email);
  const theirs = data.find((p) => p.email === colleague.email);
  assert.equal(mine.role, 'editor');
  assert.ok(mine.last_sign_in_at, 'signed in just now');
  assert.equal(mine.signed_up, true);
  assert.deepEqual({ role: theirs.role, last: theirs.last_sign_in_at, signed_up: theirs.signed_up }, { role: 'viewer', last: null, signed_up: false });

  const stranger = await createUser(pleat, { email: uniqueEmail('stranger'), app_metadata: { editor: false } });
  const refused = await (await signedIn(pleat, stranger)).client.rpc('site_people');
  assert.equal(refused.error?.code, '42501');
  assert.ok(!data.some((p) => p.email === stranger.email), 'an account without a role is not listed');
});

test('a demoted editor keeps reading but can no longer write, with the token they hold', async () => {
  const me = await signedIn(pleat, await editor());
  const them = await signedIn(pleat, await editor());
  const [id] = await messageIds(them.client);
  const before = await them.client.from('contact_messages').update({ note: 'mine' }).eq('id', id).select('id');
  assert.equal(before.data.length, 1);

  const { data, error } = await me.client.rpc('set_site_role', { person: them.session.user.id, new_role: 'viewer' });
  assert.equal(error, null);
  assert.equal(data, 'viewer');
  const after = await them.client.from('contact_messages').update({ note: 'still mine?' }).eq('id', id).select('id');
  assert.deepEqual(after.data, [], 'the old token no longer edits');
  assert.deepEqual(await messageIds(them.client), [id], 'but reads as a viewer');

  assert.equal((await me.client.rpc('set_site_role', { person: them.session.user.id, new_role: 'editor' })).error, null);
  const again = await them.client.from('contact_messages').update({ note: 'back' }).eq('id', id).select('id');
  assert.equal(again.data.length, 1);
});

test('removing someone ends their sessions, and the token they hold is refused', async () => {
  const me = await signedIn(pleat, await editor());
  const them = await signedIn(pleat, await editor());
  assert.equal((await messageIds(them.client)).length, 1);
  const { error } = await me.client.rpc('set_site_role', { person: them.session.user.id, new_role: 'none' });
  assert.equal(error, null);
  const held = await them.client.from('contact_messages').select('id');
  assert.equal(held.status, 401, 'the token still held is refused: its session ended');
  assert.equal(held.error.code, 'PGRST301');
  const refreshed = await them.client.auth.refreshSession();
  assert.ok(refreshed.error, 'the session is gone');
  const { data } = await me.client.rpc('site_people');
  assert.ok(!data.some((p) => p.id === them.session.user.id), 'no longer listed');
});

test('nobody changes their own access, and an unknown role is refused', async () => {
  const me = await signedIn(pleat, await editor());
  const self = await me.client.rpc('set_site_role', { person: me.session.user.id, new_role: 'none' });
  assert.equal(self.status, 400);
  assert.equal(self.error.code, '22023');
  const unknown = await me.client.rpc('set_site_role', { person: (await editor()).id, new_role: 'owner' });
  assert.equal(unknown.status, 400);
  assert.equal(unknown.error.code, '22023');
  const nobody = await me.client.rpc('set_site_role', { person: '00000000-0000-4000-8000-000000000000', new_role: 'viewer' });
  assert.equal(nobody.error.code, 'P0002');
});
