// Full-page screenshots of the public pages, the admin's screens (sign-in,
// section list, unsaved-changes question, undo toast, colour preview with its contrast
// warning, setup checklist, Contact Details, reordering, the inbox, Forgot password?,
// Account with a failed mail) and its media screens
// (library, portfolio gallery) at desktop and mobile
// widths, saved under test-results/screenshots/ as artifacts for a person to look at.
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { screenshotPath, viewports } from './lib/browser.mjs';
import { waitForLanding } from './lib/site.mjs';
import { answerConfirm, fieldByLabel, openSection, signIn, startAdminSite } from './lib/admin.mjs';
import { makeJpeg } from './lib/media.mjs';

let site;
before(async () => {
  site = await startAdminSite();
});
after(async () => {
  await site?.close();
});

async function settle(page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    // Lazy images load only near the viewport: walk down the page once.
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 60));
    }
    window.scrollTo(0, 0);
    await Promise.all([...document.images].map((img) => (img.complete ? null : new Promise((r) => (img.onload = img.onerror = r)))));
  });
}

for (const [name, viewport] of Object.entries(viewports)) {
  describe(`${name} screenshots (${viewport.width} px)`, () => {
    it('captures the landing page, /portfolio, a popup and /terms', async () => {
      const page = await site.openPage({ viewport, isMobile: name === 'mobile', reducedMotion: 'reduce' });
      try {
        await page.goto(`${site.url}/`);
        await waitForLanding(page);
        await settle(page);
        const landing = screenshotPath(`landing-${viewport.width}.png`);
        await page.screenshot({ path: landing, fullPage: true });
        assert.ok(statSync(landing).size > 10_000);

        await page.screenshot({ path: screenshotPath(`landing-top-${viewport.width}.png`) });

        await page.locator('#portfolio').getByRole('button', { name: 'Living Room Linen Drapes' }).click();
        await page.getByRole('dialog').waitFor();
        await page.getByRole('button', { name: 'Pause slideshow' }).click();
        await page.waitForTimeout(300);
        await page.screenshot({ path: screenshotPath(`popup-${viewport.width}.png`) });
        await page.keyboard.press('Escape');

        await page.goto(`${site.url}/portfolio`);
        await page.getByTestId('portfolio-card').first().waitFor();
        await settle(page);
        await page.screenshot({ path: screenshotPath(`portfolio-${viewport.width}.png`), fullPage: true });

        await page.goto(`${site.url}/terms`);
        await page.getByText('hello@example.com').waitFor();
        await page.screenshot({ path: screenshotPath(`terms-${viewport.width}.png`), fullPage: true });
      } finally {
        await page.context().close();
      }
    });

    it('captures the media library and the portfolio gallery with an uploaded photo', async () => {
      const page = await site.openPage({ viewport, isMobile: name === 'mobile', reducedMotion: 'reduce' });
      try {
        await signIn(page, site);
        await openSection(page, 'Media');
        const photo = await makeJpeg(page, { width: 1600, height: 1200, hue: 30 + viewport.width });
        await page
          .getByLabel('Photo files for the media library')
          .setInputFiles({ name: `sitting room ${name}.jpg`, mimeType: 'image/jpeg', buffer: photo });
        await page
          .getByTestId('media-file')
          .filter({ hasText: `sitting-room-${name}` })
          .waitFor({ timeout: 60_000 });
        await settle(page);
        const library = screenshotPath(`admin-media-${viewport.width}.png`);
        await page.screenshot({ path: library, fullPage: true });
        assert.ok(statSync(library).size > 10_000);

        await openSection(page, 'Portfolio');
        await page.getByRole('button', { name: 'Add Portfolio Item' }).click();
        const form = page.getByTestId('portfolio-form');
        await form.locator('.ql-editor').waitFor();
        await form.getByLabel(/^Title/).fill('Sitting room curtains');
        await form.getByRole('button', { name: 'Choose from library' }).click();
        await page
          .getByRole('dialog')
          .getByRole('button', { name: /^Use portfolio|^Use library/ })
          .first()
          .click();
        await form.getByTestId('gallery-photo').waitFor();
        await settle(page);
        await form.screenshot({ path: screenshotPath(`admin-portfolio-gallery-${viewport.width}.png`) });
      } finally {
        await page.context().close();
      }
    });
  });
}

for (const [name, viewport] of Object.entries(viewports)) {
  describe(`${name} admin screenshots (${viewport.width} px)`, () => {
    it('captures sign-in, the sections, the unsaved-changes question, the undo toast and the colour preview', async () => {
      const page = await site.openPage({ viewport, isMobile: name === 'mobile', reducedMotion: 'reduce' });
      const shot = async (file, fullPage = false) => {
        await page.evaluate(() => document.fonts.ready);
        await page.screenshot({ path: screenshotPath(`${file}-${viewport.width}.png`), fullPage });
      };
      try {
        await page.goto(`${site.url}/admin`);
        await page.getByLabel('Password', { exact: true }).fill('shown on request');
        await page.getByRole('button', { name: 'Show password' }).click();
        await shot('admin-sign-in');

        await signIn(page, site);
        await fieldByLabel(page, 'Title').waitFor();
        await shot('admin-hero');
        await fieldByLabel(page, 'Title').fill('An edit not saved yet');
        await openSection(page, 'Services');
        await page.getByTestId('confirm-dialog').waitFor();
        await shot('admin-unsaved-dialog');
        await answerConfirm(page, true);

        await page.getByRole('button', { name: 'Delete Window Blinds' }).click();
        await page.getByTestId('confirm-dialog').waitFor();
        await shot('admin-delete-dialog');
        await answerConfirm(page, true);
        await page.getByTestId('undo-toast').waitFor();
        await shot('admin-undo-toast');
        await page.getByTestId('undo-toast').getByRole('button', { name: 'Undo' }).click();

        await openSection(page, 'Site Settings');
        await page.getByRole('button', { name: 'Modern Gray' }).click();
        await page.getByTestId('contrast-warnings').waitFor();
        await page.getByTestId('color-preview').scrollIntoViewIfNeeded();
        await shot('admin-color-preview');
        await page.getByRole('button', { name: 'Default' }).click();
      } finally {
        await page.context().close();
      }
    });

    it('captures Forgot password? and the Account section with a failed mail', async () => {
      await site.sql(`insert into pleat_mail.outbox (template, recipient, status, attempts, last_error)
        values ('enquiry', 'owner@example.com', 'failed', 8, '550 5.1.1 mailbox unavailable')`);
      const page = await site.openPage({ viewport, isMobile: name === 'mobile', reducedMotion: 'reduce' });
      try {
        await page.goto(`${site.url}/admin`);
        await page.getByRole('button', { name: 'Forgot password?' }).click();
        await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
        await page.screenshot({ path: screenshotPath(`admin-forgot-password-${viewport.width}.png`) });

        await page.getByRole('button', { name: 'Back to sign in' }).click();
        await signIn(page, site);
        await openSection(page, 'Account');
        await page.getByTestId('mail-problems').getByText('550 5.1.1 mailbox unavailable').waitFor();
        const account = screenshotPath(`admin-account-${viewport.width}.png`);
        await page.screenshot({ path: account, fullPage: true });
        assert.ok(statSync(account).size > 10_000);
      } finally {
        await page.context().close();
        await site.sql('delete from pleat_mail.outbox');
      }
    });

    it('captures the checklist, Contact Details, reordering and the inbox', async () => {
      await site.sql(`insert into contact_messages (first_name, last_name, email, service_needed, message) values
        ('Ada', 'Lovelace', 'ada@example.com', 'curtains', 'Lined linen curtains for three tall windows, please.'),
        ('Grace', 'Hopper', 'grace@example.com', 'blinds', 'Roman blinds for the study.')`);
      const page = await site.openPage({ viewport, isMobile: name === 'mobile', reducedMotion: 'reduce' });
      try {
        await signIn(page, site);
        await page.getByTestId('setup-checklist').waitFor();
        await page.screenshot({ path: screenshotPath(`admin-checklist-${viewport.width}.png`) });

        await openSection(page, 'Contact Details');
        await page.getByRole('heading', { name: 'Opening Hours' }).waitFor();
        const details = screenshotPath(`admin-contact-details-${viewport.width}.png`);
        await page.screenshot({ path: details, fullPage: true });
        assert.ok(statSync(details).size > 10_000);

        await openSection(page, 'Services');
        await page.getByRole('button', { name: 'Change Order' }).click();
        await page.getByTestId('reorder-list').waitFor();
        await page.screenshot({ path: screenshotPath(`admin-reorder-${viewport.width}.png`), fullPage: true });

        await openSection(page, 'Contact Messages');
        await page.getByTestId('message-card').first().waitFor();
        await page.getByRole('checkbox', { name: 'Select message from Ada Lovelace' }).check();
        await page.screenshot({ path: screenshotPath(`admin-inbox-${viewport.width}.png`), fullPage: true });
      } finally {
        await page.context().close();
        await site.sql('delete from contact_messages');
      }
    });
  });
}
