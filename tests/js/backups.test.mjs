// The admin's backups through the real supabase-js: backup_overview(),
// request_backup() and backup_download_token() answer editors only (a backup
// holds the site's keys); a second "Back up now" while one waits is the same
// request; and the address pleat mails when scheduled backups keep failing
// follows "Send new enquiries to", falling back to the contact email.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { startPleat } from './lib/pleat.mjs';
import { authClient, createUser, signedIn, uniqueEmail } from './lib/auth.mjs';

let pleat;
let editor;
let editorId;
let stranger;
before(async () => {
  pleat = await startPleat();
  const owner = await createUser(pleat);
  editorId = owner.id;
  ({ client: editor } = await signedIn(pleat, owner));
  ({ client: stranger } = await signedIn(pleat, await createUser(pleat, { app_metadata: { editor: false } })));
});
after(() => pleat?.stop());

const rpcs = ['backup_overview', 'request_backup', 'backup_download_token'];

async function runs() {
  const { rows } = await pleat.sql('SELECT id, trigger, status, requested_by FROM pleat_backup.runs ORDER BY id');
  return rows;
}

/** A finished backup, as the serving side records one (nothing here makes backup files). */
async function recordFinishedRun(name, { status = 'done', sizeBytes = 123456, error = null } = {}) {
  const { rows } = await pleat.sql(
    `INSERT INTO pleat_backup.runs (name, trigger, slot, status, size_bytes, error, started_at, finished_at)
     VALUES ($1, 'schedule', now() - make_interval(secs => (SELECT count(*) FROM pleat_backup.runs) + 1), $2, $3, $4, now(), now())
     RETURNING id`,
    [name, status, status === 'done' ? sizeBytes : null, error],
  );
  return Number(rows[0].id);
}

async function notifyEmail() {
  const { rows } = await pleat.sql('SELECT notify_email FROM pleat_backup.state');
  return rows[0].notify_email;
}

describe('who may', () => {
  test('a visitor is refused all three with 401 42501, and no backup is asked for', async () => {
    const anon = authClient(pleat);
    for (const name of rpcs) {
      const { data, error, status } = await anon.rpc(name);
      assert.equal(data, null, name);
      assert.equal(status, 401, name);
      assert.equal(error.code, '42501', name);
      assert.match(error.message, new RegExp(`permission denied for function ${name}`), name);
    }
    assert.deepEqual(await runs(), []);
  });

  test('a signed-in account that is not an editor is refused with 403 and a sentence saying so', async () => {
    const refusals = {
      backup_overview: 'Only editors and viewers can see the backups.',
      request_backup: 'Only editors can make a backup.',
      backup_download_token: 'Only editors can download a backup.',
    };
    await recordFinishedRun('refused-test.pleatbackup');
    for (const name of rpcs) {
      const { data, error, status } = await stranger.rpc(name);
      assert.equal(data, null, name);
      assert.equal(status, 403, name);
      assert.equal(error.code, '42501', name);
      assert.equal(error.message, refusals[name]);
    }
    assert.equal((await runs()).filter((r) => r.trigger === 'request').length, 0, 'no backup asked for');
    const { rows } = await pleat.sql('SELECT count(*)::int AS n FROM pleat_backup.downloads');
    assert.equal(rows[0].n, 0, 'no download link made');
    await pleat.sql('DELETE FROM pleat_backup.runs');
  });
});

describe('an editor', () => {
  test('reads the overview: nothing yet, then the finished backups, newest first', async () => {
    const empty = await editor.rpc('backup_overview');
    assert.equal(empty.error, null);
    assert.equal(empty.data.last, null);
    assert.equal(empty.data.last_success, null);
    assert.equal(empty.data.in_progress, false);
    assert.deepEqual(empty.data.recent, []);
    assert.ok('schedule' in empty.data && 'next_scheduled_at' in empty.data);

    const good = await recordFinishedRun('good.pleatbackup', { sizeBytes: 2048 });
    const bad = await recordFinishedRun(null, { status: 'failed', error: 'pg_dump: connection refused' });
    const { data, error } = await editor.rpc('backup_overview');
    assert.equal(error, null);
    assert.equal(data.last.status, 'failed');
    assert.equal(data.last.error, 'pg_dump: connection refused');
    assert.equal(data.last_success.name, 'good.pleatbackup');
    assert.equal(data.last_success.size_bytes, 2048);
    assert.deepEqual(
      data.recent.map((r) => [r.id, r.status]),
      [
        [bad, 'failed'],
        [good, 'done'],
      ],
    );
    await pleat.sql('DELETE FROM pleat_backup.runs');
  });

  test('asks for a backup; asking again while it waits answers the same id', async () => {
    const first = await editor.rpc('request_backup');
    assert.equal(first.error, null);
    assert.equal(typeof first.data, 'number');
    // Hold the run (a worker in this pleat could otherwise finish it between the two
    // asks, and a finished run rightly makes way for a new request).
    const hold = new pg.Client({ connectionString: pleat.dbUrl });
    await hold.connect();
    try {
      await hold.query('BEGIN');
      const { rows } = await hold.query('SELECT status FROM pleat_backup.runs WHERE id = $1 FOR UPDATE', [first.data]);
      assert.ok(['pending', 'running'].includes(rows[0].status), rows[0].status);
      const second = await editor.rpc('request_backup');
      assert.equal(second.error, null);
      assert.equal(second.data, first.data);
      const overview = await editor.rpc('backup_overview');
      assert.equal(overview.data.in_progress, true);
      assert.equal(overview.data.recent[0].id, first.data);
      await hold.query('ROLLBACK');
    } finally {
      await hold.end();
    }
    const requested = (await runs()).filter((r) => r.trigger === 'request');
    assert.equal(requested.length, 1);
    assert.equal(requested[0].requested_by, editorId, 'the request names who asked');
    await pleat.sql('DELETE FROM pleat_backup.runs');
  });

  test('gets a one-time download token for the latest good backup, or null when there is none', async () => {
    const none = await editor.rpc('backup_download_token');
    assert.equal(none.error, null);
    assert.equal(none.data, null);

    await recordFinishedRun('older.pleatbackup');
    await recordFinishedRun('latest.pleatbackup');
    await recordFinishedRun(null, { status: 'failed', error: 'disk full' });
    const { data, error } = await editor.rpc('backup_download_token');
    assert.equal(error, null);
    assert.match(data, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const { rows } = await pleat.sql('SELECT name FROM pleat_backup.downloads WHERE token = $1', [data]);
    assert.deepEqual(rows, [{ name: 'latest.pleatbackup' }], 'the latest good one, not the failed run after it');
    await pleat.sql('DELETE FROM pleat_backup.runs; DELETE FROM pleat_backup.downloads');
  });
});

describe('the failure mail address', () => {
  test('follows "Send new enquiries to", and falls back to the contact email', async () => {
    const { rows } = await pleat.sql('SELECT email FROM public.contact_info ORDER BY created_at LIMIT 1');
    const contact = rows[0].email;
    assert.ok(contact, 'the seed has a contact email');
    assert.equal(await notifyEmail(), contact.toLowerCase(), 'set when the app was installed');

    const owner = uniqueEmail('owner');
    const saved = await editor.from('notification_settings').update({ notification_email: owner }).eq('id', true).select();
    assert.equal(saved.error, null);
    assert.equal(saved.data.length, 1);
    assert.equal(await notifyEmail(), owner);

    // The contact email changing does not matter while an enquiry address is set.
    const newContact = uniqueEmail('shop');
    const contactSaved = await editor.from('contact_info').update({ email: newContact }).not('id', 'is', null).select('id');
    assert.equal(contactSaved.error, null);
    assert.equal(contactSaved.data.length, 1);
    assert.equal(await notifyEmail(), owner);

    const cleared = await editor.from('notification_settings').update({ notification_email: null }).eq('id', true).select();
    assert.equal(cleared.error, null);
    assert.equal(await notifyEmail(), newContact, 'back to the contact email');

    const noContact = await editor.from('contact_info').update({ email: '' }).not('id', 'is', null).select('id');
    assert.equal(noContact.error, null);
    assert.equal(await notifyEmail(), null, 'nowhere to mail');

    await editor.from('contact_info').update({ email: contact }).not('id', 'is', null);
    assert.equal(await notifyEmail(), contact.toLowerCase());
  });
});
