// Helpers of the admin end-to-end tests: a site with an owner account made by the real
// `pleat user add`, signing in through the form, moving between sections, and answering
// the admin's in-app confirmation questions.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { startSite } from './site.mjs';

export const OWNER = { email: 'owner@example.com', password: 'Pleat owner pass 1' };

/** Runs `pleat user add EMAIL` against the site's database, the password on stdin. */
export async function addOwner(site, { email, password } = OWNER) {
  const child = spawn(site.bin, ['user', 'add', email], { env: site.env, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  child.stdin.end(`${password}\n`);
  const code = await new Promise((resolve) => child.once('exit', resolve));
  assert.equal(code, 0, `pleat user add failed: ${output}`);
}

/** A fresh pleat and browser, with the owner account. */
export async function startAdminSite(options) {
  const site = await startSite(options);
  try {
    await addOwner(site);
  } catch (error) {
    await site.close();
    throw error;
  }
  return site;
}

export async function fillSignIn(page, { email, password }) {
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Opens /admin and signs in as the owner; resolves once the admin area shows. */
export async function signIn(page, site, credentials = OWNER) {
  await page.goto(`${site.url}/admin`);
  await page.getByRole('heading', { name: 'Content Management' }).waitFor();
  await fillSignIn(page, credentials);
  await page.getByText(`Welcome, ${credentials.email}`).first().waitFor();
}

export async function openSection(page, label) {
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('button', { name: label, exact: true }).click();
}

/**
 * Answers the next in-app confirmation dialog (features/admin/guard/confirm-dialog.tsx)
 * with `accept`, and resolves to its question once asked. Call before the click that asks.
 */
export async function answerConfirm(page, accept) {
  const dialog = page.getByTestId('confirm-dialog');
  await dialog.waitFor();
  const text = await dialog.getByTestId('confirm-message').innerText();
  const buttons = dialog.getByRole('button');
  // The first button is the safe answer (Cancel / Keep editing), the last confirms.
  await (accept ? buttons.last() : buttons.first()).click();
  await dialog.waitFor({ state: 'detached' });
  return { text, type: 'confirm' };
}

/** Polls `read` until it returns `expected` (deletions are sent after their undo window). */
export async function eventually(read, expected, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  let value = await read();
  while (JSON.stringify(value) !== JSON.stringify(expected) && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    value = await read();
  }
  assert.deepEqual(value, expected);
}

/** The parsed JSON bodies of the REST writes the page makes to `table`, as they are sent. */
export function recordWrites(page, table) {
  const writes = [];
  const listener = (request) => {
    const url = new URL(request.url());
    if (!url.pathname.endsWith(`/rest/v1/${table}`) || request.method() === 'GET') return;
    writes.push({ method: request.method(), url, body: request.postData() ? JSON.parse(request.postData()) : null });
  };
  page.on('request', listener);
  return { writes, stop: () => page.off('request', listener) };
}

/** A form field by its label, ignoring the required marker ('Title*' is the field 'Title'). */
export function fieldByLabel(scope, label) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByLabel(new RegExp(`^${escaped}\\s*\\*?$`));
}

/** The colour of a status message: 'success' (green) or 'error' (red). */
export async function toneOf(locator) {
  return locator.getAttribute('data-tone');
}
