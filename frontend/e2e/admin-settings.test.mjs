// Site Settings: the sections, fields and hints, a colour preset filling both colours
// (and nothing else) with a live preview, the PATCH by id, the messages, and the public
// site using the new colours and title.
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
  await openSection(page, 'Site Settings');
  await page.getByRole('heading', { name: 'Site Settings' }).waitFor();
});
after(async () => {
  await page?.context().close();
  await site?.close();
});

const field = (label) => fieldByLabel(page, label);
const message = () => page.locator('main [data-tone]');
const save = () => page.getByRole('button', { name: 'Save Changes' }).click();

/**
 * The preview button's background once it has settled on `expected` (the button fades
 * between colours, like every button, so a read right after a change can catch it
 * halfway); the last value read when it never does.
 */
async function previewButtonColour(expected) {
  const read = () => page.getByTestId('preview-button').evaluate((el) => getComputedStyle(el).backgroundColor);
  await page
    .waitForFunction(
      (want) => getComputedStyle(document.querySelector('[data-testid="preview-button"]')).backgroundColor === want,
      expected,
      { timeout: 10_000 },
    )
    .catch(() => {});
  return read();
}

describe('site settings', () => {
  it('has its title, subtitle, Preview of / in a new tab, sections, fields and hints', async () => {
    assert.ok(await page.getByText("Manage your site's global settings and branding").isVisible());
    const preview = page.getByRole('link', { name: 'View live site' });
    assert.equal(await preview.getAttribute('href'), '/');
    assert.equal(await preview.getAttribute('target'), '_blank');
    for (const heading of ['Basic Site Information', 'Color Scheme']) {
      assert.ok(await page.getByRole('heading', { name: heading }).isVisible(), heading);
    }
    for (const hint of ['Used for SEO and in the footer', 'Leave empty to use the default icon-based logo']) {
      assert.ok(await page.getByText(hint).isVisible(), hint);
    }
    const { rows } = await site.sql('select * from site_settings');
    assert.equal(await page.getByLabel('Business Name').count(), 0, 'the name is edited in Contact Details');
    assert.equal(await field('Primary Color').inputValue(), rows[0].primary_color);
    assert.equal(await field('Secondary Color').inputValue(), rows[0].secondary_color);
    assert.deepEqual(await page.getByRole('group', { name: 'Presets' }).getByRole('button').allInnerTexts(), [
      'Default',
      'Ocean Blue',
      'Forest Green',
      'Royal Purple',
      'Warm Brown',
      'Modern Gray',
    ]);
  });

  it('a preset fills both colours, keeps the other fields and shows in the live preview', async () => {
    await field('Site Description').fill('Made to measure in Bristol.');
    await page.getByRole('button', { name: 'Ocean Blue' }).click();
    assert.equal(await field('Primary Color').inputValue(), '#0f172a');
    assert.equal(await field('Secondary Color').inputValue(), '#0ea5e9');
    assert.equal(await page.getByLabel('Primary Color picker').inputValue(), '#0f172a');
    assert.equal(await field('Site Description').inputValue(), 'Made to measure in Bristol.');
    assert.equal(await page.getByRole('button', { name: 'Ocean Blue' }).getAttribute('aria-pressed'), 'true');
    const preview = page.getByTestId('color-preview');
    assert.ok(await preview.getByText('Pleat Interiors').isVisible());
    assert.equal(await previewButtonColour('rgb(14, 165, 233)'), 'rgb(14, 165, 233)');
    // A colour typed by hand shows at once too.
    await field('Secondary Color').fill('#10b981');
    assert.equal(await previewButtonColour('rgb(16, 185, 129)'), 'rgb(16, 185, 129)');
    assert.equal(await page.getByRole('button', { name: 'Ocean Blue' }).getAttribute('aria-pressed'), 'false');
    await page.getByRole('button', { name: 'Ocean Blue' }).click();
  });

  it('refuses a colour that is not #rrggbb (the browser blocks it)', async () => {
    const { writes, stop } = recordWrites(page, 'site_settings');
    await field('Primary Color').fill('navy');
    await save();
    assert.equal(await field('Primary Color').evaluate((el) => el.validity.valid), false);
    stop();
    assert.equal(writes.length, 0);
    await field('Primary Color').fill('#0f172a');
  });

  it('saves by id with updated_at and the public site uses the new colours and title', async () => {
    const { rows } = await site.sql('select id from site_settings');
    const { writes, stop } = recordWrites(page, 'site_settings');
    await save();
    await page.getByText('Site settings updated successfully!').waitFor();
    assert.equal(await toneOf(message()), 'success');
    stop();
    assert.equal(writes[0].method, 'PATCH');
    assert.equal(writes[0].url.searchParams.get('id'), `eq.${rows[0].id}`);
    // Guarded on the version the form loaded (lib/table-writes.ts).
    assert.match(writes[0].url.searchParams.get('updated_at') ?? '', /^eq\.\d{4}-/);
    assert.deepEqual(Object.keys(writes[0].body).sort(), [
      'logo_url',
      'price_range',
      'primary_color',
      'secondary_color',
      'site_description',
      'site_language',
      'updated_at',
    ]);
    const { rows: saved } = await site.sql('select site_description, primary_color, secondary_color from site_settings');
    assert.deepEqual(saved, [{ site_description: 'Made to measure in Bristol.', primary_color: '#0f172a', secondary_color: '#0ea5e9' }]);

    const visitor = await site.openPage();
    try {
      await visitor.goto(`${site.url}/`);
      await waitForLanding(visitor);
      await visitor.waitForFunction(() => document.documentElement.style.getPropertyValue('--color-primary') === '#0f172a');
      assert.equal(await visitor.evaluate(() => document.documentElement.style.getPropertyValue('--color-secondary')), '#0ea5e9');
      assert.ok(await visitor.getByRole('contentinfo').getByText('Made to measure in Bristol.').isVisible());
    } finally {
      await visitor.context().close();
    }
  });

  it('says so in red when the save fails', async () => {
    await page.route('**/rest/v1/site_settings?**', (route) =>
      route.request().method() === 'PATCH' ? route.abort('connectionrefused') : route.continue(),
    );
    try {
      await page.getByRole('button', { name: 'Royal Purple' }).click();
      await save();
      await page.getByText('Error saving settings. Please try again.').waitFor();
      assert.equal(await toneOf(message()), 'error');
      assert.equal(await field('Primary Color').inputValue(), '#1e1b4b');
    } finally {
      await page.unroute('**/rest/v1/site_settings?**');
    }
    assertNoPageErrors(page);
  });
});
