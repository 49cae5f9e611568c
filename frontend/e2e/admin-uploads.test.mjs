// Photos on their way up are never lost without a question, and a large camera photo is
// not refused for a size the browser would shrink away, on the real pleat at phone and
// laptop sizes: leaving the Add form while a photo uploads over a slow connection (a
// section switch, Sign Out, a reload) asks first; a photo of 30 MB and more is shrunk in
// the browser and stored at 2560 px, far under the bucket's 25 MB.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { viewports } from './lib/browser.mjs';
import { answerConfirm, fieldByLabel, openSection, signIn, startAdminSite } from './lib/admin.mjs';
import { makeJpeg, naturalSize, storedName } from './lib/media.mjs';
import { assertNoPageErrors } from './lib/site.mjs';

const SLOW = { timeout: 90_000 };
const MB = 1024 * 1024;
const sizes = [
  ['phone', { viewport: viewports.mobile, isMobile: true }],
  ['laptop', { viewport: viewports.desktop }],
];

let site;
before(async () => {
  site = await startAdminSite();
});
after(async () => {
  await site?.close();
});

async function withPage(options, fn) {
  const page = await site.openPage(options);
  try {
    await fn(page);
  } finally {
    await page.context().close();
  }
}

const form = (page) => page.getByTestId('portfolio-form');

async function openAddForm(page) {
  await signIn(page, site);
  await openSection(page, 'Portfolio');
  await page.getByRole('button', { name: 'Add Portfolio Item' }).click();
  await form(page).locator('.ql-editor').waitFor();
}

/** Slows the page's network to `kbps` both ways, as a weak mobile connection. */
async function throttle(page, kbps) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const bytesPerSecond = (kbps * 1000) / 8;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 100,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
}

describe('leaving while a photo uploads', () => {
  for (const [size, options] of sizes) {
    it(`(${size}) a section switch, Sign Out and a reload ask first; Keep editing keeps the upload going`, () =>
      withPage(options, async (page) => {
        await openAddForm(page);
        const photo = await makeJpeg(page, { hue: 80 });
        // Slow enough that the photo is still on its way through every question below.
        await throttle(page, 100);
        await form(page)
          .getByLabel('Photo files for the project')
          .setInputFiles({ name: 'bay window.jpg', mimeType: 'image/jpeg', buffer: photo });
        const progress = form(page).getByRole('progressbar');
        await progress.waitFor();

        const asked = answerConfirm(page, false);
        await openSection(page, 'Hero Section');
        assert.match((await asked).text, /not saved/);
        assert.ok(await progress.isVisible(), 'still on the form, still uploading');

        const askedOnSignOut = answerConfirm(page, false);
        await page.getByRole('button', { name: 'Sign Out' }).click();
        await askedOnSignOut;
        assert.ok(await progress.isVisible(), 'still signed in, still uploading');

        const dialog = new Promise((resolve) => page.once('dialog', resolve));
        const reload = page.evaluate(() => location.reload()).catch(() => {});
        const question = await dialog;
        assert.equal(question.type(), 'beforeunload');
        await question.dismiss();
        await reload;
        assert.ok(await progress.isVisible(), 'the reload was stopped, the upload goes on');

        // Leaving for real, when the owner says so.
        const discarded = answerConfirm(page, true);
        await openSection(page, 'Hero Section');
        await discarded;
        await form(page).waitFor({ state: 'detached' });
        assertNoPageErrors(page);
      }));
  }
});

/** A JPEG of at least `minBytes`, made in the page (noise at full quality), set as the input's file. */
async function chooseLargePhoto(input, { name, width, height, minBytes }) {
  return input.evaluate(
    async (element, { name, width, height, minBytes }) => {
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d');
      const pixels = context.createImageData(width, height);
      // Noise: what a JPEG compresses worst, so the file is really this large.
      let seed = 12345;
      for (let i = 0; i < pixels.data.length; i += 4) {
        seed = (seed * 1103515245 + 12345) >>> 0;
        pixels.data[i] = seed & 0xff;
        pixels.data[i + 1] = (seed >>> 8) & 0xff;
        pixels.data[i + 2] = (seed >>> 16) & 0xff;
        pixels.data[i + 3] = 255;
      }
      context.putImageData(pixels, 0, 0);
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 1 });
      if (blob.size < minBytes) throw new Error(`the photo came out at ${blob.size} bytes, under ${minBytes}`);
      const files = new DataTransfer();
      files.items.add(new File([blob], name, { type: 'image/jpeg' }));
      element.files = files.files;
      element.dispatchEvent(new Event('change', { bubbles: true }));
      return blob.size;
    },
    { name, width, height, minBytes },
  );
}

describe('a large camera photo', () => {
  for (const [size, options] of sizes) {
    it(`(${size}) a photo of 30 MB and more is shrunk in the browser and stored, not refused`, (t) =>
      withPage(options, async (page) => {
        await openAddForm(page);
        await fieldByLabel(form(page), 'Title').fill(`Large photo ${size}`);
        const uploads = [];
        page.on('request', (request) => {
          if (request.method() === 'POST' && request.url().includes('/storage/v1/object/site-media/')) uploads.push(request);
        });
        const chosen = await chooseLargePhoto(form(page).getByLabel('Photo files for the project'), {
          name: 'DSC_0042.jpg',
          width: 6000,
          height: 4000,
          minBytes: 30 * MB,
        });
        assert.ok(chosen >= 30 * MB, `chose ${chosen} bytes`);
        const refusal = form(page).getByRole('alert');
        await form(page).getByTestId('gallery-photo').or(refusal).first().waitFor(SLOW);
        assert.deepEqual(await refusal.allInnerTexts(), [], 'nothing was refused');

        const url = await form(page).getByTestId('gallery-photo').first().getAttribute('data-url');
        const { rows } = await site.sql(
          `select (metadata->>'size')::bigint as size, metadata->>'mimetype' as type from storage.objects
            where bucket_id = 'site-media' and name = $1`,
          [storedName(url)],
        );
        assert.equal(rows.length, 1);
        assert.equal(rows[0].type, 'image/jpeg');
        assert.ok(rows[0].size < 25 * MB, `stored ${rows[0].size} bytes, under the bucket's limit`);
        assert.ok(rows[0].size < chosen / 4, `stored ${rows[0].size} bytes of the ${chosen} chosen`);
        assert.deepEqual(await naturalSize(page, url), { width: 2560, height: 1707 });
        t.diagnostic(`chosen ${(chosen / MB).toFixed(1)} MB (6000×4000), stored ${(rows[0].size / MB).toFixed(1)} MB (2560×1707)`);
        assert.equal(uploads.length, 1);
        assertNoPageErrors(page);
      }));
  }
});
