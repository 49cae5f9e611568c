// The two single-row editors, hero and about: their fields, the required message, the
// exact PATCH by id (or the insert when the row is missing), 'Saving...', the green and
// red messages, and the landing page showing what was saved.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertNoPageErrors, waitForLanding } from './lib/site.mjs';
import { fieldByLabel, openSection, recordWrites, signIn, startAdminSite, toneOf } from './lib/admin.mjs';

let site;
let page;
before(async () => {
  site = await startAdminSite();
  page = await site.openPage();
  await signIn(page, site);
});
after(async () => {
  await page?.context().close();
  await site?.close();
});

async function landing() {
  const visitor = await site.openPage();
  await visitor.goto(`${site.url}/`);
  await waitForLanding(visitor);
  return visitor;
}

const field = (label) => fieldByLabel(page, label);
const save = () => page.getByRole('button', { name: 'Save Changes' }).click();
const message = () => page.locator('main [data-tone]');

describe('hero editor', () => {
  before(async () => {
    await openSection(page, 'Hero Section');
    await field('Title').waitFor();
  });

  it('shows the stored hero in its five fields', async () => {
    const { rows } = await site.sql('select * from hero_content');
    assert.equal(await field('Title').inputValue(), rows[0].title);
    assert.equal(await field('Subtitle').inputValue(), rows[0].subtitle);
    assert.equal(await field('Background Photo').inputValue(), rows[0].background_image);
    assert.equal(await field('Primary Button Text').inputValue(), rows[0].cta_text);
    assert.equal(await field('Secondary Button Text').inputValue(), rows[0].cta_secondary_text);
  });

  it('asks for a title and a subtitle, in red, without saving', async () => {
    const { writes, stop } = recordWrites(page, 'hero_content');
    await field('Title').fill('   ');
    await save();
    assert.equal(await message().innerText(), 'Title and subtitle are required.');
    assert.equal(await toneOf(message()), 'error');
    await field('Title').fill('Soft furnishings, made to measure');
    await field('Subtitle').fill('');
    await save();
    assert.equal(await message().innerText(), 'Title and subtitle are required.');
    stop();
    assert.equal(writes.length, 0);
    await page.reload();
    await field('Title').waitFor();
  });

  it("saves trimmed values by id with updated_at, 'Saving...' meanwhile, then the landing page shows them", async () => {
    const { rows } = await site.sql('select id, updated_at from hero_content');
    const { writes, stop } = recordWrites(page, 'hero_content');
    let release;
    const held = new Promise((resolve) => (release = resolve));
    await page.route('**/rest/v1/hero_content?**', async (route) => {
      if (route.request().method() === 'PATCH') await held;
      await route.continue();
    });
    await field('Title').fill('  Curtains that fit your windows  ');
    await field('Subtitle').fill(' Measured, made and fitted by us ');
    await field('Primary Button Text').fill(' See the work ');
    await save();
    const busy = page.getByRole('button', { name: 'Saving...' });
    await busy.waitFor();
    assert.ok(await busy.isDisabled());
    release();
    await page.getByText('Hero content updated successfully!').waitFor();
    assert.equal(await toneOf(message()), 'success');
    await page.unroute('**/rest/v1/hero_content?**');
    stop();

    assert.equal(writes.length, 1);
    const [write] = writes;
    assert.equal(write.method, 'PATCH');
    assert.equal(write.url.searchParams.get('id'), `eq.${rows[0].id}`);
    // Only over the version the form loaded: another tab's save in between is not overwritten.
    assert.equal(Date.parse(write.url.searchParams.get('updated_at').replace(/^eq\./, '')), rows[0].updated_at.getTime());
    assert.deepEqual(Object.keys(write.body).sort(), [
      'background_focus',
      'background_image',
      'background_image_alt',
      'cta_secondary_text',
      'cta_text',
      'subtitle',
      'title',
      'updated_at',
    ]);
    assert.equal(write.body.title, 'Curtains that fit your windows');
    assert.ok(Math.abs(Date.parse(write.body.updated_at) - Date.now()) < 60_000);
    // Read again after saving: the form shows the stored, trimmed values.
    await page.waitForFunction(() => document.querySelector('input[name="title"]')?.value === 'Curtains that fit your windows');

    const visitor = await landing();
    try {
      assert.equal(await visitor.locator('#hero h1').innerText(), 'Curtains that fit your windows');
      assert.ok(await visitor.getByText('Measured, made and fitted by us').isVisible());
      assert.ok(await visitor.locator('#hero').getByRole('button', { name: 'See the work' }).isVisible());
    } finally {
      await visitor.context().close();
    }
  });

  it('says so in red when the save fails, keeping what was typed', async () => {
    await page.route('**/rest/v1/hero_content?**', (route) =>
      route.request().method() === 'PATCH' ? route.abort('connectionrefused') : route.continue(),
    );
    try {
      await field('Title').fill('Not saved');
      await save();
      await page.getByText('Error saving content. Please try again.').waitFor();
      assert.equal(await toneOf(message()), 'error');
      assert.equal(await field('Title').inputValue(), 'Not saved');
    } finally {
      await page.unroute('**/rest/v1/hero_content?**');
    }
    const { rows } = await site.sql('select title from hero_content');
    assert.equal(rows[0].title, 'Curtains that fit your windows');
  });

  it('inserts the row when there is none', async () => {
    await site.sql('delete from hero_content');
    await page.reload();
    await field('Title').waitFor();
    // The failed save's values came back after the reload (kept until saved or discarded).
    await page.getByTestId('restored-draft').getByRole('button', { name: 'Discard' }).click();
    assert.equal(await field('Title').inputValue(), 'Transform Your Space');
    const { writes, stop } = recordWrites(page, 'hero_content');
    await field('Title').fill('A fresh start');
    await save();
    await page.getByText('Hero content updated successfully!').waitFor();
    stop();
    assert.equal(writes[0].method, 'POST');
    assert.equal(writes[0].body.id, undefined);
    const { rows } = await site.sql('select title from hero_content');
    assert.deepEqual(
      rows.map((r) => r.title),
      ['A fresh start'],
    );
    assertNoPageErrors(page);
  });
});

describe('about editor', () => {
  before(async () => {
    await openSection(page, 'About');
    await field('Section Title').waitFor();
  });

  it('has its title, subtitle, hints and a Preview of the about section in a new tab', async () => {
    assert.ok(await page.getByRole('heading', { name: 'About Section' }).isVisible());
    assert.ok(await page.getByText('Manage your about section content and statistics').isVisible());
    for (const label of ['Section Title', 'About Content', 'About Photo', 'Years of Experience', 'Projects Completed']) {
      assert.ok(await field(label).isVisible(), label);
    }
    assert.ok(await page.getByText('This text appears in the about section of the landing page.').isVisible());
    assert.ok(await page.getByText('How many years you have been in business').isVisible());
    assert.ok(await page.getByText('Total number of projects completed').isVisible());
    assert.equal(await field('Years of Experience').getAttribute('min'), '0');
    assert.equal(await field('Projects Completed').getAttribute('min'), '0');
    const preview = page.getByRole('link', { name: 'View live site' });
    assert.equal(await preview.getAttribute('href'), '/#about');
    assert.equal(await preview.getAttribute('target'), '_blank');
  });

  it('saves by id and the landing page shows the new title and numbers', async () => {
    const { rows } = await site.sql('select id, updated_at from about_content');
    const { writes, stop } = recordWrites(page, 'about_content');
    await field('Section Title').fill(' Our Workroom ');
    await field('Years of Experience').fill('17');
    await field('Projects Completed').fill('1234');
    await save();
    await page.getByText('About content updated successfully!').waitFor();
    assert.equal(await toneOf(message()), 'success');
    stop();
    assert.equal(writes[0].method, 'PATCH');
    assert.equal(writes[0].url.searchParams.get('id'), `eq.${rows[0].id}`);
    assert.ok(writes[0].url.searchParams.get('updated_at').startsWith('eq.'));
    assert.equal(Date.parse(writes[0].url.searchParams.get('updated_at').slice(3)), rows[0].updated_at.getTime());
    assert.deepEqual(Object.keys(writes[0].body).sort(), [
      'content',
      'image_alt',
      'image_url',
      'projects_completed',
      'title',
      'updated_at',
      'years_experience',
    ]);
    assert.equal(writes[0].body.years_experience, 17);

    const visitor = await landing();
    try {
      const about = visitor.locator('#about');
      assert.ok(await about.getByRole('heading', { name: 'Our Workroom' }).isVisible());
      assert.ok(await about.getByText('17+', { exact: true }).isVisible());
      assert.ok(await about.getByText('1234+', { exact: true }).isVisible());
    } finally {
      await visitor.context().close();
    }
  });

  it('says so in red when the save fails', async () => {
    await page.route('**/rest/v1/about_content?**', (route) =>
      route.request().method() === 'PATCH' ? route.abort('connectionrefused') : route.continue(),
    );
    try {
      await field('Section Title').fill('Not saved');
      await save();
      await page.getByText('Error saving content. Please try again.').waitFor();
      assert.equal(await toneOf(message()), 'error');
      assert.equal(await field('Section Title').inputValue(), 'Not saved');
    } finally {
      await page.unroute('**/rest/v1/about_content?**');
    }
  });

  it('inserts the row, without an id, when there is none', async () => {
    await site.sql('delete from about_content');
    await page.reload();
    // The section is page state: a reload starts again at the hero.
    await openSection(page, 'About');
    await field('Section Title').waitFor();
    // The failed save's values came back after the reload (kept until saved or discarded).
    await page.getByTestId('restored-draft').getByRole('button', { name: 'Discard' }).click();
    assert.equal(await field('Years of Experience').inputValue(), '0');
    const { writes, stop } = recordWrites(page, 'about_content');
    await field('Section Title').fill('About us');
    await field('About Content').fill('We make curtains.');
    await save();
    await page.getByText('About content updated successfully!').waitFor();
    stop();
    assert.equal(writes[0].method, 'POST');
    assert.equal(writes[0].body.id, undefined);
    const { rows } = await site.sql('select title, years_experience from about_content');
    assert.deepEqual(rows, [{ title: 'About us', years_experience: 0 }]);
    assertNoPageErrors(page);
  });
});
