// The project popup: gallery navigation, counter, dots, thumbnails, auto-advance and
// pause, closing by Escape, backdrop and button, scroll lock and focus.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { assertNoPageErrors, startSite, waitForLanding, waitForSectionInView } from './lib/site.mjs';

let site;
let page;
before(async () => {
  site = await startSite();
  // A project with three photos, so cycling is visible.
  await site.sql(`update portfolio_items set images = array[
      '/images/portfolio/living-room-curtains-1.svg',
      '/images/portfolio/living-room-curtains-2.svg',
      '/images/portfolio/bedroom-blackout-curtains-1.svg']
    where title = 'Living Room Linen Drapes'`);
  page = await site.openPage();
  await page.clock.install();
  await page.goto(`${site.url}/`);
  await waitForLanding(page);
});
after(async () => {
  await page?.context().close();
  await site?.close();
});

const dialog = () => page.getByRole('dialog');
const counter = () => dialog().getByTestId('gallery-counter').innerText();
const card = (title) => page.locator('#portfolio').getByRole('button', { name: title });

async function openProject(title = 'Living Room Linen Drapes') {
  await card(title).click();
  await dialog().waitFor();
}

async function closed() {
  await dialog().waitFor({ state: 'detached' });
}

describe('project popup from the landing page', () => {
  beforeEach(async () => {
    if (await dialog().count()) {
      await page.keyboard.press('Escape');
      await closed();
    }
  });

  it('opens from a card with the project, focus inside and the page locked', async () => {
    await page.evaluate(() => window.scrollTo(0, 1200));
    await openProject();
    assert.ok(await dialog().getByRole('heading', { name: 'Living Room Linen Drapes' }).isVisible());
    assert.equal(await dialog().getAttribute('aria-modal'), 'true');
    assert.ok(await dialog().evaluate((el) => el.contains(document.activeElement)));
    assert.equal(await page.evaluate(() => getComputedStyle(document.body).overflow), 'hidden');
    const y = await page.evaluate(() => window.scrollY);
    await page.mouse.move(20, 400);
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(200);
    assert.equal(await page.evaluate(() => window.scrollY), y);
  });

  it('closes with Escape and gives focus back to the card', async () => {
    await openProject();
    await page.keyboard.press('Escape');
    await closed();
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Living Room Linen Drapes');
    assert.notEqual(await page.evaluate(() => getComputedStyle(document.body).overflow), 'hidden');
  });

  it('closes with the backdrop and with the close button', async () => {
    await openProject();
    await page.mouse.click(4, 4);
    await closed();
    await openProject();
    await dialog().getByRole('button', { name: 'Close project details' }).click();
    await closed();
  });

  it('steps through the photos cyclically', async () => {
    await openProject();
    assert.equal(await counter(), '1 of 3');
    await dialog().getByRole('button', { name: 'Next image' }).click();
    assert.equal(await counter(), '2 of 3');
    await dialog().getByRole('button', { name: 'Next image' }).click();
    await dialog().getByRole('button', { name: 'Next image' }).click();
    assert.equal(await counter(), '1 of 3');
    await dialog().getByRole('button', { name: 'Previous image' }).click();
    assert.equal(await counter(), '3 of 3');
    assert.match(
      await dialog()
        .getByRole('img', { name: /photo 3 of 3/ })
        .getAttribute('src'),
      /bedroom-blackout/,
    );
  });

  it('jumps with thumbnails and dots', async () => {
    await openProject();
    await dialog().getByRole('button', { name: 'Show image 3' }).click();
    assert.equal(await counter(), '3 of 3');
    assert.equal(await dialog().getByRole('button', { name: 'Show image 3' }).getAttribute('aria-current'), 'true');
    await dialog().getByRole('button', { name: 'Go to image 2' }).click();
    assert.equal(await counter(), '2 of 3');
  });

  it('auto-advances every 4 s, pauses and resumes, and starts over at each open', async () => {
    await openProject();
    assert.equal(await counter(), '1 of 3');
    // Real time also passes between the steps (the clock keeps ticking), hence the margins.
    await page.clock.runFor(3000);
    assert.equal(await counter(), '1 of 3');
    await page.clock.runFor(1500);
    assert.equal(await counter(), '2 of 3');
    await dialog().getByRole('button', { name: 'Pause slideshow' }).click();
    await page.clock.runFor(9000);
    assert.equal(await counter(), '2 of 3');
    await dialog().getByRole('button', { name: 'Play slideshow' }).click();
    await page.clock.runFor(4500);
    assert.equal(await counter(), '3 of 3');
    await dialog().getByRole('button', { name: 'Pause slideshow' }).click();
    await page.keyboard.press('Escape');
    await closed();
    await openProject();
    assert.equal(await counter(), '1 of 3');
    assert.ok(await dialog().getByRole('button', { name: 'Pause slideshow' }).isVisible());
  });

  it('shows the details block (without the owner-only status and featured flag) and the sanitised description', async () => {
    await openProject();
    const text = await dialog().innerText();
    assert.match(text, /Category\s+Curtains/);
    assert.match(text, /Images\s+3 Photos/);
    assert.doesNotMatch(text, /Status|Completed|Featured/);
    assert.ok(await dialog().locator('.rich-text strong').first().isVisible());
  });

  it('a one-photo project has no gallery controls', async () => {
    await openProject('Bay Window Seat & Cushions');
    assert.equal(await dialog().getByTestId('gallery-counter').count(), 0);
    assert.equal(await dialog().getByRole('button', { name: 'Next image' }).count(), 0);
    assert.doesNotMatch(await dialog().innerText(), /Photos/);
  });

  it("'Get Similar Work Done' closes the popup and scrolls to the contact form", async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await openProject();
    await dialog().getByRole('button', { name: 'Get Similar Work Done' }).click();
    await closed();
    await waitForSectionInView(page, 'contact');
    assertNoPageErrors(page);
  });
});

describe('project popup from /portfolio', () => {
  it("opens from a card, and 'Get Similar Work Done' goes to /#contact", async () => {
    const other = await site.openPage();
    try {
      await other.goto(`${site.url}/portfolio`);
      await other.getByRole('button', { name: 'Study Roman Blinds' }).click();
      const popup = other.getByRole('dialog');
      await popup.waitFor();
      assert.ok(await popup.getByRole('heading', { name: 'Study Roman Blinds' }).isVisible());
      await popup.getByRole('button', { name: 'Get Similar Work Done' }).click();
      await other.waitForURL(`${site.url}/#contact`);
      await waitForSectionInView(other, 'contact');
      assertNoPageErrors(other);
    } finally {
      await other.context().close();
    }
  });
});
