// Legal Pages in the admin, on a laptop and a phone: a fresh site shows the original Terms
// with the spec's date; the owner opens the Terms in the rich-text editor, rewords the
// warranty and saves; /terms then shows the new wording dated the day of the save (and
// the sitemap's lastmod follows); "Restore the original text" brings back the spec's
// wording and date. A stored text is rendered through the sanitiser.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { viewports } from './lib/browser.mjs';
import { assertNoPageErrors } from './lib/site.mjs';
import { addOwner, openSection, signIn, startAdminSite } from './lib/admin.mjs';

const ORIGINAL_DATE = 'October 10, 2025';
const ORIGINAL_WARRANTY = 'one (3) year';
const NEW_WARRANTY = 'three (3) years';

let site;
before(async () => {
  site = await startAdminSite();
});
after(async () => {
  await site?.close();
});

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

async function storedTerms() {
  const { rows } = await site.sql(
    `select body_html, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD') as day, updated_at from legal_pages where slug = 'terms'`,
  );
  return rows[0];
}

async function sitemapLastmods() {
  const xml = await (await fetch(`${site.url}/sitemap.xml`)).text();
  const of = (path) => xml.match(new RegExp(`<loc>[^<]*${path}</loc><lastmod>([^<]*)</lastmod>`))?.[1];
  return { terms: of('/terms'), privacy: of('/privacy') };
}

async function termsPageText(page) {
  await page.goto(`${site.url}/terms`);
  await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
  await page.getByText(/^Last updated: /).waitFor();
  // The owner's text comes with the sanitiser, loaded on demand: wait until it shows.
  await page
    .locator('main')
    .getByRole('heading', { name: /Warranty/ })
    .waitFor();
  return page.locator('main').innerText();
}

/** Selects `needle` in the rich-text editor and types `replacement` over it, as the owner would. */
async function retype(editor, needle, replacement) {
  await editor.click();
  await editor.evaluate((root, text) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      const at = node.data.indexOf(text);
      if (at >= 0) {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + text.length);
        const selection = window.getSelection();
        selection.removeAllRanges();
        selection.addRange(range);
        return;
      }
    }
    throw new Error(`"${text}" is not in the editor`);
  }, needle);
  await editor.page().keyboard.type(replacement);
}

for (const [name, options] of [
  ['laptop', { viewport: viewports.desktop }],
  ['phone', { viewport: viewports.mobile, isMobile: true }],
]) {
  describe(`legal pages in the admin (${name})`, () => {
    let page;
    before(async () => {
      await site.sql(`update legal_pages set body_html = null`);
      page = await site.openPage(options);
    });
    after(async () => {
      await page?.context().close();
    });

    it("a fresh site shows the spec's terms and date", async () => {
      const text = await termsPageText(page);
      assert.match(text, new RegExp(`Last updated: ${ORIGINAL_DATE}`));
      assert.match(text, /workmanship for one \(3\) year/);
      assert.deepEqual(await sitemapLastmods(), { terms: '2025-10-10', privacy: '2025-10-10' });
    });

    it('the owner rewords the warranty; /terms shows it, dated the day of the save', async () => {
      await signIn(page, site);
      await openSection(page, 'Legal Pages');
      const terms = page.getByRole('region', { name: 'Terms of Service' });
      await terms.getByText(`Showing the original text, last updated ${ORIGINAL_DATE}.`).waitFor();
      assert.ok(await page.getByRole('region', { name: 'Privacy Policy' }).isVisible());
      assert.equal(await terms.getByRole('link', { name: 'View live site' }).getAttribute('href'), '/terms');
      const editor = terms.getByRole('textbox', { name: 'Page text' });
      await editor.getByText(/workmanship for one \(3\) year/).waitFor();
      assert.equal(await terms.getByRole('button', { name: 'Restore the original text' }).count(), 0, 'nothing to restore yet');

      await retype(editor, ORIGINAL_WARRANTY, NEW_WARRANTY);
      await terms.getByRole('button', { name: 'Save Changes' }).click();
      await terms.getByText('Terms of Service updated successfully!').waitFor();
      const stored = await storedTerms();
      assert.ok(stored.body_html.includes(`workmanship for ${NEW_WARRANTY}`), stored.body_html);
      const savedOn = dateFormat.format(stored.updated_at);
      await terms.getByText(`Your text, last updated ${savedOn}.`).waitFor();

      const text = await termsPageText(page);
      assert.match(text, new RegExp(`Last updated: ${savedOn}`));
      assert.match(text, /workmanship for three \(3\) years from the date of installation/);
      assert.doesNotMatch(text, /one \(3\) year/);
      // The rest of the original text, and the contact block, are still there.
      assert.match(text, /returned within 30 days .* restocking fee applies/);
      await page.getByRole('region', { name: 'Contact Us' }).getByRole('link', { name: 'Contact Us' }).waitFor();
      assert.deepEqual(await sitemapLastmods(), { terms: stored.day, privacy: '2025-10-10' });
      assertNoPageErrors(page);
    });

    it("Restore the original text brings back the spec's wording and date", async () => {
      await page.goto(`${site.url}/admin`);
      await openSection(page, 'Legal Pages');
      const terms = page.getByRole('region', { name: 'Terms of Service' });
      const editor = terms.getByRole('textbox', { name: 'Page text' });
      await editor.getByText(/workmanship for three \(3\) years/).waitFor();
      await terms.getByRole('button', { name: 'Restore the original text' }).click();
      await editor.getByText(/workmanship for one \(3\) year/).waitFor();
      await terms.getByRole('button', { name: 'Save Changes' }).click();
      await terms.getByText('Terms of Service updated successfully!').waitFor();
      await terms.getByText(`Showing the original text, last updated ${ORIGINAL_DATE}.`).waitFor();
      assert.equal((await storedTerms()).body_html, null);

      const text = await termsPageText(page);
      assert.match(text, new RegExp(`Last updated: ${ORIGINAL_DATE}`));
      assert.match(text, /workmanship for one \(3\) year/);
      assert.deepEqual(await sitemapLastmods(), { terms: '2025-10-10', privacy: '2025-10-10' });
      assertNoPageErrors(page);
    });
  });
}

describe('a viewer', () => {
  it('reads the legal pages in the admin but cannot type in them or save', async () => {
    const viewer = { email: 'looker@example.com', password: 'Pleat viewer pass 1' };
    await addOwner(site, viewer);
    await site.sql(`update auth.users set raw_app_meta_data = raw_app_meta_data || '{"editor": false, "viewer": true}' where email = $1`, [
      viewer.email,
    ]);
    const page = await site.openPage({ viewport: viewports.mobile, isMobile: true });
    try {
      await signIn(page, site, viewer);
      await openSection(page, 'Legal Pages');
      const terms = page.getByRole('region', { name: 'Terms of Service' });
      const editor = terms.getByRole('textbox', { name: 'Page text' });
      await editor.getByText(/workmanship for one \(3\) year/).waitFor();
      assert.equal(await editor.getAttribute('contenteditable'), 'false');
      assert.equal(await terms.getByRole('button', { name: 'Save Changes' }).isDisabled(), true);
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });
});

describe('a stored legal text', () => {
  it('is rendered through the sanitiser: a disguised script link loses its address', async () => {
    const page = await site.openPage();
    try {
      await site.sql(
        `update legal_pages set body_html = '<p>Our privacy terms.</p><p><a href="jav&#x61;script:window.__pwned=1">Read more</a></p>' where slug = 'privacy'`,
      );
      await page.goto(`${site.url}/privacy`);
      const link = page.locator('main').getByText('Read more');
      await link.waitFor();
      await link.click();
      assert.equal(await link.getAttribute('href'), null);
      assert.equal(await page.evaluate(() => window.__pwned), undefined);
      assertNoPageErrors(page);
    } finally {
      await site.sql(`update legal_pages set body_html = null where slug = 'privacy'`);
      await page.context().close();
    }
  });
});
