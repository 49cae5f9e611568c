// The site's texts (site_texts) and the sample marks, under their policies through the
// real supabase-js: everyone reads the spec's texts on a fresh site, only editors change
// them (a signed-in stranger and a viewer cannot), a category still used by a project
// cannot be removed while a new one can be used at once, "Keep as is" records a checklist
// key, and editing a shipped sample clears its mark while reordering does not.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from '@supabase/supabase-js';
import { startPleat } from './lib/pleat.mjs';
import { createUser, signedIn, uniqueEmail } from './lib/auth.mjs';

let pleat;
let anon;
let editor;
let stranger;
let viewer;
before(async () => {
  pleat = await startPleat();
  anon = createClient(pleat.url, pleat.anonKey, {
    auth: { persistSession: false },
  });
  editor = (await signedIn(pleat, await createUser(pleat))).client;
  stranger = (await signedIn(pleat, await createUser(pleat, { app_metadata: { editor: false } }))).client;
  viewer = (
    await signedIn(
      pleat,
      await createUser(pleat, {
        email: uniqueEmail('viewer'),
        app_metadata: { editor: false, viewer: true },
      }),
    )
  ).client;
});
after(() => pleat?.stop());

async function texts() {
  const { rows } = await pleat.sql('select * from site_texts');
  assert.equal(rows.length, 1);
  return rows[0];
}

test('a visitor reads the spec texts of a fresh site', async () => {
  const { data, error } = await anon.from('site_texts').select('*').single();
  assert.equal(error, null);
  assert.equal(data.services_heading, 'Our Services');
  assert.equal(data.testimonials_heading, 'What Our Clients Say');
  assert.equal(data.contact_heading, 'Get Your Free Quote');
  assert.equal(data.reply_promise, 'within 24 hours');
  assert.equal(data.title_suffix, ' - Custom Curtains, Blinds & Furniture Covers');
  assert.deepEqual(data.about_stats, [
    { value: '100%', label: 'Client Satisfaction' },
    { value: '5★', label: 'Average Rating' },
  ]);
  assert.equal(data.show_about_stats, true);
  assert.deepEqual(
    data.footer_services,
    ['Custom Curtains', 'Window Blinds', 'Furniture Covers', 'Design Consultation'],
    "the footer lists the spec's four services",
  );
  assert.deepEqual(
    data.portfolio_categories.map((c) => c.value),
    ['curtains', 'blinds', 'furniture-covers', 'other'],
  );
  assert.deepEqual(data.confirmed_defaults, []);
});

test('visitors, signed-in strangers and viewers cannot change the texts', async () => {
  const before = await texts();
  for (const [who, client] of [
    ['anon', anon],
    ['stranger', stranger],
    ['viewer', viewer],
  ]) {
    const update = await client.from('site_texts').update({ services_heading: 'Hacked' }).eq('id', before.id).select('id');
    assert.ok(update.error || update.data.length === 0, `${who} updated`);
    const insert = await client.from('site_texts').insert({ services_heading: 'Second' });
    assert.ok(insert.error, `${who} inserted`);
    const removed = await client.from('site_texts').delete().eq('id', before.id).select('id');
    assert.ok(removed.error || removed.data.length === 0, `${who} deleted`);
    const kept = await client.rpc('confirm_site_default', {
      item: 'claim:about-stats',
    });
    assert.ok(kept.error, `${who} confirmed a default`);
  }
  const after = await texts();
  assert.equal(after.services_heading, 'Our Services');
  assert.deepEqual(after.confirmed_defaults, []);
  assert.equal(after.updated_at.getTime(), before.updated_at.getTime());
});

test('an editor changes the texts, and each change is a revision', async () => {
  const row = await texts();
  const { data, error } = await editor
    .from('site_texts')
    .update({
      services_heading: 'What We Make',
      reply_promise: 'the same day',
      about_stats: [{ value: '4.8★', label: 'Average Rating' }],
      footer_services: ['Re-upholstery'],
    })
    .eq('id', row.id)
    .select()
    .single();
  assert.equal(error, null);
  assert.equal(data.services_heading, 'What We Make');
  assert.deepEqual(data.footer_services, ['Re-upholstery']);
  const { rows } = await pleat.sql(`select action from content_revisions where table_name = 'site_texts' order by id`);
  assert.deepEqual(
    rows.map((r) => r.action),
    ['insert', 'update'],
  );
  const second = await editor.from('site_texts').insert({});
  assert.ok(second.error, 'there is one row of texts');
});

test('badly shaped stats, services or categories are refused with the check that failed', async () => {
  const { id, portfolio_categories: categories } = await texts();
  for (const [values, constraint] of [
    [{ about_stats: [{ value: '', label: 'Rating' }] }, 'site_texts_about_stats_shape'],
    [{ about_stats: { value: '1' } }, 'site_texts_about_stats_shape'],
    [{ footer_services: [42] }, 'site_texts_footer_services_shape'],
    [
      {
        portfolio_categories: [...categories, { value: 'Not A Slug', label: 'X' }],
      },
      'site_texts_portfolio_categories_shape',
    ],
    [{ portfolio_categories: [...categories, { value: 'extra', label: ' ' }] }, 'site_texts_portfolio_categories_shape'],
    [
      {
        portfolio_categories: [...categories, { value: 'curtains', label: 'Again' }],
      },
      'site_texts_portfolio_categories_shape',
    ],
    [{ services_heading: '   ' }, 'site_texts_headings_not_blank'],
  ]) {
    const { error } = await editor.from('site_texts').update(values).eq('id', id);
    assert.equal(error?.code, '23514', JSON.stringify(values));
    assert.match(error.message, new RegExp(constraint));
  }
});

test('a new category can be used at once; one still used by a project cannot be removed', async () => {
  const row = await texts();
  const refused = await editor.from('portfolio_items').insert({
    title: 'Headboard',
    category: 'upholstery',
    image_url: '/x.jpg',
  });
  assert.equal(refused.error?.code, '23514');
  assert.match(refused.error.message, /not one of the portfolio's categories/);

  const categories = [...row.portfolio_categories, { value: 'upholstery', label: 'Re-upholstery' }];
  const added = await editor.from('site_texts').update({ portfolio_categories: categories }).eq('id', row.id);
  assert.equal(added.error, null);
  const project = await editor
    .from('portfolio_items')
    .insert({ title: 'Headboard', category: 'upholstery', image_url: '/x.jpg' })
    .select('id')
    .single();
  assert.equal(project.error, null);

  const removing = categories.filter((c) => c.value !== 'upholstery');
  const inUse = await editor.from('site_texts').update({ portfolio_categories: removing }).eq('id', row.id);
  assert.equal(inUse.error?.code, '23514');
  assert.equal(inUse.error.message, 'the category "Re-upholstery" is still used by 1 project');
  assert.match(inUse.error.hint, /Move those projects to another category first/);

  // Renaming keeps the value, so the project keeps its category.
  const renamed = categories.map((c) => (c.value === 'upholstery' ? { ...c, label: 'Upholstery' } : c));
  assert.equal((await editor.from('site_texts').update({ portfolio_categories: renamed }).eq('id', row.id)).error, null);

  assert.equal((await editor.from('portfolio_items').delete().eq('id', project.data.id)).error, null);
  assert.equal((await editor.from('site_texts').update({ portfolio_categories: removing }).eq('id', row.id)).error, null);
});

test('"Keep as is" records a checklist key once; an editor only', async () => {
  const first = await editor.rpc('confirm_site_default', {
    item: 'claim:about-stats',
  });
  assert.equal(first.error, null);
  const again = await editor.rpc('confirm_site_default', {
    item: 'claim:about-stats',
  });
  const name = await editor.rpc('confirm_site_default', {
    item: 'business-name',
  });
  assert.equal(again.error, null);
  assert.deepEqual(name.data, ['claim:about-stats', 'business-name']);
  const bad = await editor.rpc('confirm_site_default', { item: 'Not a key!' });
  assert.equal(bad.error?.code, '22023');
  assert.deepEqual((await texts()).confirmed_defaults, ['claim:about-stats', 'business-name']);
});

test('the shipped testimonials and projects are samples until edited; a visitor cannot clear the mark', async () => {
  const { rows: testimonials } = await pleat.sql('select name, is_sample from testimonials order by sort_order');
  assert.deepEqual(
    testimonials.map((t) => t.is_sample),
    [true, true, true],
  );
  const { rows: projects } = await pleat.sql(`select count(*)::int as n from portfolio_items where is_sample`);
  assert.equal(projects[0].n, 6);

  const [first] = (await editor.from('testimonials').select('id, sort_order').order('sort_order')).data;
  const moved = await editor
    .from('testimonials')
    .update({ sort_order: 7, featured: false })
    .eq('id', first.id)
    .select('is_sample')
    .single();
  assert.equal(moved.data.is_sample, true, 'reordering or unfeaturing is no edit');
  const edited = await editor.from('testimonials').update({ content: 'Our own words.' }).eq('id', first.id).select('is_sample').single();
  assert.equal(edited.data.is_sample, false);

  const project = (await editor.from('portfolio_items').select('id').eq('is_sample', true).limit(1).single()).data;
  const renamed = await editor.from('portfolio_items').update({ title: 'Our Lounge' }).eq('id', project.id).select('is_sample').single();
  assert.equal(renamed.data.is_sample, false);

  const sneaky = await anon.from('testimonials').update({ is_sample: false }).eq('is_sample', true).select('id');
  assert.ok(sneaky.error || sneaky.data.length === 0);
  const { rows } = await pleat.sql(`select count(*)::int as n from testimonials where is_sample`);
  assert.equal(rows[0].n, 2);
});

test('a draft of the texts is kept apart from the live row until published, and a revision restores', async () => {
  // As the API gives it: the version to the microsecond.
  const { data: row } = await editor.from('site_texts').select('id, updated_at').single();
  const draft = await editor.from('content_drafts').insert({
    table_name: 'site_texts',
    row_id: row.id,
    data: { contact_heading: 'Ask Us Anything' },
    base_updated_at: row.updated_at,
  });
  assert.equal(draft.error, null);
  const live = await anon.from('site_texts').select('contact_heading').single();
  assert.equal(live.data.contact_heading, 'Get Your Free Quote', 'a visitor never sees a draft');

  const published = await editor.rpc('publish_content_draft', {
    target: 'site_texts',
    target_id: row.id,
  });
  assert.equal(published.error, null);
  assert.equal(published.data.contact_heading, 'Ask Us Anything');

  const { rows } = await pleat.sql(`select id from content_revisions where table_name = 'site_texts' and action = 'insert'`);
  const restored = await editor.rpc('restore_content_revision', {
    revision_id: rows[0].id,
  });
  assert.equal(restored.error, null);
  assert.equal(restored.data.contact_heading, 'Get Your Free Quote');
});
