// The Terms and Privacy pages as content, under their policies through the real supabase-js:
// visitors read both pages (the original text until the owner saves one), only editors
// write, viewers and other accounts change nothing, markup that could run script and an
// over-long body are refused with PostgREST's error, and a page has the other content's
// history, drafts and restore.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPleat } from './lib/pleat.mjs';
import { authClient, createUser, signedIn, uniqueEmail } from './lib/auth.mjs';

let pleat;
before(async () => {
  pleat = await startPleat();
});
after(() => pleat?.stop());

const editor = async () => (await signedIn(pleat, await createUser(pleat, { email: uniqueEmail('editor') }))).client;

async function bodyOf(slug) {
  const { rows } = await pleat.sql(`select body_html, updated_at from legal_pages where slug = $1`, [slug]);
  return rows[0];
}

test('visitors read both pages, the original text (NULL) on a fresh site', async () => {
  const { data, error } = await authClient(pleat).from('legal_pages').select('slug, body_html, updated_at').order('slug');
  assert.equal(error, null);
  assert.deepEqual(
    data.map((page) => [page.slug, page.body_html]),
    [
      ['privacy', null],
      ['terms', null],
    ],
  );
  assert.ok(data.every((page) => typeof page.updated_at === 'string'));
});

test('visitors, accounts without a role and viewers cannot change a page', async () => {
  const stranger = (await signedIn(pleat, await createUser(pleat, { email: uniqueEmail('stranger'), app_metadata: { editor: false } }))).client;
  const viewer = (
    await signedIn(pleat, await createUser(pleat, { email: uniqueEmail('viewer'), app_metadata: { editor: false, viewer: true } }))
  ).client;
  const anon = authClient(pleat);
  const before = await bodyOf('terms');
  for (const [who, client] of [
    ['stranger', stranger],
    ['viewer', viewer],
    ['anon', anon],
  ]) {
    const updated = await client.from('legal_pages').update({ body_html: '<p>Mine now</p>' }).eq('slug', 'terms').select('slug');
    if (who === 'anon') assert.equal(updated.error?.code, '42501', who);
    else assert.deepEqual(updated.data, [], `no row matches an update by a ${who}`);
    const removed = await client.from('legal_pages').delete().eq('slug', 'terms').select('slug');
    assert.equal(removed.error?.code, '42501', `${who} may not delete`);
  }
  const readByViewer = await viewer.from('legal_pages').select('slug');
  assert.equal(readByViewer.error, null);
  assert.equal(readByViewer.data.length, 2);
  assert.deepEqual(await bodyOf('terms'), before);
});

test('an editor saves a page; it is versioned (updated_at) and recorded in the history', async () => {
  const client = await editor();
  const before = await bodyOf('privacy');
  const html = '<h2>Information We Collect</h2><p>Only what you send us.</p>';
  const { data, error } = await client.from('legal_pages').update({ body_html: html }).eq('slug', 'privacy').select('id, body_html, updated_at').single();
  assert.equal(error, null);
  assert.equal(data.body_html, html);
  assert.ok(new Date(data.updated_at) > new Date(before.updated_at), 'the save is the new last updated date');

  const { data: history, error: historyError } = await client
    .from('content_revisions')
    .select('action, data')
    .eq('table_name', 'legal_pages')
    .eq('row_id', data.id)
    .order('id');
  assert.equal(historyError, null);
  assert.deepEqual(
    history.map((r) => [r.action, r.data.body_html]),
    [
      ['insert', null],
      ['update', html],
    ],
  );

  // Back to the original text, by restoring the first revision.
  const [first] = (await client.from('content_revisions').select('id').eq('table_name', 'legal_pages').eq('row_id', data.id).order('id').limit(1)).data;
  const restored = await client.rpc('restore_content_revision', { revision_id: first.id });
  assert.equal(restored.error, null);
  assert.equal(restored.data.slug, 'privacy');
  assert.equal((await bodyOf('privacy')).body_html, null);
});

test('an editor keeps a draft of a page and publishes it', async () => {
  const client = await editor();
  const { data: page } = await client.from('legal_pages').select('id, updated_at').eq('slug', 'terms').single();
  const draft = await client
    .from('content_drafts')
    .insert({ table_name: 'legal_pages', row_id: page.id, data: { body_html: '<p>Drafted terms</p>' }, base_updated_at: page.updated_at });
  assert.equal(draft.error, null);
  assert.equal((await bodyOf('terms')).body_html, null, 'visitors still see the published page');
  const published = await client.rpc('publish_content_draft', { target: 'legal_pages', target_id: page.id });
  assert.equal(published.error, null);
  assert.equal((await bodyOf('terms')).body_html, '<p>Drafted terms</p>');
  await client.from('legal_pages').update({ body_html: null }).eq('slug', 'terms');

  const unknown = await client.from('content_drafts').insert({ table_name: 'contact_messages', row_id: page.id, data: {} });
  assert.equal(unknown.error?.code, '23514', 'only content tables have drafts');
});

test('markup that could run script is refused, and nothing is stored', async () => {
  const client = await editor();
  const before = await bodyOf('terms');
  for (const html of [
    '<p>Terms</p><script>alert(1)</script>',
    '<p>Terms</p><SCRIPT src="https://evil.example/x.js"></SCRIPT>',
    '<p onmouseover="alert(1)">Terms</p>',
    '<p>Terms</p><img src=x onerror=alert(1)>',
    '<a href="javascript:alert(1)">Terms</a>',
    '<a href=" JavaScript:alert(1)">Terms</a>',
    '<iframe src="https://evil.example"></iframe>',
    '<svg><animate onbegin=alert(1)></svg>',
    '<style>body{display:none}</style><p>Terms</p>',
  ]) {
    const { data, error } = await client.from('legal_pages').update({ body_html: html }).eq('slug', 'terms').select('slug');
    assert.equal(data, null, html);
    assert.equal(error?.code, '23514', html);
    assert.match(error.message, /legal_pages_body_html_inert/, html);
  }
  assert.deepEqual(await bodyOf('terms'), before);

  // Words about script are no markup: a policy may say what the site runs.
  const words = '<p>The site needs JavaScript: without it the contact form does not send. Click on=off.</p>';
  const saved = await client.from('legal_pages').update({ body_html: words }).eq('slug', 'terms').select('body_html').single();
  assert.equal(saved.error, null);
  assert.equal(saved.data.body_html, words);
  await client.from('legal_pages').update({ body_html: null }).eq('slug', 'terms');
});

test('a body over 100,000 characters or blank is refused with a PostgREST error naming the limit', async () => {
  const client = await editor();
  const long = `<p>${'a'.repeat(100_000)}</p>`;
  const { error, status } = await client.from('legal_pages').update({ body_html: long }).eq('slug', 'privacy');
  assert.equal(status, 400);
  assert.equal(error?.code, '23514');
  assert.match(error.message, /legal_pages_body_html_length/);
  assert.ok('details' in error && 'hint' in error, 'the PostgREST error shape');
  const blank = await client.from('legal_pages').update({ body_html: '  ' }).eq('slug', 'privacy');
  assert.equal(blank.error?.code, '23514');
  assert.match(blank.error.message, /legal_pages_body_html_not_blank/);
  const exact = `<p>${'a'.repeat(100_000 - 7)}</p>`;
  const fits = await client.from('legal_pages').update({ body_html: exact }).eq('slug', 'privacy').select('slug');
  assert.equal(fits.error, null);
  await client.from('legal_pages').update({ body_html: null }).eq('slug', 'privacy');
});

test('there are only the two pages', async () => {
  const client = await editor();
  const { error } = await client.from('legal_pages').insert({ slug: 'cookies', body_html: '<p>Cookies</p>' });
  assert.equal(error?.code, '23514');
  assert.match(error.message, /legal_pages_slug_known/);
});
