// One pleat (fresh seeded database) and one browser for a test file, plus helpers the
// files share.
import assert from 'node:assert/strict';
import { launchBrowser, openPage } from './browser.mjs';
import { startPleat } from './pleat.mjs';

export const HEADER_HEIGHT = 64;

export async function startSite(options) {
  const pleat = await startPleat(options);
  let browser;
  try {
    browser = await launchBrowser();
  } catch (error) {
    await pleat.stop();
    throw error;
  }
  const pages = [];
  return {
    ...pleat,
    browser,
    async openPage(pageOptions) {
      const page = await openPage(browser, pageOptions);
      pages.push(page);
      return page;
    },
    /** Stops pleat and the browser; fails when any page broke the site's CSP. */
    async close() {
      await browser.close();
      await pleat.stop();
      const violations = pages.flatMap((page) => page.cspViolations);
      assert.deepEqual(violations, [], 'a page broke its Content-Security-Policy');
    },
  };
}

/** Waits until the section sits right under the fixed header (or the page cannot scroll further). */
export async function waitForSectionInView(page, id) {
  await page.waitForFunction(
    ({ id, header }) => {
      const el = document.getElementById(id);
      if (!el) return false;
      const top = el.getBoundingClientRect().top;
      const atTop = window.scrollY === 0;
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      return Math.abs(top - header) <= 2 || (atTop && top >= 0 && top <= header) || (atBottom && top >= 0 && top < window.innerHeight);
    },
    { id, header: HEADER_HEIGHT },
  );
}

/** Waits until the landing page has its content (no loading text left), without touching it. */
export async function waitForLanding(page) {
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForFunction(() => {
    const text = document.body.innerText;
    return !/Loading (services|about content|testimonials)\.\.\./.test(text) && !document.querySelector('[aria-busy="true"]');
  });
}

/**
 * Serves the page at `url` without the data pleat inlined into it, as a page from another
 * host (vite dev, a static host) would come: the app then reads everything from the API.
 */
export async function withoutInlinedData(page, url) {
  await page.route(url, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(/<script type="application\/json" id="pleat-data">[\s\S]*?<\/script>/, '');
    await route.fulfill({ response, body: html });
  });
}

export function assertNoPageErrors(page) {
  assert.deepEqual(
    page.errors.map((e) => e.message),
    [],
    'the page threw',
  );
  assert.deepEqual(page.cspViolations, [], 'the page broke its Content-Security-Policy');
}
