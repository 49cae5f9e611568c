// The photos' focal points (root migration 20261127002001) through the real supabase-js:
// a visitor reads them with the rows they belong to; only an editor changes them; a value
// that is not 'X Y' in whole percentages (or empty, the centre) is refused with the check's
// error, and nothing stored changes.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from '@supabase/supabase-js';
import { startPleat } from './lib/pleat.mjs';
import { createUser, signedIn } from './lib/auth.mjs';

let pleat;
let editor;
let stranger;
let item;
const visitor = () => createClient(pleat.url, pleat.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
const stored = async () =>
  (await pleat.sql('select image_focus from portfolio_items where id = $1', [item.id])).rows[0].image_focus;
const heroFocus = async () => (await pleat.sql('select background_focus from hero_content')).rows[0].background_focus;

before(async () => {
  pleat = await startPleat();
  editor = (await signedIn(pleat, await createUser(pleat))).client;
  stranger = (await signedIn(pleat, await createUser(pleat, { app_metadata: { editor: false } }))).client;
  item = (await pleat.sql(`select id, images from portfolio_items order by sort_order limit 1`)).rows[0];
});
after(() => pleat?.stop());

describe('portfolio_items.image_focus', () => {
  test('starts empty (every photo centred) and a visitor reads it', async () => {
    const { data, error } = await visitor().from('portfolio_items').select('id, image_focus').eq('id', item.id).single();
    assert.equal(error, null);
    assert.deepEqual(data, { id: item.id, image_focus: [] });
  });

  test('an editor sets one per photo; a visitor then reads exactly that', async () => {
    const { data, error } = await editor
      .from('portfolio_items')
      .update({ image_focus: ['30 70', '', '100 0'] })
      .eq('id', item.id)
      .select('image_focus')
      .single();
    assert.equal(error, null);
    assert.deepEqual(data.image_focus, ['30 70', '', '100 0']);
    const read = await visitor().from('portfolio_items').select('image_focus').eq('id', item.id).single();
    assert.deepEqual(read.data.image_focus, ['30 70', '', '100 0']);
  });

  test('neither a visitor nor a signed-in non-editor can change it', async () => {
    for (const client of [visitor(), stranger]) {
      const { data, error } = await client.from('portfolio_items').update({ image_focus: ['0 0'] }).eq('id', item.id).select();
      // Row-level security hides the row from the update: nothing matched, nothing changed.
      assert.ok(error !== null || data.length === 0, JSON.stringify({ data, error }));
    }
    assert.deepEqual(await stored(), ['30 70', '', '100 0']);
  });

  test('refuses a point outside 0-100, a fraction, CSS words or a null entry', async () => {
    for (const bad of [['101 5'], ['-1 5'], ['30.5 70'], ['30% 70%'], ['left top'], ['30'], [null]]) {
      const { error } = await editor.from('portfolio_items').update({ image_focus: bad }).eq('id', item.id);
      assert.equal(error?.code, '23514', `${JSON.stringify(bad)}: ${JSON.stringify(error)}`);
      assert.match(error.message, /portfolio_items_image_focus_(valid|no_nulls)/);
    }
    assert.deepEqual(await stored(), ['30 70', '', '100 0']);
  });
});

describe('hero_content.background_focus', () => {
  test('a visitor reads it (none: the centre); an editor sets it; a bad value is refused', async () => {
    const first = await visitor().from('hero_content').select('background_focus').single();
    assert.deepEqual(first.data, { background_focus: null });
    const { data: hero } = await editor.from('hero_content').select('id').single();
    const set = await editor.from('hero_content').update({ background_focus: '55 30' }).eq('id', hero.id).select('background_focus').single();
    assert.equal(set.error, null);
    assert.equal((await visitor().from('hero_content').select('background_focus').single()).data.background_focus, '55 30');

    const bad = await editor.from('hero_content').update({ background_focus: '55 300' }).eq('id', hero.id);
    assert.equal(bad.error?.code, '23514');
    const strange = await stranger.from('hero_content').update({ background_focus: '0 0' }).eq('id', hero.id).select();
    assert.ok(strange.error !== null || strange.data.length === 0);
    assert.equal(await heroFocus(), '55 30');
  });
});
