// Headless Chromium from the system (never a downloaded browser), driven by playwright-core.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { FRONTEND } from './pleat.mjs';

export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const SCREENSHOTS = path.join(FRONTEND, 'test-results', 'screenshots');

export const viewports = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
};

export async function launchBrowser() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: install Chromium with apt (scripts/test does) or set CHROME_PATH`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
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
