// The landing page renders with the data pleat inlined into it: every section has its
// content after load without any scroll, key or touch, crawlers without JavaScript read
// the main content in the served HTML, and a slow API does not hold the page.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertNoPageErrors, startSite, withoutInlinedData } from './lib/site.mjs';

let site;
before(async () => {
  site = await startSite();
});
after(async () => {
  await site?.close();
});

/** Every section of the landing page shows its seeded content (checked at once, no waiting). */
async function assertEverySectionShown(page) {
  const visible = async (locator, what) => assert.ok(await locator.first().isVisible(), what);
  const {
    rows: [hero],
  } = await site.sql('select title from hero_content');
  assert.equal(await page.locator('#hero h1').innerText(), hero.title);
  const { rows: services } = await site.sql('select title from services order by sort_order');
  assert.deepEqual(
    await page.locator('#services h3').allInnerTexts(),
    services.map((s) => s.title),
  );
  const { rows: featured } = await site.sql('select title from portfolio_items where featured order by sort_order limit 6');
  assert.deepEqual(
    await page.locator('#portfolio [data-testid="portfolio-card"] h3').allInnerTexts(),
    featured.map((p) => p.title),
  );
  const {
    rows: [about],
  } = await site.sql('select title from about_content');
  await visible(page.locator('#about').getByRole('heading', { name: about.title }), 'about');
  const { rows: reviews } = await site.sql('select name from testimonials');
  assert.equal(await page.locator('[data-testid="testimonial"]').count(), reviews.length);
  const contact = page.locator('#contact');
  for (const label of ['First Name', 'Last Name', 'Email', 'Message']) {
    await visible(contact.getByLabel(label, { exact: false }), label);
  }
  await visible(contact.getByRole('button', { name: 'Send Message' }), 'the send button');
  const {
    rows: [info],
  } = await site.sql('select phone from contact_info');
  await visible(contact.getByText(info.phone), 'the phone number');
  const {
    rows: [settings],
  } = await site.sql('select site_title from site_settings');
  await visible(page.getByRole('contentinfo').getByText(settings.site_title), 'the footer');
  assert.equal(await page.locator('[aria-busy="true"]').count(), 0, 'no section is still loading');
}

describe('the landing page with its inlined data', () => {
  it('shows every section after load, with no scroll, key or touch, and reads nothing from the API', async () => {
    const page = await site.openPage();
    const api = [];
    // The page's view sent to the site's statistics (after load) is a count, not a read.
    page.on('request', (request) => {
      const url = request.url();
      if (/\/(rest|auth)\/v1\//.test(url) && !url.endsWith('/rest/v1/rpc/record_page_view')) api.push(url);
    });
    await page.goto(`${site.url}/`, { waitUntil: 'load' });
    await page.waitForTimeout(300);
    await assertEverySectionShown(page);
    assert.deepEqual(api, [], 'the page needed no API call');
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    assertNoPageErrors(page);
    await page.context().close();
  });

  it('shows its content at once while the API has not answered', async () => {
    const page = await site.openPage();
    // Every API call is held until the page has been checked: whatever it shows, it
    // showed without an answer from the API.
    let release;
    const held = new Promise((resolve) => (release = resolve));
    let answered = 0;
    await page.route('**/rest/v1/**', async (route) => {
      await held;
      answered += 1;
      await route.continue().catch(() => {});
    });
    await page.goto(`${site.url}/`, { waitUntil: 'load' });
    await page.locator('#contact').getByRole('button', { name: 'Send Message' }).waitFor();
    await assertEverySectionShown(page);
    assert.equal(answered, 0, 'shown before any API answer');
    release();
    assertNoPageErrors(page);
    await page.context().close();
  });

  it('falls back to reading the API when the page carries no data', async () => {
    const page = await site.openPage();
    await withoutInlinedData(page, `${site.url}/`);
    await page.goto(`${site.url}/`);
    await page.locator('[data-testid="testimonial"]').first().waitFor();
    await assertEverySectionShown(page);
    assertNoPageErrors(page);
    await page.context().close();
  });
});

describe('the served HTML, without JavaScript', () => {
  it('contains the hero title, the services and the featured projects as text', async () => {
    const html = await (await fetch(`${site.url}/`)).text();
    const text = html
      .replace(/<script[\s\S]*?<\/script>/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&amp;/g, '&');
    const {
      rows: [hero],
    } = await site.sql('select title from hero_content');
    assert.ok(text.includes(hero.title), 'the hero title');
    const { rows: services } = await site.sql('select title, description from services order by sort_order');
    for (const service of services) {
      assert.ok(text.includes(service.title), service.title);
      assert.ok(text.includes(service.description), service.description);
    }
    const { rows: featured } = await site.sql('select title from portfolio_items where featured order by sort_order limit 6');
    for (const item of featured) assert.ok(text.includes(item.title), item.title);
  });
});
