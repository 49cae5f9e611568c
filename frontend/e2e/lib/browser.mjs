// Headless Chromium from the system (never a downloaded browser), driven by playwright-core:
// Debian's chromium-headless-shell when installed (scripts/test installs it), the same
// Chromium build as the `chromium` package without the full browser's windows and their
// UI renderers, which is what Playwright itself runs headless tests on; else `chromium`.
// `npm run e2e` (e2e/run.mjs) starts one Chromium for the whole run and hands its endpoint
// to the test files in E2E_BROWSER_WS_ENDPOINT: a launch costs ~1.75 CPU-seconds on the
// 2-core CI machine and there are ~60 files. A file run on its own launches its own browser.
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { FRONTEND } from './pleat.mjs';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM = process.env.CHROME_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
export const SCREENSHOTS = path.join(FRONTEND, 'test-results', 'screenshots');
const DOWNLOADS = path.join(FRONTEND, 'test-results', 'downloads');
export const BROWSER_ENDPOINT_ENV = 'E2E_BROWSER_WS_ENDPOINT';

export const viewports = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
};

const launchOptions = () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: install chromium-headless-shell with apt (scripts/test does) or set CHROME_PATH`);
  }
  return {
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  };
};

/** The run's one Chromium, which test files connect to (see e2e/run.mjs). */
export function launchBrowserServer() {
  // e2e/run.mjs passes signals to the tests and stops the browser once they have ended.
  return chromium.launchServer({ ...launchOptions(), handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false });
}

/**
 * The browser for a test file: the run's shared Chromium when e2e/run.mjs started one, else a
 * fresh one. Either way `close()` is what a file calls when done: on a connection it closes
 * this file's contexts and disconnects, leaving the shared browser to the other files.
 */
export async function launchBrowser() {
  const endpoint = process.env[BROWSER_ENDPOINT_ENV];
  if (!endpoint) return chromium.launch(launchOptions());
  try {
    return await chromium.connect(endpoint, { timeout: 30_000 });
  } catch (error) {
    throw new Error(`cannot reach the run's shared Chromium at ${endpoint} (did it crash?): ${error.message}`);
  }
}

/**
 * Over a connection Playwright refuses `download.path()`, since the file lives where the browser
 * runs. Here that is this machine, but the tests read downloads by path, so a connected page's
 * downloads answer `path()` with a local copy made by `saveAs()` (under test-results/).
 */
function readableDownloads(page) {
  if (!process.env[BROWSER_ENDPOINT_ENV]) return;
  page.on('download', (download) => {
    let copy;
    download.path = () => {
      copy ??= (async () => {
        mkdirSync(DOWNLOADS, { recursive: true });
        const file = path.join(mkdtempSync(path.join(DOWNLOADS, 'download-')), download.suggestedFilename());
        await download.saveAs(file);
        return file;
      })();
      return copy;
    };
  });
}

/**
 * A page in a fresh context. Uncaught page errors are collected in `page.errors` so a
 * test can assert the app ran without any.
 */
export async function openPage(browser, { viewport = viewports.desktop, isMobile = false, reducedMotion } = {}) {
  const context = await browser.newContext({
    viewport,
    isMobile,
    hasTouch: isMobile,
    deviceScaleFactor: 1,
    reducedMotion,
  });
  context.on('page', readableDownloads);
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (error) => page.errors.push(error));
  // What Chromium reports when the site's Content-Security-Policy blocks something.
  page.cspViolations = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) page.cspViolations.push(message.text());
  });
  page.setDefaultTimeout(10_000);
  return page;
}

export function screenshotPath(name) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return path.join(SCREENSHOTS, name);
}
