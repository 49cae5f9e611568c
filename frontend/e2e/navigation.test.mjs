// Header links scroll to their sections, the title scrolls to the hero, and below md the
// links sit in a menu that closes after a pick.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { viewports } from './lib/browser.mjs';
import { startSite, waitForLanding, waitForSectionInView } from './lib/site.mjs';

const links = [
  ['Services', 'services'],
  ['Portfolio', 'portfolio'],
  ['About', 'about'],
  ['Testimonials', 'testimonials'],
  ['Contact', 'contact'],
  ['Home', 'hero'],
];

let site;
before(async () => {
  site = await startSite();
});
after(async () => {
  await site?.close();
});

describe('desktop header', () => {
  let page;
  before(async () => {
    page = await site.openPage();
    await page.goto(`${site.url}/`);
    await waitForLanding(page);
  });
  after(async () => page.context().close());

  it('is fixed and 64 px high', async () => {
    const header = page.getByRole('banner');
    const box = await header.boundingBox();
    assert.equal(box.height, 64);
    assert.equal(await header.evaluate((el) => getComputedStyle(el).position), 'fixed');
    assert.equal(await page.getByRole('button', { name: 'Open menu' }).isVisible(), false);
  });

  for (const [label, id] of links) {
    it(`'${label}' scrolls to #${id}`, async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
      await waitForSectionInView(page, id);
      assert.equal(new URL(page.url()).pathname, '/');
    });
  }

  it('the site title scrolls back to the hero', async () => {
    await page.evaluate(() => window.scrollTo(0, 2000));
    await page.getByRole('banner').getByRole('link', { name: 'Pleat Interiors' }).click();
    await page.waitForFunction(() => window.scrollY === 0);
  });

  it('the hero buttons scroll to the portfolio and the contact form', async () => {
    await page.getByRole('button', { name: 'View Our Work' }).click();
    await waitForSectionInView(page, 'portfolio');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Get Quote' }).click();
    await waitForSectionInView(page, 'contact');
  });

  it('footer quick links scroll too', async () => {
    await page.getByRole('contentinfo').getByRole('link', { name: 'Services' }).click();
    await waitForSectionInView(page, 'services');
  });

  it('from another page, a section link opens the landing page at that section', async () => {
    await page.goto(`${site.url}/terms`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Testimonials' }).click();
    await page.waitForURL(`${site.url}/#testimonials`);
    await waitForLanding(page);
    await waitForSectionInView(page, 'testimonials');
  });
});

describe('mobile menu', () => {
  it('toggles, and closes after a link is picked', async () => {
    const page = await site.openPage({ viewport: viewports.mobile, isMobile: true });
    try {
      await page.goto(`${site.url}/`);
      await waitForLanding(page);
      assert.equal(await page.getByRole('navigation', { name: 'Main' }).isVisible(), false);
      const toggle = page.getByRole('button', { name: 'Open menu' });
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
      await toggle.click();
      const menu = page.getByRole('navigation', { name: 'Mobile' });
      assert.ok(await menu.isVisible());
      assert.equal(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded'), 'true');
      assert.deepEqual(await menu.getByRole('link').allInnerTexts(), ['Home', 'Services', 'Portfolio', 'About', 'Testimonials', 'Contact']);

      await page.getByRole('button', { name: 'Close menu' }).click();
      assert.equal(await menu.isVisible(), false);

      await page.getByRole('button', { name: 'Open menu' }).click();
      await menu.getByRole('link', { name: 'About' }).click();
      assert.equal(await page.getByRole('navigation', { name: 'Mobile' }).count(), 0);
      await waitForSectionInView(page, 'about');
      assert.equal(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded'), 'false');
    } finally {
      await page.context().close();
    }
  });
});
