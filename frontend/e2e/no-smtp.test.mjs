// A server without PLEAT_SMTP_URL sends no mail, and the admin says so where it matters,
// on a laptop and a phone: the first screen after sign-in, Site Settings (whose enquiry
// address would otherwise promise mails) and "Forgot password?" (which offers no link that
// would never come, and names `pleat user passwd` instead).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openSection, signIn, startAdminSite } from './lib/admin.mjs';
import { screenshotPath, viewports } from './lib/browser.mjs';
import { assertNoPageErrors } from './lib/site.mjs';

const NOT_SET_UP =
  'Email is not set up on this server, so enquiries stay in the inbox and a forgotten password can be reset with pleat user passwd.';

let site;
before(async () => {
  site = await startAdminSite();
});
after(async () => {
  await site?.close();
});

const notice = (page) => page.getByTestId('mail-not-set-up');

for (const [name, viewport, isMobile] of [
  ['laptop', viewports.desktop, false],
  ['phone', viewports.mobile, true],
]) {
  describe(`on a ${name}`, () => {
    it('the first screen and Site Settings say email is not set up', async () => {
      const page = await site.openPage({ viewport, isMobile });
      try {
        await signIn(page, site);
        await notice(page).waitFor();
        assert.equal(await notice(page).innerText(), NOT_SET_UP);
        await page.screenshot({ path: screenshotPath(`admin-no-smtp-${viewport.width}.png`) });
        await openSection(page, 'Site Settings');
        const form = page.getByRole('form', { name: 'Send new enquiries to' });
        await form.waitFor();
        await notice(page).waitFor();
        await form
          .getByText('Once email is set up on the server, new messages from the contact form are emailed here.', { exact: false })
          .waitFor();
        assert.equal(await notice(page).innerText(), NOT_SET_UP);
        assertNoPageErrors(page);
      } finally {
        await page.context().close();
      }
    });

    it('Forgot password? says email is not set up instead of sending a link', async () => {
      const page = await site.openPage({ viewport, isMobile });
      try {
        await page.goto(`${site.url}/admin`);
        await page.getByRole('button', { name: 'Forgot password?' }).click();
        await notice(page).waitFor();
        assert.equal(await notice(page).innerText(), NOT_SET_UP);
        assert.equal(await page.getByRole('button', { name: 'Send Reset Link' }).count(), 0, 'no promise of a mail');
        await page.getByRole('button', { name: 'Back to sign in' }).click();
        await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
        assertNoPageErrors(page);
      } finally {
        await page.context().close();
      }
    });
  });
}
