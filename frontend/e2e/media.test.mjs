// The owner's photos, end to end on the real pleat: phone-sized JPEGs (4000×3000, one
// taken sideways) uploaded into a new portfolio item, reordered by keyboard and by drag
// and drop, a cover chosen, saved; the public popup shows them in that order from
// /storage/v1, as responsive WebP; the hero replaced by an upload shows on the landing
// page and in the served head's sharing image; a 30 MB file the browser cannot shrink, a
// program and a web-page address are refused with a visible message; the media library deletes a photo still in
// use only after saying so, and the site shows a placeholder where it was; the upload
// form on a phone.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { viewports } from './lib/browser.mjs';
import { assertNoPageErrors, waitForLanding } from './lib/site.mjs';
import { answerConfirm, fieldByLabel, openSection, signIn, startAdminSite } from './lib/admin.mjs';
import { makeJpeg, naturalSize, storedName } from './lib/media.mjs';

const TITLE = 'Living Room Linen Curtains';
const SLOW = { timeout: 60_000 };

let site;
let page;
const photos = {};
before(async () => {
  site = await startAdminSite();
  page = await site.openPage();
  await signIn(page, site);
  photos.a = await makeJpeg(page, { hue: 20 });
  photos.b = await makeJpeg(page, { hue: 140, orientation: 6 });
  photos.c = await makeJpeg(page, { hue: 260 });
});
after(async () => {
  await page?.context().close();
  await site?.close();
});

const form = () => page.getByTestId('portfolio-form');
const galleryUrls = () =>
  form()
    .getByTestId('gallery-photo')
    .evaluateAll((items) => items.map((li) => li.dataset.url));
const objectCount = async () => (await site.sql(`select count(*)::int as n from storage.objects where bucket_id = 'site-media'`)).rows[0].n;
const jpeg = (name, buffer) => ({ name, mimeType: 'image/jpeg', buffer });

/** Holds every upload request until `release()` is called. */
async function holdUploads(target) {
  let release;
  const gate = new Promise((resolve) => (release = resolve));
  const pattern = '**/storage/v1/object/site-media/**';
  // The held requests are let go and sent on before the route is removed (removing it
  // first would let a handler's continue() find its request already handled); one the
  // page gave up on while it was held has nothing left to continue. What the uploads did
  // is checked by the tests themselves (the gallery, the stored objects).
  const sent = [];
  await target.route(pattern, (route) => {
    const going = gate.then(() => route.continue()).catch(() => {});
    sent.push(going);
    return going;
  });
  return {
    release: async () => {
      release();
      await Promise.all(sent);
      await target.unroute(pattern);
    },
  };
}

let order;
let hero;

describe('portfolio photos', () => {
  it('uploads one photo, then two more at once, and cannot be saved while one is uploading', async () => {
    await openSection(page, 'Portfolio');
    await page.getByRole('button', { name: 'Add Portfolio Item' }).click();
    await form().locator('.ql-editor').waitFor();
    await fieldByLabel(form(), 'Title').fill(TITLE);
    const input = form().getByLabel('Photo files for the project');

    const held = await holdUploads(page);
    await input.setInputFiles(jpeg('living room.jpg', photos.a));
    await form().getByRole('progressbar').waitFor(SLOW);
    assert.ok(await form().getByRole('button', { name: 'Save' }).isDisabled());
    assert.ok(await form().getByText('Wait for the upload to finish before saving.').isVisible());
    await held.release();
    await form().getByTestId('gallery-photo').first().waitFor(SLOW);

    await input.setInputFiles([jpeg('IMG_2034.jpg', photos.b), jpeg('IMG_2035.jpg', photos.c)]);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="gallery-photo"]').length === 3, null, SLOW);
    await form()
      .getByRole('progressbar')
      .waitFor({ state: 'detached', ...SLOW });
    assert.ok(await form().getByRole('button', { name: 'Save' }).isEnabled());

    order = (await galleryUrls()).map(storedName);
    assert.match(order[0], /^portfolio\/\d{4}\/\d{2}\/living-room-[0-9a-f]{4}\.jpg$/);
    // Camera names give way to the project title.
    assert.match(order[1], /^portfolio\/\d{4}\/\d{2}\/living-room-linen-curtains-[0-9a-f]{4}\.jpg$/);
    assert.match(order[2], /^portfolio\/\d{4}\/\d{2}\/living-room-linen-curtains-[0-9a-f]{4}\.jpg$/);
    assert.notEqual(order[1], order[2]);
  });

  it('stores phone photos upright and at most 2560 px, without their EXIF', async () => {
    const [a, b] = order;
    assert.deepEqual(await naturalSize(page, `${site.url}/storage/v1/object/public/site-media/${a}`), { width: 2560, height: 1920 });
    // Taken sideways (EXIF orientation 6): stored turned, portrait.
    assert.deepEqual(await naturalSize(page, `${site.url}/storage/v1/object/public/site-media/${b}`), { width: 1920, height: 2560 });
    const { rows } = await site.sql(
      `select name, metadata->>'mimetype' as type, (metadata->>'size')::int as size from storage.objects where name = $1`,
      [b],
    );
    assert.equal(rows[0].type, 'image/jpeg');
    assert.ok(rows[0].size < photos.b.length, `${rows[0].size} < ${photos.b.length}`);
    const stored = Buffer.from(await (await fetch(`${site.url}/storage/v1/object/public/site-media/${b}`)).arrayBuffer());
    assert.equal(stored.includes(Buffer.from('Exif\0\0')), false, 'the EXIF segment is gone');
  });

  it('reorders by keyboard and by drag and drop, sets the cover, gives an alt text, and saves them in that order', async () => {
    const [a, b, c] = order;
    await form().getByRole('button', { name: 'Reorder photo 1 of 3 (arrow keys move it)' }).focus();
    await page.keyboard.press('ArrowRight');
    assert.deepEqual((await galleryUrls()).map(storedName), [b, a, c]);
    // Dragged by the photo itself, as a person would.
    await form()
      .getByTestId('gallery-photo')
      .nth(2)
      .getByTestId('gallery-thumb')
      .dragTo(form().getByTestId('gallery-photo').nth(0).getByTestId('gallery-thumb'));
    assert.deepEqual((await galleryUrls()).map(storedName), [c, b, a]);
    await form().getByRole('button', { name: 'Make photo 2 the cover' }).click();
    order = [b, c, a];
    assert.deepEqual((await galleryUrls()).map(storedName), order);
    await form().getByLabel('Alt text of photo 1').fill('Linen curtains drawn in a bay window');
    await form().getByLabel('Featured').check();

    await form().getByRole('button', { name: 'Save' }).click();
    await form().waitFor({ state: 'detached', ...SLOW });
    const { rows } = await site.sql(`select image_url, images, image_alts from portfolio_items where title = $1`, [TITLE]);
    const addresses = order.map((name) => `/storage/v1/object/public/site-media/${name}`);
    assert.deepEqual(rows, [{ image_url: addresses[0], images: addresses, image_alts: ['Linen curtains drawn in a bay window', '', ''] }]);
  });

  it('shows the three photos in that order in the public popup, from /storage/v1, as responsive WebP', async () => {
    const visitor = await site.openPage();
    try {
      await visitor.goto(`${site.url}/portfolio`);
      const card = visitor.getByTestId('portfolio-card').filter({ hasText: TITLE });
      await card.waitFor();
      const img = card.locator('img');
      assert.equal(await img.getAttribute('alt'), 'Linen curtains drawn in a bay window');
      const srcset = await img.getAttribute('srcset');
      assert.equal(srcset.split(', ').length, 6);
      for (const candidate of srcset.split(', ')) {
        assert.match(
          candidate,
          new RegExp(
            `^${site.url}/storage/v1/render/image/public/site-media/${order[0]}\\?width=\\d+&height=\\d+&resize=cover&format=webp&quality=70 \\d+w$`,
          ),
        );
      }
      assert.ok(await img.getAttribute('sizes'));
      assert.equal(await img.getAttribute('loading'), 'lazy');

      await card.getByRole('button', { name: TITLE }).click();
      const dialog = visitor.getByRole('dialog');
      await dialog.waitFor();
      assert.ok(await dialog.getByText('3 Photos').isVisible());
      const thumbs = await dialog
        .getByRole('group', { name: 'Thumbnails' })
        .locator('img')
        .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
      assert.deepEqual(thumbs.map(storedName), order);
      for (const [i, name] of order.entries()) {
        await dialog.getByRole('button', { name: `Show image ${i + 1}` }).click();
        const main = dialog
          .getByRole('group', { name: `${TITLE} photos` })
          .locator('img')
          .first();
        assert.equal(storedName(await main.getAttribute('src')), name);
        assert.ok((await main.getAttribute('src')).startsWith(`${site.url}/storage/v1/`));
      }
      assert.equal(
        await dialog
          .getByRole('group', { name: `${TITLE} photos` })
          .locator('img')
          .first()
          .getAttribute('alt'),
        `${TITLE}, photo 3 of 3`,
      );
      // Moved first, its photo is the first screen's largest: the served head preloads its srcset.
      await site.sql('update portfolio_items set sort_order = -1 where title = $1', [TITLE]);
      await visitor.goto(`${site.url}/portfolio`);
      const firstCard = visitor.getByTestId('portfolio-card').first().locator('img');
      await firstCard.waitFor();
      assert.equal(
        await visitor.locator('link[rel="preload"][as="image"]').getAttribute('imagesrcset'),
        await firstCard.getAttribute('srcset'),
      );
      // The cover's focal point: the whole photo, cropped by the page around that point.
      await site.sql(`update portfolio_items set image_focus = '{"10 90"}' where title = $1`, [TITLE]);
      await visitor.goto(`${site.url}/portfolio`);
      await firstCard.waitFor();
      assert.doesNotMatch(await firstCard.getAttribute('srcset'), /resize=cover/);
      assert.equal(await firstCard.evaluate((el) => getComputedStyle(el).objectPosition), '10% 90%');
      assert.equal(
        await visitor.locator('link[rel="preload"][as="image"]').getAttribute('imagesrcset'),
        await firstCard.getAttribute('srcset'),
      );
      await site.sql(`update portfolio_items set image_focus = '{}' where title = $1`, [TITLE]);
      assertNoPageErrors(visitor);
    } finally {
      await visitor.context().close();
    }
  });

  it('the card image requests a resized WebP smaller than the original', async () => {
    const visitor = await site.openPage();
    try {
      await visitor.goto(`${site.url}/portfolio`);
      const img = visitor.getByTestId('portfolio-card').filter({ hasText: TITLE }).locator('img');
      await img.scrollIntoViewIfNeeded();
      await visitor.waitForFunction(
        (title) => {
          const card = [...document.querySelectorAll('[data-testid="portfolio-card"]')].find((c) => c.textContent.includes(title));
          const image = card?.querySelector('img');
          return image?.complete && image.naturalWidth > 0;
        },
        TITLE,
        SLOW,
      );
      const current = await img.evaluate((i) => i.currentSrc);
      assert.match(current, /\/storage\/v1\/render\/image\/public\/site-media\/.*format=webp/);
      const response = await visitor.request.get(current);
      assert.equal(response.status(), 200);
      assert.equal(response.headers()['content-type'], 'image/webp');
      const { rows } = await site.sql(`select (metadata->>'size')::int as size from storage.objects where name = $1`, [order[0]]);
      const body = await response.body();
      assert.ok(body.length < rows[0].size, `${body.length} bytes < ${rows[0].size}`);
      const width = Number(new URL(current).searchParams.get('width'));
      assert.deepEqual(await naturalSize(visitor, current), { width, height: Number(new URL(current).searchParams.get('height')) });
    } finally {
      await visitor.context().close();
    }
  });
});

describe('hero, refusals and the media library', () => {
  it('refuses a 30 MB file and a program with a visible message, uploading nothing', async () => {
    await openSection(page, 'Hero Section');
    const input = page.getByLabel('Photo file for background image');
    await input.waitFor({ state: 'attached' });
    const before = await objectCount();
    const uploads = [];
    page.on('request', (r) => r.url().includes('/storage/v1/object/site-media/') && uploads.push(r.url()));
    // Made in the page: 30 MB through the DevTools protocol would take half a minute.
    await input.evaluate((element) => {
      const files = new DataTransfer();
      files.items.add(new File([new Uint8Array(30 * 1024 * 1024)], 'huge.jpg', { type: 'image/jpeg' }));
      element.files = files.files;
      element.dispatchEvent(new Event('change', { bubbles: true }));
    });
    // Not a photo the browser can shrink (30 MB of nothing), so too large as it is.
    await page
      .getByRole('alert')
      .filter({
        hasText:
          '“huge.jpg” is 30.0 MB and this browser cannot make it smaller; the largest photo you can upload is 25.0 MB. Save it smaller (as a JPEG, say) and try again.',
      })
      .waitFor();
    await input.setInputFiles({ name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ\x90\x00') });
    await page.getByRole('alert').filter({ hasText: '“setup.exe” is not a photo the site can use.' }).waitFor();
    assert.equal(uploads.length, 0);
    assert.equal(await objectCount(), before);
  });

  it('replaces the hero background by an upload, shown on the landing page and in the sharing image', async () => {
    await page.getByLabel('Photo file for background image').setInputFiles(jpeg('bay window.jpg', await makeJpeg(page, { hue: 200 })));
    const address = fieldByLabel(page, 'Background Photo');
    await page.waitForFunction(
      () => /site-media\/hero\//.test(document.querySelector('input[name="background_image"]')?.value ?? ''),
      null,
      SLOW,
    );
    hero = storedName(await address.inputValue());
    assert.match(hero, /^hero\/\d{4}\/\d{2}\/bay-window-[0-9a-f]{4}\.jpg$/);
    await fieldByLabel(page, 'Background Photo Alt Text').fill('Bay window with linen curtains');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Hero content updated successfully!').waitFor(SLOW);

    const visitor = await site.openPage({ viewport: viewports.desktop });
    try {
      // The page's load waits for the hero, whose sizes pleat makes from the 2560 px photo
      // on this first request (and again below for the uncropped ones): seconds on a busy CI.
      await visitor.goto(`${site.url}/`, SLOW);
      await waitForLanding(visitor);
      const img = visitor.locator('#hero img');
      assert.equal(storedName(await img.getAttribute('src')), hero);
      assert.equal(await img.getAttribute('fetchpriority'), 'high');
      assert.equal(await img.getAttribute('alt'), 'Bay window with linen curtains');
      assert.match(await visitor.locator('#hero picture source').getAttribute('media'), /portrait/);
      // The served head preloads exactly the hero's two srcsets, so the browser reuses them.
      const preload = (media) =>
        visitor.locator(`link[rel="preload"][as="image"][media="(orientation: ${media})"]`).getAttribute('imagesrcset');
      assert.equal(await preload('landscape'), await img.getAttribute('srcset'));
      assert.equal(await preload('portrait'), await visitor.locator('#hero picture source').getAttribute('srcset'));
      // With a focal point off the centre the page asks for the whole photo (the transform
      // only crops around the centre) and crops it there itself; the preload follows.
      await site.sql(`update hero_content set background_focus = '20 80'`);
      await visitor.goto(`${site.url}/`, SLOW);
      await waitForLanding(visitor);
      assert.doesNotMatch(await img.getAttribute('srcset'), /resize=cover/);
      assert.equal(await img.evaluate((el) => getComputedStyle(el).objectPosition), '20% 80%');
      assert.equal(await preload('landscape'), await img.getAttribute('srcset'));
      assert.equal(await preload('portrait'), await visitor.locator('#hero picture source').getAttribute('srcset'));
      await site.sql(`update hero_content set background_focus = null`);
      assertNoPageErrors(visitor);
    } finally {
      await visitor.context().close();
    }

    const html = await (await fetch(`${site.url}/`)).text();
    const share = `${site.url}/storage/v1/render/image/public/site-media/${hero}?width=1200&amp;height=630&amp;resize=cover&amp;format=origin`;
    assert.ok(html.includes(`<meta property="og:image" content="${share}">`), 'og:image is the hero crop');
    assert.ok(html.includes(`<meta name="twitter:image" content="${share}">`));
  });

  it('serves the sharing image as a 1200×630 JPEG', async () => {
    const url = `${site.url}/storage/v1/render/image/public/site-media/${hero}?width=1200&height=630&resize=cover&format=origin`;
    const response = await fetch(url);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'image/jpeg');
    assert.deepEqual(await naturalSize(page, url), { width: 1200, height: 630 });
  });

  it('warns when a pasted address is not an image', async () => {
    await openSection(page, 'About');
    const address = fieldByLabel(page, 'About Photo');
    const stored = await address.inputValue();
    await address.fill(`${site.url}/terms`);
    await page.getByText(/does not load as an image/).waitFor();
    // Back as it was, so leaving the section asks nothing about unsaved changes.
    await address.fill(stored);
    await page.getByText(/does not load as an image/).waitFor({ state: 'detached' });
  });

  it('lists the photos with size and date, searches, and deletes one in use only after saying so', async () => {
    await openSection(page, 'Media');
    const files = page.getByTestId('media-file');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="media-file"]').length === 4);
    assert.match(await files.first().innerText(), /\d+ KB · [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await page.getByRole('searchbox', { name: 'Search files' }).fill('bay window');
    assert.equal(await files.count(), 1);
    assert.match(await files.first().innerText(), /Used in: Hero background/);

    const asked = answerConfirm(page, true);
    await files
      .first()
      .getByRole('button', { name: `Delete ${hero}` })
      .click();
    const { text } = await asked;
    assert.match(text, /is still used by: Hero background\. Deleting it leaves an empty picture there\. Delete it anyway\?/);
    await page.getByText(/^Deleted bay-window-/).waitFor();
    // The notice can show a moment before the grid has re-read the bucket.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="media-file"]').length === 0);
    assert.equal((await site.sql(`select count(*)::int as n from storage.objects where name = $1`, [hero])).rows[0].n, 0);
  });

  it('shows a neutral placeholder where the deleted photo was, not a broken image', async () => {
    const visitor = await site.openPage();
    try {
      await visitor.goto(`${site.url}/`);
      await waitForLanding(visitor);
      await visitor.locator('#hero [data-testid="image-placeholder"]').waitFor(SLOW);
      assert.equal(await visitor.locator('#hero img').count(), 0);
    } finally {
      await visitor.context().close();
    }
  });
});

describe('on a phone', () => {
  it('uploads the about photo with the form fitting the screen', async () => {
    const phone = await site.openPage({ viewport: viewports.mobile, isMobile: true });
    try {
      await signIn(phone, site);
      await openSection(phone, 'About');
      const input = phone.getByLabel('Photo file for about image');
      await input.waitFor({ state: 'attached' });
      await input.setInputFiles(jpeg('PXL_20261101_093012.jpg', photos.a));
      await phone.waitForFunction(
        () => /site-media\/about\//.test(document.querySelector('input[name="image_url"]')?.value ?? ''),
        null,
        SLOW,
      );
      assert.ok(await phone.getByRole('button', { name: 'Replace about image' }).isVisible());
      const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `the page is ${overflow}px wider than the screen`);
      await phone.getByRole('button', { name: 'Save Changes' }).click();
      await phone.getByText('About content updated successfully!').waitFor(SLOW);
      const { rows } = await site.sql('select image_url from about_content');
      assert.match(rows[0].image_url, /^\/storage\/v1\/object\/public\/site-media\/about\/\d{4}\/\d{2}\/[a-z0-9-]+-[0-9a-f]{4}\.jpg$/);
      assertNoPageErrors(phone);
    } finally {
      await phone.context().close();
    }
  });
});
