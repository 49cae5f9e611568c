// The admin's wording and layout, on a phone and a laptop: photo fields named for what they
// hold, the business name, one Add per list (its position chosen beside the form), an
// honest link to the live site, a skip link, and a section menu that takes one line of a
// phone's screen.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { viewports } from './lib/browser.mjs';
import { assertNoPageErrors } from './lib/site.mjs';
import { fieldByLabel, openSection, signIn, startAdminSite } from './lib/admin.mjs';

let site;
before(async () => {
  site = await startAdminSite();
});
after(() => site?.close());

for (const [label, options] of [
  ['laptop', {}],
  ['phone', { viewport: viewports.mobile, isMobile: true }],
]) {
  describe(`admin wording and layout (${label})`, () => {
    let page;
    before(async () => {
      page = await site.openPage(options);
      await signIn(page, site);
    });
    after(() => page?.context().close());

    it('names the photo fields and the business name for what they are', async () => {
      await fieldByLabel(page, 'Background Photo').waitFor();
      await openSection(page, 'Contact Details');
      await fieldByLabel(page, 'Business Name').waitFor();
      await openSection(page, 'Site Settings');
      await fieldByLabel(page, 'Logo (Optional)').waitFor();
      assert.equal(await page.getByLabel('Business Name').count(), 0, 'the name is edited with the contact details');
      await openSection(page, 'About');
      await fieldByLabel(page, 'About Photo').waitFor();
      for (const old of ['Background Image URL', 'Site Title', 'Logo URL (Optional)', 'About Image URL']) {
        assert.equal(await page.getByText(old, { exact: true }).count(), 0, old);
      }
    });

    it('links to the live site as "View live site"', async () => {
      const link = page.getByRole('link', { name: 'View live site' });
      await link.waitFor();
      assert.equal(await page.getByRole('link', { name: 'Preview', exact: true }).count(), 0);
      assert.match(await link.getAttribute('href'), /#about$/);
    });

    it('offers one Add per list, the position chosen beside the form', async () => {
      for (const [section, add] of [
        ['Services', 'Add Service'],
        ['Portfolio', 'Add Portfolio Item'],
        ['Testimonials', 'Add Testimonial'],
      ]) {
        await openSection(page, section);
        await page.getByRole('button', { name: add }).waitFor();
        assert.equal(await page.locator('main').getByRole('button', { name: /^Add/ }).count(), 1, section);
      }
      await page.getByRole('button', { name: 'Add Testimonial' }).click();
      const position = page.getByLabel('Position in the list');
      assert.equal(await position.inputValue(), 'end');
      assert.deepEqual(await position.locator('option').allInnerTexts(), ['At the end', 'At the top']);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await position.waitFor({ state: 'detached' });
    });

    it('says what Featured does for a project', async () => {
      await openSection(page, 'Portfolio');
      await page.getByRole('button', { name: 'Add Portfolio Item' }).click();
      const featured = page.getByLabel('Featured');
      await featured.waitFor();
      assert.match(
        await featured.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby'))?.textContent ?? ''),
        /shown on the home page/,
      );
      await page.getByRole('button', { name: 'Cancel' }).click();
      await featured.waitFor({ state: 'detached' });
    });

    it('has a skip link to the section shown', async () => {
      await page.goto(`${site.url}/admin`);
      await page.getByText('Welcome, owner@example.com').first().waitFor();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to content' });
      assert.equal(await skip.evaluate((el) => el === document.activeElement), true);
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.activeElement?.id === 'main');
      assertNoPageErrors(page);
    });
  });
}

describe('section menu', () => {
  it('takes one line of a phone, scrolled to the chosen section; a column on a laptop', async () => {
    const phone = await site.openPage({ viewport: viewports.mobile, isMobile: true });
    const laptop = await site.openPage();
    try {
      await signIn(phone, site);
      const nav = phone.getByRole('navigation', { name: 'Admin sections' });
      const box = await nav.boundingBox();
      assert.ok(box.height <= 64, `the menu is ${box.height} px high on a 844 px phone`);
      await openSection(phone, 'Account');
      const account = nav.getByRole('button', { name: 'Account', exact: true });
      await phone.waitForFunction(
        (el) => {
          const r = el.getBoundingClientRect();
          return r.left >= -1 && r.right <= window.innerWidth + 1;
        },
        await account.elementHandle(),
      );
      await signIn(laptop, site);
      const buttons = laptop.getByRole('navigation', { name: 'Admin sections' }).getByRole('button');
      const first = await buttons.first().boundingBox();
      const second = await buttons.nth(1).boundingBox();
      assert.ok(second.y > first.y && Math.abs(second.x - first.x) < 2, 'a column on a laptop');
      assertNoPageErrors(phone);
    } finally {
      await phone.context().close();
      await laptop.context().close();
    }
  });
});
