// Setting a password from a recovery link is confirmed on screen: once saved, the admin
// opens and says the new password is saved (it used to open without a word), until the
// owner dismisses it. Through a real SMTP server, at phone and laptop sizes.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { viewports } from './lib/browser.mjs';
import { addOwner, signIn } from './lib/admin.mjs';
import { linkAndCode, startMailSite } from './lib/mail.mjs';
import { assertNoPageErrors } from './lib/site.mjs';

// The outbox worker wakes on NOTIFY, else polls every 5 s: wait generously.
const MAIL_TIMEOUT = 60_000;
const sizes = [
  ['phone', { viewport: viewports.mobile, isMobile: true }],
  ['laptop', { viewport: viewports.desktop }],
];

let site;
before(async () => {
  site = await startMailSite();
});
after(async () => {
  await site?.close();
});

describe('a password set from a recovery link', () => {
  for (const [size, options] of sizes) {
    it(`(${size}) is confirmed once saved, and the new password works`, async () => {
      const user = { email: `reset-${size}@example.com`, password: 'Old password 1' };
      await addOwner(site, user);
      const page = await site.openPage(options);
      try {
        await page.goto(`${site.url}/admin`);
        await page.getByRole('button', { name: 'Forgot password?' }).click();
        await page.getByLabel('Email Address').fill(user.email);
        await page.getByRole('button', { name: 'Send Reset Link' }).click();
        const { link } = linkAndCode(await site.smtp.waitFor(user.email, () => true, MAIL_TIMEOUT));
        assert.ok(link, 'the mail has a link');
        await page.goto(link);
        await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
        await page.getByLabel('New Password').fill('New password 22');
        await page.getByLabel('Confirm Password').fill('New password 22');
        await page.getByRole('button', { name: 'Save Password' }).click();

        const saved = page.getByRole('status').filter({ hasText: 'Your new password is saved. Use it the next time you sign in.' });
        await saved.waitFor();
        assert.ok(await page.getByText(`Welcome, ${user.email}`).first().isVisible());
        await page.getByRole('button', { name: 'Dismiss' }).click();
        await saved.waitFor({ state: 'detached' });
        assertNoPageErrors(page);
      } finally {
        await page.context().close();
      }
      const again = await site.openPage(options);
      try {
        await signIn(again, site, { email: user.email, password: 'New password 22' });
      } finally {
        await again.context().close();
      }
    });
  }
});
