// The second app in examples/notes runs on the same pleat binary with its own
// migrations and page: users sign up, keep notes only they can see, and none of
// the curtains site's schema or page is there.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPleat } from './lib/pleat.mjs';
import { PASSWORD, authClient, uniqueEmail } from './lib/auth.mjs';

const EXAMPLE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../examples/notes');

describe('examples/notes on pleat', () => {
  let pleat;
  before(async () => {
    pleat = await startPleat({
      env: {
        PLEAT_MIGRATIONS_DIR: path.join(EXAMPLE, 'migrations'),
        PLEAT_SITE_DIR: path.join(EXAMPLE, 'site'),
        PLEAT_DISABLE_SIGNUP: 'false',
      },
    });
  });
  after(() => pleat?.stop());

  async function signUp() {
    const client = authClient(pleat);
    const email = uniqueEmail('notes');
    const { data, error } = await client.auth.signUp({ email, password: PASSWORD });
    assert.equal(error, null);
    assert.ok(data.session, 'signup signs the user in');
    return { client, id: data.user.id };
  }

  test('each user sees and changes only their own notes', async () => {
    const ada = await signUp();
    const bob = await signUp();
    const added = await ada.client.from('notes').insert({ body: 'Ada: buy linen' }).select().single();
    assert.equal(added.error, null);
    assert.equal(added.data.user_id, ada.id, 'user_id defaults to auth.uid()');
    assert.equal((await bob.client.from('notes').insert({ body: 'Bob: call the client' })).error, null);

    const adas = await ada.client.from('notes').select('body');
    assert.deepEqual(adas.data, [{ body: 'Ada: buy linen' }]);
    const bobs = await bob.client.from('notes').select('body');
    assert.deepEqual(bobs.data, [{ body: 'Bob: call the client' }]);

    // Bob can neither change Ada's note nor write one in her name.
    const edited = await bob.client.from('notes').update({ body: 'hacked' }).eq('id', added.data.id).select();
    assert.deepEqual(edited.data, []);
    const forged = await bob.client.from('notes').insert({ body: 'forged', user_id: ada.id });
    assert.equal(forged.error?.code, '42501');
    const deleted = await bob.client.from('notes').delete().eq('id', added.data.id).select();
    assert.deepEqual(deleted.data, []);
    assert.deepEqual((await ada.client.from('notes').select('body')).data, [{ body: 'Ada: buy linen' }]);
  });

  test('anonymous visitors read nothing', async () => {
    const anon = authClient(pleat);
    const { data, error } = await anon.from('notes').select('*');
    assert.equal(data, null);
    assert.equal(error.code, '42501');
  });

  test('the page served is the notes app, with the runtime config', async () => {
    const res = await fetch(`${pleat.url}/`);
    assert.equal(res.status, 200);
    const html = await res.text();
    assert.match(html, /<title>Notes<\/title>/);
    assert.match(html, /window\.__PLEAT_CONFIG__=/);
    assert.doesNotMatch(html, /curtain/i);
  });

  test('nothing of the curtains site is in its database', async () => {
    const { rows } = await pleat.sql(
      `select table_name from information_schema.tables where table_schema = 'public' order by 1`,
    );
    assert.deepEqual(rows.map((r) => r.table_name), ['notes']);
  });
});
