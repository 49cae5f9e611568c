// The project photos, on a phone (touch, through the DevTools protocol) and a laptop: the
// popup shows the whole photo and swipes; the full-screen viewer (whole photo, swipe,
// pinch, double tap, keyboard, captions from the alt texts, focus back to the popup);
// visitors never see the owner-only Status and Featured; and what the owner sets in the
// admin (a photo's focal point and alt text, the order by the Move buttons, the hero's
// focal point) shows on the public pages.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { viewports } from './lib/browser.mjs';
import { openSection, signIn, startAdminSite } from './lib/admin.mjs';
import { assertNoPageErrors, waitForLanding } from './lib/site.mjs';

const TITLE = 'Living Room Linen Drapes';
const PHOTOS = [
  '/images/portfolio/living-room-curtains-1.svg',
  '/images/portfolio/living-room-curtains-2.svg',
  '/images/portfolio/bedroom-blackout-curtains-1.svg',
];

let site;
before(async () => {
  site = await startAdminSite();
  await site.sql(`update portfolio_items set images = $1 where title = $2`, [PHOTOS, TITLE]);
});
after(async () => {
  await site?.close();
});

const sizes = [
  ['phone', { viewport: viewports.mobile, isMobile: true }],
  ['laptop', { viewport: viewports.desktop }],
];

/** A one-finger or two-finger touch sequence through the DevTools protocol, as a phone sends it. */
async function touch(cdp, type, points) {
  await cdp.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: points.map(([x, y], id) => ({ x, y, id, radiusX: 4, radiusY: 4, force: 1 })),
  });
}

/** Moves every finger from its start to its end in steps, then lifts them. */
async function stroke(cdp, from, to, steps = 8) {
  await touch(cdp, 'touchStart', from);
  for (let i = 1; i <= steps; i++) {
    await touch(
      cdp,
      'touchMove',
      from.map(([x, y], f) => [x + ((to[f][0] - x) * i) / steps, y + ((to[f][1] - y) * i) / steps]),
    );
  }
  await touch(cdp, 'touchEnd', []);
}

async function tap(cdp, x, y) {
  await touch(cdp, 'touchStart', [[x, y]]);
  await touch(cdp, 'touchEnd', []);
}

/** The centre of a locator's box. */
async function centreOf(locator) {
  const box = await locator.boundingBox();
  return [box.x + box.width / 2, box.y + box.height / 2];
}

for (const [size, options] of sizes) {
  describe(`project photos on a ${size}`, () => {
    let page;
    let cdp;
    before(async () => {
      page = await site.openPage(options);
      cdp = await page.context().newCDPSession(page);
      await page.goto(`${site.url}/`);
      await waitForLanding(page);
    });
    after(async () => {
      assertNoPageErrors(page);
      await page?.context().close();
    });

    const popup = () => page.getByRole('dialog', { name: TITLE, exact: true });
    const viewer = () => page.getByTestId('photo-viewer');
    const stage = () => viewer().getByTestId('viewer-stage');
    const viewerCounter = () => viewer().getByTestId('viewer-counter').innerText();
    const popupCounter = () => popup().getByTestId('gallery-counter').innerText();
    const scale = async () => Number(await stage().getAttribute('data-scale'));
    const waitForScale = (test) =>
      page.waitForFunction(
        (source) => new Function('s', `return ${source}`)(Number(document.querySelector('[data-testid=viewer-stage]')?.dataset.scale)),
        test,
      );

    async function openPopup() {
      if (await popup().count()) return;
      await page.locator('#portfolio').getByRole('button', { name: TITLE }).click();
      await popup().waitFor();
      // Auto-advance would move the photo under the test's feet.
      await popup().getByRole('button', { name: 'Pause slideshow' }).click();
    }

    async function openViewer() {
      await openPopup();
      await popup()
        .getByRole('button', { name: /^View photo \d of 3 full screen$/ })
        .click();
      await viewer().waitFor();
    }

    it('on a fresh site the hero and the cards are cropped around their centre', async () => {
      assert.equal(await page.locator('#hero img').evaluate((img) => getComputedStyle(img).objectPosition), '50% 50%');
      const card = page.locator('#portfolio').getByTestId('portfolio-card').first();
      await card.scrollIntoViewIfNeeded();
      assert.equal(await card.getByRole('img').evaluate((img) => getComputedStyle(img).objectPosition), '50% 50%');
    });

    it('the popup shows the whole photo, and no Status or Featured row', async () => {
      await openPopup();
      const photo = popup().getByRole('img', { name: /photo 1 of 3/ });
      assert.equal(await photo.evaluate((img) => getComputedStyle(img).objectFit), 'contain');
      const text = await popup().innerText();
      assert.match(text, /Category\s+Curtains/);
      assert.doesNotMatch(text, /Status|Completed|Featured/);
    });

    it('the viewer is a modal dialog with the whole photo; the keys move and zoom it; Escape goes back to the popup', async () => {
      await openViewer();
      assert.equal(await viewer().getAttribute('aria-modal'), 'true');
      assert.equal(await viewer().getAttribute('role'), 'dialog');
      assert.match(await page.getByRole('dialog', { name: `${TITLE}: photos, full screen` }).innerText(), /1 of 3/);
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Close full-screen view');
      const img = stage().getByRole('img');
      assert.equal(await img.evaluate((el) => getComputedStyle(el).objectFit), 'contain');
      // The popup under it is out of reach while it shows.
      assert.ok(await popup().evaluate((el) => el.closest('[inert]') !== null));

      await page.keyboard.press('ArrowRight');
      assert.equal(await viewerCounter(), '2 of 3');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      assert.equal(await viewerCounter(), '3 of 3');
      await page.keyboard.press('+');
      await waitForScale('s > 1');
      await page.keyboard.press('0');
      await waitForScale('s === 1');
      await viewer().getByRole('button', { name: 'Zoom in' }).click();
      await waitForScale('s > 1');
      await viewer().getByRole('button', { name: 'Zoom out' }).click();
      await waitForScale('s === 1');

      await page.keyboard.press('Escape');
      await viewer().waitFor({ state: 'detached' });
      // Only the viewer closed: the popup is where the viewer left it, focus back on the photo.
      assert.equal(await popupCounter(), '3 of 3');
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'View photo 3 of 3 full screen');
      await popup().getByRole('button', { name: 'Show image 1' }).click();
    });

    if (size === 'phone') {
      it('a swipe on the popup photo changes it; a vertical stroke does not', async () => {
        await openPopup();
        assert.equal(await popupCounter(), '1 of 3');
        const [x, y] = await centreOf(popup().getByTestId('gallery-stage'));
        await stroke(cdp, [[x + 120, y]], [[x - 120, y + 10]]);
        await page.waitForFunction(() => document.querySelector('[data-testid=gallery-counter]')?.textContent === '2 of 3');
        await stroke(cdp, [[x - 120, y]], [[x + 120, y]]);
        await page.waitForFunction(() => document.querySelector('[data-testid=gallery-counter]')?.textContent === '1 of 3');
        await stroke(cdp, [[x, y - 40]], [[x + 20, y + 60]]);
        assert.equal(await popupCounter(), '1 of 3');
        // The swipe did not open the full-screen view.
        assert.equal(await viewer().count(), 0);
      });

      it('in the viewer: swipe, pinch, double tap, and a drag pans a zoomed photo instead of swiping', async () => {
        await openViewer();
        assert.equal(await viewerCounter(), '1 of 3');
        const [x, y] = await centreOf(stage());
        await stroke(cdp, [[x + 130, y]], [[x - 130, y]]);
        await page.waitForFunction(() => document.querySelector('[data-testid=viewer-counter]')?.textContent === '2 of 3');
        await stroke(cdp, [[x - 130, y]], [[x + 130, y]]);
        await page.waitForFunction(() => document.querySelector('[data-testid=viewer-counter]')?.textContent === '1 of 3');

        // Two fingers moving apart: the photo grows with them.
        await stroke(
          cdp,
          [
            [x - 40, y],
            [x + 40, y],
          ],
          [
            [x - 120, y],
            [x + 120, y],
          ],
        );
        await waitForScale('s > 2');
        // Zoomed, a sideways drag looks around the photo: still the same photo.
        await stroke(cdp, [[x + 100, y]], [[x - 100, y]]);
        assert.equal(await viewerCounter(), '1 of 3');
        assert.ok((await scale()) > 2);
        // Pinching back in stops at the whole photo.
        await stroke(
          cdp,
          [
            [x - 150, y],
            [x + 150, y],
          ],
          [
            [x - 10, y],
            [x + 10, y],
          ],
        );
        await waitForScale('s === 1');

        await tap(cdp, x, y);
        await tap(cdp, x, y);
        await waitForScale('s === 2.5');
        await tap(cdp, x, y);
        await tap(cdp, x, y);
        await waitForScale('s === 1');

        await viewer().getByRole('button', { name: 'Close full-screen view' }).tap();
        await viewer().waitFor({ state: 'detached' });
      });
    } else {
      it('in the viewer: a double click and the wheel zoom; the arrows move the photo', async () => {
        await openViewer();
        const [x, y] = await centreOf(stage());
        await page.mouse.dblclick(x, y);
        await waitForScale('s === 2.5');
        await page.mouse.dblclick(x, y);
        await waitForScale('s === 1');
        await page.mouse.move(x, y);
        await page.mouse.wheel(0, -300);
        await waitForScale('s > 1');
        await viewer().getByRole('button', { name: 'Next photo' }).click();
        assert.equal(await viewerCounter(), '2 of 3');
        // Each photo starts whole.
        assert.equal(await scale(), 1);
        await viewer().getByRole('button', { name: 'Previous photo' }).click();
        await page.keyboard.press('Escape');
        await viewer().waitFor({ state: 'detached' });
      });
    }
  });
}

for (const [size, options] of sizes) {
  describe(`the owner's photo settings show on the site (${size})`, () => {
    let page;
    before(async () => {
      page = await site.openPage(options);
      await signIn(page, site);
    });
    after(async () => {
      assertNoPageErrors(page);
      await page?.context().close();
    });

    const form = () => page.getByTestId('portfolio-form');
    const press = (locator) => (size === 'phone' ? locator.tap() : locator.click());

    it('Move buttons reorder the photos by touch, two to a row on a phone; a tap sets the focal point; the alt text is the caption', async () => {
      await site.sql(`update portfolio_items set images = $1, image_alts = '{}', image_focus = '{}' where title = $2`, [PHOTOS, TITLE]);
      await openSection(page, 'Portfolio');
      await page.getByRole('button', { name: `Edit ${TITLE}` }).click();
      const photos = form().getByTestId('gallery-photo');
      await photos.nth(2).waitFor();
      if (size === 'phone') {
        const boxes = await Promise.all([0, 1, 2].map((i) => photos.nth(i).boundingBox()));
        // Two side by side: the second starts where the first ends, on the same row.
        assert.equal(Math.round(boxes[0].y), Math.round(boxes[1].y));
        assert.ok(boxes[2].y > boxes[0].y + boxes[0].height - 1);
        assert.ok(boxes[0].width < viewports.mobile.width / 2);
      }
      await press(form().getByRole('button', { name: 'Move photo 3 earlier' }));
      await press(form().getByRole('button', { name: 'Move photo 2 earlier' }));
      assert.deepEqual(await photos.evaluateAll((items) => items.map((li) => li.dataset.url)), [PHOTOS[2], PHOTOS[0], PHOTOS[1]]);
      // The moved photo's button keeps focus; at the start its Move later button does.
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Move photo 1 later');
      await press(form().getByRole('button', { name: 'Move photo 1 later' }));
      assert.deepEqual(await photos.evaluateAll((items) => items.map((li) => li.dataset.url)), [PHOTOS[0], PHOTOS[2], PHOTOS[1]]);

      // A tap on the cover near its top-left corner; the marker follows; arrow keys nudge it.
      const picker = photos.nth(0).getByTestId('focal-point-picker');
      // Mid-screen: the admin's sticky bars cover the top edge.
      await picker.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
      const box = await picker.boundingBox();
      await press(picker.locator('xpath=.'), {});
      // The tap above landed in the middle; now the exact spot.
      if (size === 'phone') await page.touchscreen.tap(box.x + box.width * 0.2, box.y + box.height * 0.5);
      else await page.mouse.click(box.x + box.width * 0.2, box.y + box.height * 0.5);
      // The marker leaves the centre.
      await picker.and(page.locator('[data-focus]:not([data-focus=""])')).waitFor();
      const focus = await picker.getAttribute('data-focus');
      const [fx, fy] = focus.split(' ').map(Number);
      assert.ok(fx < 30 && fy > 0 && fy < 100, `focal point ${focus}`);
      await picker.focus();
      await page.keyboard.press('ArrowDown');
      assert.equal(await picker.getAttribute('data-focus'), `${fx} ${fy + 5}`);
      assert.match(await picker.getAttribute('aria-label'), new RegExp(`${fx}% across, ${fy + 5}% down`));

      await form().getByLabel('Alt text of photo 2').fill('Bedroom blackout curtains, closed');
      await press(form().getByRole('button', { name: 'Save' }));
      await form().waitFor({ state: 'detached' });
      const { rows } = await site.sql('select images, image_alts, image_focus from portfolio_items where title = $1', [TITLE]);
      assert.deepEqual(rows[0], {
        images: [PHOTOS[0], PHOTOS[2], PHOTOS[1]],
        image_alts: ['', 'Bedroom blackout curtains, closed', ''],
        image_focus: [`${fx} ${fy + 5}`, '', ''],
      });

      // On /portfolio: the card keeps the point in view; the viewer shows the caption.
      await page.goto(`${site.url}/portfolio`);
      const card = page.getByTestId('portfolio-card').filter({ hasText: TITLE });
      assert.equal(await card.getByRole('img').evaluate((img) => getComputedStyle(img).objectPosition), `${fx}% ${fy + 5}%`);
      await press(card.getByRole('button', { name: TITLE }));
      const popup = page.getByRole('dialog', { name: TITLE, exact: true });
      await popup.getByRole('button', { name: 'Pause slideshow' }).click();
      await popup.getByRole('button', { name: 'Show image 2' }).click();
      await popup.getByRole('button', { name: 'View photo 2 of 3 full screen' }).click();
      const viewer = page.getByTestId('photo-viewer');
      assert.equal(await viewer.getByTestId('viewer-caption').innerText(), 'Bedroom blackout curtains, closed');
      assert.equal(await viewer.getByRole('img').getAttribute('alt'), 'Bedroom blackout curtains, closed');
      // A photo without an alt text has no caption.
      await page.keyboard.press('ArrowRight');
      assert.equal(await viewer.getByTestId('viewer-caption').count(), 0);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await popup.waitFor({ state: 'detached' });
    });

    it('the hero keeps its focal point in view, on the landing page', async () => {
      await page.goto(`${site.url}/admin`);
      await openSection(page, 'Hero Section');
      const picker = page.getByTestId('focal-point-picker');
      await picker.focus();
      for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowRight');
      assert.equal(await picker.getAttribute('data-focus'), '55 30');
      await press(page.getByRole('button', { name: 'Save Changes' }));
      await page.getByText('Hero content updated successfully!').waitFor();
      const { rows } = await site.sql('select background_focus from hero_content');
      assert.equal(rows[0].background_focus, '55 30');
      await page.goto(`${site.url}/`);
      await waitForLanding(page);
      const hero = page.locator('#hero img');
      assert.equal(await hero.evaluate((img) => getComputedStyle(img).objectPosition), '55% 30%');
      // Home recentres it; the centre is stored as no value.
      await page.goto(`${site.url}/admin`);
      await openSection(page, 'Hero Section');
      await page.getByTestId('focal-point-picker').focus();
      await page.keyboard.press('Home');
      await press(page.getByRole('button', { name: 'Save Changes' }));
      await page.getByText('Hero content updated successfully!').waitFor();
      assert.equal((await site.sql('select background_focus from hero_content')).rows[0].background_focus, null);
    });
  });
}
