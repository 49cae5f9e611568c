// Metadata and JSON-LD: written by the app from the database, and (once pleat writes
// them into the HTML it serves) present before any JavaScript runs.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSite, waitForLanding } from './lib/site.mjs';

let site;
let page;
before(async () => {
  site = await startSite();
  page = await site.openPage();
});
after(async () => {
  await page?.context().close();
  await site?.close();
});

const meta = (selector) => page.locator(`head ${selector}`).getAttribute('content');

async function jsonLd() {
  await page.waitForFunction(() => document.querySelectorAll('script[type="application/ld+json"]').length > 0);
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.flatMap((t) => JSON.parse(t)['@graph'] ?? [JSON.parse(t)]);
}

describe('metadata after the app runs', () => {
  it('sets the title, description, sharing tags and canonical link on /', async () => {
    await page.goto(`${site.url}/`);
    await waitForLanding(page);
    await page.waitForFunction(() => document.querySelector('link[rel="canonical"]'));
    const { rows } = await site.sql('select site_description from site_settings');
    assert.equal(await page.title(), 'Pleat Interiors - Custom Curtains, Blinds & Furniture Covers');
    assert.equal(await meta('meta[name="description"]'), rows[0].site_description);
    assert.equal(await meta('meta[property="og:title"]'), 'Pleat Interiors - Custom Curtains, Blinds & Furniture Covers');
    assert.equal(await meta('meta[property="og:description"]'), rows[0].site_description);
    assert.equal(await meta('meta[property="og:image"]'), `${site.url}/images/hero-share.jpg`);
    assert.equal(await meta('meta[property="og:url"]'), `${site.url}/`);
    assert.equal(await meta('meta[property="og:type"]'), 'website');
    assert.equal(await meta('meta[name="twitter:card"]'), 'summary_large_image');
    assert.equal(await page.locator('link[rel="canonical"]').getAttribute('href'), `${site.url}/`);
    assert.equal(await page.locator('head meta[name="description"]').count(), 1);
  });

  it('describes the business as JSON-LD', async () => {
    const graph = await jsonLd();
    const of = (type) => graph.filter((node) => node['@type'] === type);
    assert.equal(of('Organization').length, 1);
    const [business] = of('LocalBusiness');
    const {
      rows: [info],
    } = await site.sql('select * from contact_info');
    assert.equal(business.name, 'Pleat Interiors');
    assert.equal(business.openingHours, info.business_hours);
    assert.equal(business.priceRange, '$$');
    assert.equal(business.telephone, info.phone);
    assert.equal(business.email, info.email);
    assert.equal(business.address.streetAddress, info.address);
    assert.equal(of('WebSite')[0].potentialAction['@type'], 'SearchAction');
    assert.deepEqual(
      of('BreadcrumbList')[0].itemListElement.map((i) => i.name),
      ['Home', 'Services', 'Portfolio', 'Contact'],
    );
    const { rows: services } = await site.sql('select title from services order by sort_order');
    assert.deepEqual(
      of('Service').map((s) => s.name),
      services.map((s) => s.title),
    );
    const { rows: testimonials } = await site.sql('select name, rating from testimonials order by sort_order');
    assert.deepEqual(
      of('Review').map((r) => [r.author.name, r.reviewRating.ratingValue, r.reviewRating.bestRating]),
      testimonials.map((t) => [t.name, t.rating, 5]),
    );
  });

  it('uses the default opening hours when contact_info has none', async () => {
    await site.sql('update contact_info set business_hours = null');
    try {
      await page.goto(`${site.url}/`);
      await waitForLanding(page);
      await page.waitForFunction(() => document.getElementById('structured-data'));
      const business = (await jsonLd()).find((n) => n['@type'] === 'LocalBusiness');
      assert.equal(business.openingHours, 'Mo-Fr 09:00-18:00, Sa 10:00-16:00');
    } finally {
      await site.sql(`update contact_info set business_hours = 'Mo-Fr 09:00-18:00, Sa 10:00-16:00'`);
    }
  });

  it('gives /portfolio its own title and canonical link', async () => {
    await page.goto(`${site.url}/portfolio`);
    await page.waitForFunction(() => document.title.startsWith('Our Portfolio'));
    assert.equal(await page.title(), 'Our Portfolio - Pleat Interiors');
    assert.equal(await page.locator('link[rel="canonical"]').getAttribute('href'), `${site.url}/portfolio`);
  });

  it('follows site_settings: title, colours as CSS variables, logo', async () => {
    await site.sql(`update site_settings set site_title = 'Drape & Co', primary_color = '#0f172a',
      secondary_color = '#0ea5e9', logo_url = '/favicon.svg'`);
    await page.goto(`${site.url}/`);
    await waitForLanding(page);
    await page.waitForFunction(() => document.title.startsWith('Drape & Co'));
    assert.equal(await page.title(), 'Drape & Co - Custom Curtains, Blinds & Furniture Covers');
    const vars = await page.evaluate(() => {
      const style = getComputedStyle(document.documentElement);
      return [style.getPropertyValue('--color-primary').trim(), style.getPropertyValue('--color-secondary').trim()];
    });
    assert.deepEqual(vars, ['#0f172a', '#0ea5e9']);
    const headerBg = await page
      .locator('#contact > div > div')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    assert.equal(headerBg, 'rgb(15, 23, 42)');
    assert.equal(await page.getByRole('banner').locator('img').getAttribute('src'), '/favicon.svg');
    assert.ok(await page.getByRole('banner').getByText('Drape & Co').isVisible());
  });
});

describe('metadata in the served HTML (no JavaScript)', () => {
  it('has the title, description and JSON-LD before the app runs', async () => {
    const html = await (await fetch(`${site.url}/`)).text();
    assert.ok(html.includes('application/ld+json'), 'the served HTML carries JSON-LD');
    assert.match(html, /<title>[^<]+ - Custom Curtains, Blinds &amp; Furniture Covers<\/title>/);
    assert.match(html, /<meta[^>]+property="og:title"/);
    assert.match(html, /<link[^>]+rel="canonical"/);
    const json = html.match(/<script[^>]*application\/ld\+json[^>]*>([\s\S]*?)<\/script>/)[1];
    const graph = JSON.parse(json)['@graph'];
    assert.ok(graph.some((n) => n['@type'] === 'LocalBusiness'));
  });
});
