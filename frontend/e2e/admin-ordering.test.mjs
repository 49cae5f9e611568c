// Ordering: services reordered by dragging a row's handle and by the keyboard (Move up /
// Move down, announced), each move saved in one request to set_sort_order, and the
// public page following; one Add, with "At the top" chosen beside the form, puts a new
// service first; a visitor cannot reorder.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertNoPageErrors, waitForLanding } from './lib/site.mjs';
import { fieldByLabel, openSection, signIn, startAdminSite } from './lib/admin.mjs';

let site;
let page;
before(async () => {
  site = await startAdminSite();
  page = await site.openPage();
  await signIn(page, site);
  await openSection(page, 'Services');
  await page.getByTestId('service-item').first().waitFor();
});
after(async () => {
  await page?.context().close();
  await site?.close();
});

const names = () => page.getByTestId('reorder-name').allInnerTexts();
async function storedOrder() {
  const { rows } = await site.sql('select title from services order by sort_order, title');
  return rows.map((r) => r.title);
}
async function publicOrder() {
  const visitor = await site.openPage();
  try {
    await visitor.goto(`${site.url}/`);
    await waitForLanding(visitor);
    return await visitor.locator('#services h3').allInnerTexts();
  } finally {
    await visitor.context().close();
  }
}
/** Waits (up to 10 s) until the database holds `expected`; each move saves in the background. */
async function waitForStored(expected) {
  for (let i = 0; i < 100; i++) {
    if (JSON.stringify(await storedOrder()) === JSON.stringify(expected)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.deepEqual(await storedOrder(), expected);
}
/** The order-saving requests the page sends while `action` runs. */
async function orderRequests(action) {
  const sent = [];
  const listener = (request) => {
    if (request.url().includes('/rest/v1/rpc/set_sort_order')) sent.push(JSON.parse(request.postData()));
  };
  page.on('request', listener);
  try {
    await action();
  } finally {
    page.off('request', listener);
  }
  return sent;
}

const SEED = ['Custom Curtains', 'Window Blinds', 'Furniture Covers', 'Design Consultation', 'Measurement & Installation'];

describe('ordering services', () => {
  it('moves a service by dragging its handle', async () => {
    await page.getByRole('button', { name: 'Change Order' }).click();
    await page.getByTestId('reorder-list').waitFor();
    assert.deepEqual(await names(), SEED);
    const expected = ['Design Consultation', 'Custom Curtains', 'Window Blinds', 'Furniture Covers', 'Measurement & Installation'];
    const sent = await orderRequests(async () => {
      const handle = page.getByTestId('reorder-handle').nth(3);
      const target = await page.getByTestId('reorder-row').nth(0).boundingBox();
      const box = await handle.boundingBox();
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      for (let step = 1; step <= 8; step++) {
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + ((target.y + 4 - box.y) * step) / 8);
      }
      await page.mouse.up();
      await page.getByRole('status').filter({ hasText: 'Design Consultation moved to position 1 of 5.' }).waitFor({ state: 'attached' });
      await waitForStored(expected);
    });
    assert.deepEqual(await names(), expected);
    assert.equal(sent.length, 1, 'one request saves the whole order');
    assert.equal(sent[0].target, 'services');
    assert.equal(sent[0].ids.length, 5);
    assert.deepEqual(await publicOrder(), expected);
  });

  it('moves a service with the keyboard and announces it', async () => {
    const down = page.getByRole('button', { name: 'Move Custom Curtains down' });
    await down.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Custom Curtains moved to position 3 of 5.' }).waitFor({ state: 'attached' });
    // Focus stays on the moved row's button, so pressing again moves it further.
    assert.ok(await down.evaluate((el) => el === document.activeElement));
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Custom Curtains moved to position 4 of 5.' }).waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Move Measurement & Installation up' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Measurement & Installation moved to position 4 of 5.' })
      .waitFor({ state: 'attached' });
    const expected = ['Design Consultation', 'Window Blinds', 'Furniture Covers', 'Measurement & Installation', 'Custom Curtains'];
    assert.deepEqual(await names(), expected);
    await waitForStored(expected);
    assert.deepEqual(await publicOrder(), expected);
    await page.getByRole('button', { name: 'Done' }).click();
    assert.deepEqual(await page.getByTestId('service-item').locator('h3').allInnerTexts(), expected);
  });

  it('offers one Add per list, and puts a service added "At the top" first', async () => {
    assert.equal(await page.getByRole('button', { name: /^Add/ }).count(), 1);
    await page.getByRole('button', { name: 'Add Service' }).click();
    await page.getByLabel('Position in the list').selectOption({ label: 'At the top' });
    await fieldByLabel(page, 'Title').fill('Curtain Cleaning');
    await fieldByLabel(page, 'Description').fill('Gentle cleaning of lined curtains, taken down and rehung.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByTestId('service-item').first().filter({ hasText: 'Curtain Cleaning' }).waitFor();
    assert.equal((await publicOrder())[0], 'Curtain Cleaning');
    assertNoPageErrors(page);
  });

  it('refuses a visitor who calls set_sort_order', async () => {
    const anonKey = await page.evaluate(() => window.__PLEAT_CONFIG__.anonKey);
    const before = await storedOrder();
    const res = await fetch(`${site.url}/rest/v1/rpc/set_sort_order`, {
      method: 'POST',
      headers: { apikey: anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ target: 'services', ids: [] }),
    });
    assert.equal(res.status, 401);
    assert.deepEqual(await storedOrder(), before);
  });
});
