// /terms and /privacy show the spec's points and lead back to the contact form.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertNoPageErrors, startSite, waitForSectionInView } from './lib/site.mjs';

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

describe('legal pages', () => {
  it('/terms states the returns, refunds and warranty terms', async () => {
    await page.goto(`${site.url}/terms`);
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    const text = await page.locator('main').innerText();
    assert.match(text, /Last updated: October 10, 2025/);
    assert.match(text, /Custom items .* non-refundable, except for defects/);
    assert.match(text, /returned within 30 days .* restocking fee applies/);
    assert.match(text, /workmanship for one \(3\) year/);
    await page.waitForFunction(() => document.title === 'Terms of Service - Pleat Interiors');
  });

  it('/privacy says it is not directed at children under 13', async () => {
    await page.goto(`${site.url}/privacy`);
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    const text = await page.locator('main').innerText();
    assert.match(text, /Last updated: October 10, 2025/);
    assert.match(text, /not directed at children under 13/);
  });

  for (const path of ['/terms', '/privacy']) {
    it(`${path} has a contact block whose 'Contact Us' opens the contact form`, async () => {
      await page.goto(`${site.url}${path}`);
      const block = page.getByRole('region', { name: 'Contact Us' });
      await block.getByText('hello@example.com').waitFor();
      const link = block.getByRole('link', { name: 'Contact Us' });
      assert.equal(await link.getAttribute('href'), '/#contact');
      await link.click();
      await page.waitForURL(`${site.url}/#contact`);
      await waitForSectionInView(page, 'contact');
    });
  }

  it('the footer links reach both pages', async () => {
    await page.goto(`${site.url}/`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    assertNoPageErrors(page);
  });
});
