// The site's mail, end to end through a real SMTP server: a visitor's enquiry
// reaches the address set in Site Settings with Reply-To the visitor; "Forgot password?"
// → the mail's link → "Set a new password" → signed in; an invite from Account → the
// colleague follows the link, sets a password and sees the admin, and signs in again;
// the same two mails' 6-digit codes, typed on the sign-in screen instead of the links.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { screenshotPath, viewports } from './lib/browser.mjs';
import { addOwner, fillSignIn, openSection, signIn } from './lib/admin.mjs';
import { linkAndCode, startMailSite } from './lib/mail.mjs';
import { assertNoPageErrors, waitForLanding } from './lib/site.mjs';

// The outbox worker wakes on NOTIFY, else polls every 5 s: wait generously.
const MAIL_TIMEOUT = 60_000;

let site;
before(async () => {
  site = await startMailSite();
});
after(async () => {
  await site?.close();
});

async function withPage(fn, pageOptions) {
  const page = await site.openPage(pageOptions);
  try {
    await fn(page);
  } finally {
    await page.context().close();
  }
}

async function setNewPassword(page, password, subtitle) {
  await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
  assert.ok(await page.getByText(subtitle).isVisible());
  await page.getByLabel('New Password').fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Save Password' }).click();
}

describe('mail from the admin and the site', () => {
  it('sends a new enquiry to the address from Site Settings, with Reply-To the visitor', () =>
    withPage(async (page) => {
      await signIn(page, site);
      await openSection(page, 'Site Settings');
      const form = page.getByRole('form', { name: 'Send new enquiries to' });
      const input = form.getByLabel('Send new enquiries to');
      await input.fill('not an address');
      await form.getByRole('button', { name: 'Save' }).click();
      await form.getByText('Please enter a valid email address.').waitFor();
      await input.fill('inbox@example.com');
      await form.getByRole('button', { name: 'Save' }).click();
      await form.getByText('Enquiry address saved.').waitFor();

      await page.goto(site.url);
      await waitForLanding(page);
      const contact = page.locator('#contact');
      for (const [label, value] of Object.entries({
        'First Name': 'Vera',
        'Last Name': 'Visitor',
        Email: 'vera@example.com',
        Message: 'Curtains <b>please</b>',
      })) {
        await contact.getByLabel(label, { exact: false }).first().fill(value);
      }
      await contact.getByRole('button', { name: 'Send Message' }).click();
      await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
      const mail = await site.smtp.waitFor('inbox@example.com', () => true, MAIL_TIMEOUT);
      assert.equal(mail.replyTo, 'vera@example.com');
      assert.match(mail.text, /Vera/);
      assert.match(mail.text, /Curtains <b>please<\/b>/);
      const { rows } = await site.sql(`select id from contact_messages where email = 'vera@example.com'`);
      assert.ok(mail.text.includes(`${site.url}/admin?message=${rows[0].id}`), 'the mail links to the message');
      assert.ok(!mail.html.includes('<b>please</b>'), 'the visitor text is escaped in the HTML part');
      assertNoPageErrors(page);
    }));

  it('Forgot password? → the mail → Set a new password → signed in, and the new password works', async () => {
    const user = { email: 'forgetful@example.com', password: 'Old password 1' };
    await addOwner(site, user);
    await withPage(async (page) => {
      await page.goto(`${site.url}/admin`);
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await page.getByLabel('Email Address').fill(user.email);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      const sent = 'If an account exists for that address, a link to set a new password is on its way. Check your inbox.';
      await page.getByText(sent).waitFor();
      // No enumeration: an unknown address gets the same answer.
      await page.getByLabel('Email Address').fill('nobody@example.com');
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await page.getByText(sent).waitFor();
      // Asking again at once: the send limit is said kindly.
      await page.getByLabel('Email Address').fill(user.email);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await page.getByText('Please wait a minute before asking again.', { exact: false }).waitFor();

      const { link } = linkAndCode(await site.smtp.waitFor(user.email, () => true, MAIL_TIMEOUT));
      assert.ok(link, 'the mail has a link');
      await page.goto(link);
      await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
      await page.screenshot({ path: screenshotPath('admin-set-password-1280.png') });
      await setNewPassword(page, 'New password 22', 'Choose the password you will sign in with from now on.');
      await page.getByText(`Welcome, ${user.email}`).first().waitFor();
      assertNoPageErrors(page);
    });
    await withPage(async (page) => {
      await signIn(page, site, { email: user.email, password: 'New password 22' });
    });
  });

  it('Invite a colleague → the colleague follows the link, sets a password, sees the admin, signs in again and changes the password', async () => {
    const colleague = 'colleague@example.com';
    await withPage(async (page) => {
      await signIn(page, site);
      await openSection(page, 'Account');
      await page.getByRole('heading', { name: 'Invite a colleague' }).waitFor();
      await page.getByLabel('Colleague\u2019s Email').fill(colleague);
      await page.getByRole('button', { name: 'Send Invite' }).click();
      await page.getByText(`Invite sent to ${colleague}.`).waitFor();
      assertNoPageErrors(page);
    });
    const { link } = linkAndCode(await site.smtp.waitFor(colleague, () => true, MAIL_TIMEOUT));
    assert.ok(link, 'the invite has a link');
    await withPage(async (page) => {
      await page.goto(link);
      await setNewPassword(page, 'Colleague pass 3', 'Welcome! Choose a password to finish setting up your account.');
      await page.getByText(`Welcome, ${colleague}`).first().waitFor();
      await openSection(page, 'Hero Section');
      assertNoPageErrors(page);
    });
    await withPage(async (page) => {
      await page.goto(`${site.url}/admin`);
      await fillSignIn(page, { email: colleague, password: 'Colleague pass 3' });
      await page.getByText(`Welcome, ${colleague}`).first().waitFor();
      // Account → Change password: a short one is refused, then the new one works.
      await openSection(page, 'Account');
      await page.getByLabel('New Password').fill('short');
      await page.getByLabel('Confirm Password').fill('short');
      await page.getByRole('button', { name: 'Save Password' }).click();
      await page.getByText('Password must be at least 8 characters.').waitFor();
      await page.getByLabel('New Password').fill('Colleague pass 4');
      await page.getByLabel('Confirm Password').fill('Colleague pass 4');
      await page.getByRole('button', { name: 'Save Password' }).click();
      await page.getByText('Password changed.').waitFor();
    });
    await withPage(async (page) => {
      await signIn(page, site, { email: colleague, password: 'Colleague pass 4' });
    });
  });
});

describe("the mails' 6-digit codes", () => {
  it('Forgot password? → Send Reset Link → the code from the mail (a wrong one refused) → Set a new password, on a phone', async () => {
    const user = { email: 'code-recovery@example.com', password: 'Old password 1' };
    await addOwner(site, user);
    await withPage(
      async (page) => {
        await page.goto(`${site.url}/admin`);
        await page.getByRole('button', { name: 'Forgot password?' }).click();
        await page.getByLabel('Email Address').fill(user.email);
        await page.getByRole('button', { name: 'Send Reset Link' }).click();
        const form = page.getByTestId('email-code-form');
        await form.getByText('Enter the 6-digit code from the email').waitFor();
        const { code } = linkAndCode(await site.smtp.waitFor(user.email, () => true, MAIL_TIMEOUT));
        assert.match(code, /^\d{6}$/);
        const wrong = code === '000000' ? '111111' : '000000';
        await form.getByLabel('6-digit code').fill(wrong);
        await form.getByRole('button', { name: 'Continue' }).click();
        await form.getByText('That code is wrong or has expired. Check the email, or ask for a new one.').waitFor();
        await form.getByLabel('6-digit code').fill(`${code.slice(0, 3)} ${code.slice(3)}`);
        await form.getByRole('button', { name: 'Continue' }).click();
        await setNewPassword(page, 'Code password 5', 'Choose the password you will sign in with from now on.');
        await page.getByText(`Welcome, ${user.email}`).first().waitFor();
        assertNoPageErrors(page);
      },
      { viewport: viewports.mobile, isMobile: true },
    );
    await withPage(async (page) => {
      await signIn(page, site, { email: user.email, password: 'Code password 5' });
    });
  });

  it("an invitee types the invitation's code on the sign-in screen, chooses a password and sees the admin", async () => {
    const colleague = 'code-colleague@example.com';
    await withPage(async (page) => {
      await signIn(page, site);
      await openSection(page, 'Account');
      await page.getByLabel('Colleague\u2019s Email').fill(colleague);
      await page.getByRole('button', { name: 'Send Invite' }).click();
      await page.getByText(`Invite sent to ${colleague}.`).waitFor();
    });
    const { code } = linkAndCode(await site.smtp.waitFor(colleague, () => true, MAIL_TIMEOUT));
    await withPage(async (page) => {
      await page.goto(`${site.url}/admin`);
      await page.getByRole('button', { name: 'Invited? Enter the code from your invitation' }).click();
      const form = page.getByTestId('email-code-form');
      await form.getByLabel('Email Address').fill(colleague);
      await form.getByLabel('6-digit code').fill(code);
      await form.getByRole('button', { name: 'Continue' }).click();
      await setNewPassword(page, 'Invited pass 6', 'Welcome! Choose a password to finish setting up your account.');
      await page.getByText(`Welcome, ${colleague}`).first().waitFor();
      assertNoPageErrors(page);
    });
    await withPage(async (page) => {
      await signIn(page, site, { email: colleague, password: 'Invited pass 6' });
    });
  });

  it("an account past its wrong codes for the hour: the screen says to use a new mail's link", async () => {
    const user = { email: 'code-locked@example.com', password: 'Locked password 1' };
    await addOwner(site, user);
    await withPage(async (page) => {
      await page.goto(`${site.url}/admin`);
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await page.getByLabel('Email Address').fill(user.email);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      const form = page.getByTestId('email-code-form');
      await form.getByText('Enter the 6-digit code from the email').waitFor();
      const { code } = linkAndCode(await site.smtp.waitFor(user.email, () => true, MAIL_TIMEOUT));
      // The hour's 30 wrong codes for this account, as guessers from many clients would leave them.
      await site.sql(`insert into auth.code_failures (user_id) select id from auth.users, generate_series(1, 30) where email = $1`, [
        user.email,
      ]);
      await form.getByLabel('6-digit code').fill(code);
      await form.getByRole('button', { name: 'Continue' }).click();
      await form.getByText('Too many wrong codes. Use the link in a new email, or try a code again in an hour.').waitFor();
      assert.equal(await page.getByRole('heading', { name: 'Set a new password' }).count(), 0);
      assertNoPageErrors(page);
    });
  });
});
