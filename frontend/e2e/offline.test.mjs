// A brief network drop, and an upgrade under an open tab, on the real pleat: the project
// popup on /portfolio tapped offline says so with "Try again" (the page stays) and opens
// once back online; the contact form sent offline says the server cannot be reached,
// works as soon as the network is back, and keeps what was typed across a reload until
// it is sent; Add Portfolio Item offline keeps the admin and its form, and the editor
// loads with Try again once online; a public or admin tab whose chunks were replaced by
// an upgrade reloads itself once and goes on, and when a chunk stays missing it asks for
// a reload rather than looping. At phone and laptop sizes.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { viewports } from './lib/browser.mjs';
import { FRONTEND } from './lib/pleat.mjs';
import { openSection, signIn, startAdminSite } from './lib/admin.mjs';
import { assertNoPageErrors, startSite, waitForLanding } from './lib/site.mjs';

const PROJECT = 'Living Room Linen Drapes';
const sizes = [
  ['phone', { viewport: viewports.mobile, isMobile: true }],
  ['laptop', { viewport: viewports.desktop }],
];

/** A page of `site` at one of the sizes, closed (with its context) after `fn`. */
async function withPage(site, options, fn) {
  const page = await site.openPage(options);
  try {
    await fn(page);
  } finally {
    await page.context().close();
  }
}

/** The errors a page may log while offline: the failed loads themselves, nothing else. */
function unexpectedErrors(page) {
  return page.errors.filter((error) => !/Failed to fetch dynamically imported module|Unable to preload CSS/.test(error.message));
}

const card = (page) => page.getByRole('button', { name: PROJECT }).first();
const dialog = (page) => page.getByRole('dialog');

describe('a network drop on the public pages', () => {
  let site;
  before(async () => {
    site = await startSite();
  });
  after(async () => {
    await site?.close();
  });

  for (const [size, options] of sizes) {
    it(`/portfolio (${size}): a project tapped offline offers Try again and keeps the page; online it opens`, () =>
      withPage(site, options, async (page) => {
        await page.goto(`${site.url}/portfolio`);
        await card(page).waitFor();
        await page.context().setOffline(true);
        await card(page).click();
        const notice = page.getByRole('alert').filter({ hasText: "This project couldn't be opened." });
        await notice.waitFor();
        assert.ok(await page.getByRole('heading', { level: 1, name: 'Our Portfolio' }).isVisible(), 'the page is still there');
        assert.ok(await card(page).isVisible());

        await page.context().setOffline(false);
        await notice.getByRole('button', { name: 'Try again' }).click();
        await dialog(page).getByRole('heading', { name: PROJECT }).waitFor();
        assert.equal(await notice.count(), 0);
        await page.keyboard.press('Escape');
        await dialog(page).waitFor({ state: 'detached' });
        // And again by a tap, as a visitor would.
        await card(page).click();
        await dialog(page).getByRole('heading', { name: PROJECT }).waitFor();
        assert.deepEqual(unexpectedErrors(page), []);
      }));

    it(`/portfolio (${size}): closing the notice and tapping again once online opens the project`, () =>
      withPage(site, options, async (page) => {
        await page.goto(`${site.url}/portfolio`);
        await card(page).waitFor();
        await page.context().setOffline(true);
        await card(page).click();
        const notice = page.getByRole('alert').filter({ hasText: "This project couldn't be opened." });
        await notice.waitFor();
        await page.getByRole('button', { name: 'Close', exact: true }).click();
        await notice.waitFor({ state: 'detached' });
        await page.context().setOffline(false);
        await card(page).click();
        await dialog(page).getByRole('heading', { name: PROJECT }).waitFor();
      }));

    it(`contact form (${size}): sent offline it says so, keeps the message across a reload, sends once online and then forgets it`, () =>
      withPage(site, options, async (page) => {
        await page.goto(`${site.url}/#contact`);
        await waitForLanding(page);
        const contact = page.locator('#contact');
        const field = (label) => contact.getByLabel(label, { exact: false }).first();
        const message = `Made-to-measure linen for two bay windows (${size})`;
        await field('First Name').fill('Olive');
        await field('Last Name').fill('Offline');
        await field('Email').fill('olive@example.com');
        await field('Message').fill(message);

        await page.context().setOffline(true);
        await contact.getByRole('button', { name: 'Send Message' }).click();
        const alert = contact.getByRole('alert');
        await alert.waitFor();
        assert.match(await alert.innerText(), /Can't reach the server\. Check your connection and try again\./);
        assert.equal(await field('Message').inputValue(), message);

        // A reload (the visitor's, or the page's own after an upgrade) keeps what was typed.
        await page.context().setOffline(false);
        await page.reload();
        await waitForLanding(page);
        assert.equal(await field('First Name').inputValue(), 'Olive');
        assert.equal(await field('Message').inputValue(), message);

        // Offline again, then back: the next Send goes through.
        await page.context().setOffline(true);
        await contact.getByRole('button', { name: 'Send Message' }).click();
        await contact.getByRole('alert').waitFor();
        await page.context().setOffline(false);
        await contact.getByRole('button', { name: 'Send Message' }).click();
        await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
        const { rows } = await site.sql('select first_name, message from contact_messages where message = $1', [message]);
        assert.deepEqual(rows, [{ first_name: 'Olive', message }]);

        // Sent: a reload shows an empty form.
        await page.reload();
        await waitForLanding(page);
        assert.equal(await field('First Name').inputValue(), '');
        assert.equal(await field('Message').inputValue(), '');
        assert.deepEqual(unexpectedErrors(page), []);
      }));
  }
});

describe('a network drop in the admin', () => {
  let site;
  before(async () => {
    site = await startAdminSite();
  });
  after(async () => {
    await site?.close();
  });

  for (const [size, options] of sizes) {
    it(`Add Portfolio Item offline (${size}): the admin and the form stay, the editor loads with Try again once online`, () =>
      withPage(site, options, async (page) => {
        await signIn(page, site);
        await openSection(page, 'Portfolio');
        await page.getByRole('button', { name: 'Add Portfolio Item' }).waitFor();
        await page.context().setOffline(true);
        await page.getByRole('button', { name: 'Add Portfolio Item' }).click();
        const form = page.getByTestId('portfolio-form');
        const notice = form.getByRole('alert').filter({ hasText: "This part couldn't be loaded." });
        await notice.waitFor();
        assert.ok(await page.getByText('Welcome, owner@example.com').first().isVisible(), 'the admin is still there');
        await form.getByLabel(/^Title/).fill('Offline drapes');

        await page.context().setOffline(false);
        await notice.getByRole('button', { name: 'Try again' }).click();
        const editor = form.locator('.ql-editor');
        await editor.waitFor();
        await editor.click();
        await page.keyboard.type('Typed once the network was back.');
        await form.getByText('Typed once the network was back.').waitFor();
        assert.equal(await form.getByLabel(/^Title/).inputValue(), 'Offline drapes');
        // Quill's own stylesheet came with it (the failed one was not left in the way).
        assert.equal(await form.locator('.ql-toolbar').evaluate((el) => getComputedStyle(el).borderStyle), 'solid');
        assert.deepEqual(unexpectedErrors(page), []);
      }));
  }
});

/**
 * A copy of the built site that can be "upgraded" in place: every script gets a new name
 * (as a new build's hashes would), references included, so the old names are gone.
 */
function upgradableSite() {
  const dir = mkdtempSync(path.join(tmpdir(), 'pleat-upgrade-'));
  cpSync(path.join(FRONTEND, 'dist'), dir, { recursive: true });
  return {
    dir,
    upgrade() {
      const assets = path.join(dir, 'assets');
      const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
      const renamed = new Map(scripts.map((name) => [name, name.replace(/\.js$/, '-next.js')]));
      const rewrite = (file) => {
        let text = readFileSync(file, 'utf8');
        for (const [from, to] of renamed) text = text.replaceAll(from, to);
        writeFileSync(file, text);
      };
      for (const name of readdirSync(assets)) {
        if (name.endsWith('.br') || name.endsWith('.gz')) rmSync(path.join(assets, name));
      }
      for (const name of scripts) rewrite(path.join(assets, name));
      rewrite(path.join(dir, 'index.html'));
      for (const [from, to] of renamed) renameSync(path.join(assets, from), path.join(assets, to));
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

describe('an upgrade under an open tab', () => {
  for (const [size, options] of sizes) {
    it(`(${size}) the tab whose chunks are gone reloads itself once and opens the project`, async () => {
      const copy = upgradableSite();
      const site = await startSite({ env: { PLEAT_SITE_DIR: copy.dir } });
      try {
        await withPage(site, options, async (page) => {
          await page.goto(`${site.url}/portfolio`);
          await card(page).waitFor();
          const missing = [];
          page.on('response', (response) => response.status() === 404 && missing.push(new URL(response.url()).pathname));
          copy.upgrade();
          // The old tab still runs the old build; its popup chunk is gone now.
          await page.evaluate(() => (window.__beforeUpgrade = true));
          await card(page).click();
          await dialog(page).getByRole('heading', { name: PROJECT }).waitFor({ timeout: 20_000 });
          assert.equal(await page.evaluate(() => window.__beforeUpgrade), undefined, 'the page was reloaded');
          assert.ok(
            missing.some((name) => /project-dialog-[\w-]+\.js$/.test(name) && !name.includes('-next')),
            'the old chunk was asked for',
          );
          assert.ok(await page.evaluate(() => [...document.scripts].some((s) => s.src.includes('-next.js'))), 'the new build runs');
          assertNoPageErrors(page);
        });
      } finally {
        await site.close();
        copy.remove();
      }
    });
  }

  it('a chunk still missing after that one reload asks for a reload, never loops', async () => {
    const site = await startSite();
    try {
      await withPage(site, {}, async (page) => {
        await page.route(/\/assets\/project-dialog-[\w-]+\.js/, (route) => route.fulfill({ status: 404, body: 'not found' }));
        let loads = 0;
        page.on('load', () => loads++);
        await page.goto(`${site.url}/portfolio`);
        await card(page).waitFor();
        await card(page).click();
        // Reloaded once (the shared link reopens the project), then the notice: no second reload.
        const notice = page.getByRole('alert').filter({ hasText: 'The site has been updated since this page was opened.' });
        await notice.waitFor({ timeout: 20_000 });
        assert.equal(loads, 2);
        assert.ok(await page.getByRole('heading', { level: 1, name: 'Our Portfolio' }).isVisible());
        // The visitor decides: the button reloads (and the guard still stops a loop).
        const reloaded = page.waitForEvent('load');
        await notice.getByRole('button', { name: 'Reload page' }).click();
        await reloaded;
        await notice.waitFor({ timeout: 20_000 });
        assert.equal(loads, 3);
      });
    } finally {
      await site.close();
    }
  });

  it('(admin) a tab open across an upgrade reloads itself once when it needs the editor, and Add Portfolio Item works', async () => {
    const copy = upgradableSite();
    const site = await startAdminSite({ env: { PLEAT_SITE_DIR: copy.dir } });
    try {
      await withPage(site, {}, async (page) => {
        await signIn(page, site);
        await openSection(page, 'Portfolio');
        await page.getByRole('button', { name: 'Add Portfolio Item' }).waitFor();
        copy.upgrade();
        await page.evaluate(() => (window.__beforeUpgrade = true));
        await page.getByRole('button', { name: 'Add Portfolio Item' }).click();
        // The page reloads itself (nothing was typed yet, so nothing is asked) into the new build.
        await page.waitForFunction(() => window.__beforeUpgrade === undefined, null, { timeout: 20_000 });
        await page.getByText('Welcome, owner@example.com').first().waitFor();
        await openSection(page, 'Portfolio');
        await page.getByRole('button', { name: 'Add Portfolio Item' }).click();
        await page.getByTestId('portfolio-form').locator('.ql-editor').waitFor();
        assert.ok(await page.evaluate(() => [...document.scripts].some((s) => s.src.includes('-next.js'))), 'the new build runs');
        assertNoPageErrors(page);
      });
    } finally {
      await site.close();
      copy.remove();
    }
  });
});
