// Two-step sign-in in the admin, end to end on the real pleat: the owner turns it on in
// Account (the test reads the key shown under the QR code and computes the codes an
// authenticator app would show), signs out, and signs in with password + code; a
// password alone shows nothing of the admin and the database refuses that session's
// writes; an administrator's `pleat user reset-mfa` lets the password alone in again;
// and the whole enrolment works from the keyboard on a 390 px phone.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { viewports } from './lib/browser.mjs';
import { assertNoPageErrors } from './lib/site.mjs';
import { addOwner, answerConfirm, fieldByLabel, fillSignIn, openSection, signIn, startAdminSite } from './lib/admin.mjs';
import { authenticator } from './lib/totp.mjs';

let site;
before(async () => {
  // Code checks are throttled per client too: the test that provokes it comes from an
  // address of its own (X-Forwarded-For, believed from the local proxy), so the others are not throttled.
  site = await startAdminSite({ env: { PLEAT_TRUSTED_PROXIES: '127.0.0.1' } });
});
after(async () => {
  await site?.close();
});

const CODE_LABEL = '6-digit code from your authenticator app';
let accounts = 0;
/** A new editor account of its own, so one test's factors never meet another's. */
async function newOwner() {
  accounts += 1;
  const owner = { email: `owner${accounts}@example.com`, password: 'Pleat owner pass 1' };
  await addOwner(site, owner);
  return owner;
}

async function withPage(fn, options) {
  const page = await site.openPage(options);
  try {
    await fn(page);
  } finally {
    await page.context().close();
  }
}

/** The label of the focused element's field (the element's own label, via its id). */
const focusedLabel = (page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el?.id ? (document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent ?? null) : null;
  });

/** Account → Turn on two-step sign-in → the key shown → its first code; returns the app. */
async function enrol(page) {
  await openSection(page, 'Account');
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  const qr = page.getByRole('img', { name: 'QR code to add this account to your authenticator app' });
  await qr.waitFor();
  assert.match(await qr.getAttribute('src'), /^data:image\/svg\+xml/);
  const app = authenticator(await page.getByTestId('totp-secret').innerText());
  assert.equal(await focusedLabel(page), CODE_LABEL, 'the code field takes the focus');
  await page.getByLabel(CODE_LABEL).fill((await app.next()).code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  const on = page.getByText('Two-step sign-in is on.');
  await on.or(page.getByRole('alert')).first().waitFor();
  assert.ok(await on.isVisible(), `not turned on: ${await page.getByRole('alert').allInnerTexts()}`);
  return app;
}

async function signOut(page) {
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
}

/** The access token this tab holds (supabase-js keeps the session in local storage). */
const accessToken = (page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token'));
    return JSON.parse(localStorage.getItem(key)).access_token;
  });

const claims = (token) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

async function heroTitle() {
  return (await site.sql('select title from public.hero_content limit 1')).rows[0].title;
}

/** PATCHes the hero's title from the page with its own session, as a script on the page could. */
const patchHero = (page, title) =>
  page.evaluate(
    async ({ title }) => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token'));
      const { access_token } = JSON.parse(localStorage.getItem(key));
      const res = await fetch(`${window.__PLEAT_CONFIG__.url}/rest/v1/hero_content?title=neq.`, {
        method: 'PATCH',
        headers: {
          apikey: window.__PLEAT_CONFIG__.anonKey,
          Authorization: `Bearer ${access_token}`,
          'Content-Type': 'application/json',
          Prefer: 'return=representation',
        },
        body: JSON.stringify({ title }),
      });
      return { status: res.status, rows: (await res.json()).length };
    },
    { title },
  );

/** The server's last word on a code: its verify call, or a challenge it refused (then no verify follows). */
const codeAnswered = (response) => {
  const path = new URL(response.url()).pathname;
  return (
    response.request().method() === 'POST' &&
    (/\/factors\/[^/]+\/verify$/.test(path) || (/\/factors\/[^/]+\/challenge$/.test(path) && response.status() !== 200))
  );
};

function pleatUser(...args) {
  const child = spawn(site.bin, ['user', ...args], { env: site.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output: output.trim() })));
}

describe('two-step sign-in', () => {
  it('the owner turns it on, signs out, and signs in with password and code', async () => {
    const owner = await newOwner();
    await withPage(async (page) => {
      await signIn(page, site, owner);
      const app = await enrol(page);
      assert.equal(claims(await accessToken(page)).aal, 'aal2', 'the first code lifts this session');
      // It shows as on, with the app and a way to remove it, and how to get back in without the phone.
      await page.getByText('On: after your password, the admin asks for a code').waitFor();
      await page.getByRole('button', { name: 'Remove Authenticator app' }).waitFor();
      assert.ok(await page.getByText(`pleat user reset-mfa ${owner.email}`).isVisible());

      await signOut(page);
      await fillSignIn(page, owner);
      await page.getByRole('heading', { level: 1, name: 'Two-step sign-in' }).waitFor();
      assert.equal(await page.getByText(`Welcome, ${owner.email}`).count(), 0, 'nothing of the admin before the code');
      assert.equal(await focusedLabel(page), CODE_LABEL);

      await page.getByLabel(CODE_LABEL).fill(app.wrong());
      await page.keyboard.press('Enter');
      assert.match(await page.getByRole('alert').innerText(), /^That code is not right/);
      assert.equal(await focusedLabel(page), CODE_LABEL, 'back in the field after a refused code');

      await page.getByLabel(CODE_LABEL).fill((await app.next()).code);
      await page.keyboard.press('Enter');
      await page.getByText(`Welcome, ${owner.email}`).first().waitFor();
      assert.equal(claims(await accessToken(page)).aal, 'aal2');

      // Turning it off: the app is removed after a question, and the password alone works again.
      await openSection(page, 'Account');
      const asked = answerConfirm(page, true);
      await page.getByRole('button', { name: 'Remove Authenticator app' }).click();
      assert.equal((await asked).text, 'Two-step sign-in turns off: your password alone will sign in again.');
      await page.getByText('Two-step sign-in is off.').waitFor();
      await page.getByRole('button', { name: 'Turn on two-step sign-in' }).waitFor();
      const { rows } = await site.sql(
        `select count(*)::int as n from auth.mfa_factors f join auth.users u on u.id = f.user_id where u.email = $1`,
        [owner.email],
      );
      assert.equal(rows[0].n, 0);
      assertNoPageErrors(page);
    });
  });

  it('a password alone shows only the code step, and the database refuses that session', async () => {
    const owner = await newOwner();
    let app;
    await withPage(async (page) => {
      await signIn(page, site, owner);
      app = await enrol(page);
    });
    await withPage(async (page) => {
      await page.goto(`${site.url}/admin`);
      await fillSignIn(page, owner);
      await page.getByRole('heading', { level: 1, name: 'Two-step sign-in' }).waitFor();
      // The step says why the admin waits.
      assert.ok(await page.getByText('Until you enter it, the site cannot be changed from this session.').isVisible());
      assert.equal(await page.getByRole('navigation', { name: 'Admin sections' }).count(), 0);
      assert.equal(claims(await accessToken(page)).aal, 'aal1');

      const before = await heroTitle();
      assert.deepEqual(await patchHero(page, 'Password only'), { status: 200, rows: 0 });
      assert.equal(await heroTitle(), before, 'the database changed nothing for aal1');

      await page.getByLabel(CODE_LABEL).fill((await app.next()).code);
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByText(`Welcome, ${owner.email}`).first().waitFor();
      assert.deepEqual(await patchHero(page, 'After the code'), { status: 200, rows: 1 });
      assert.equal(await heroTitle(), 'After the code');
      assertNoPageErrors(page);
    });
  });

  it('turning it on ends the password-only sessions elsewhere; signing in again asks for the code over the open editor', async () => {
    const owner = await newOwner();
    const laptop = await site.openPage();
    try {
      await signIn(laptop, site, owner);
      assert.equal(claims(await accessToken(laptop)).aal, 'aal1');
      // An edit is under way on the laptop, not saved yet.
      await fieldByLabel(laptop, 'Title').waitFor();
      await fieldByLabel(laptop, 'Title').fill('Typed before the code');
      // On another device the owner turns two-step sign-in on (GoTrue ends the account's aal1 sessions then).
      let app;
      await withPage(async (phone) => {
        await signIn(phone, site, owner);
        app = await enrol(phone);
      });
      // The laptop's password-only session can no longer change the site...
      const before = await heroTitle();
      assert.equal((await patchHero(laptop, 'Old session')).status, 401);
      assert.equal(await heroTitle(), before);
      // ...its window says so when used again, and signing in there asks for the code.
      await laptop.evaluate(() => window.dispatchEvent(new Event('focus')));
      const dialog = laptop.getByTestId('session-ended');
      await dialog.waitFor();
      await dialog.getByLabel('Password', { exact: true }).fill(owner.password);
      await dialog.getByRole('button', { name: 'Sign In Again' }).click();
      await laptop.getByRole('heading', { level: 1, name: 'Two-step sign-in' }).waitFor();
      assert.ok(await laptop.getByText('Until you enter it, the site cannot be changed from this session.').isVisible());
      // The admin waits under the step, out of reach (inert) but with what was typed.
      assert.equal(await laptop.locator('[inert]').count(), 1);
      await laptop.getByLabel(CODE_LABEL).fill((await app.next()).code);
      await laptop.keyboard.press('Enter');
      await laptop.getByRole('heading', { level: 1, name: 'Two-step sign-in' }).waitFor({ state: 'detached' });
      assert.equal(await fieldByLabel(laptop, 'Title').inputValue(), 'Typed before the code');
      await laptop.getByRole('button', { name: 'Save Changes' }).click();
      await laptop.getByText('Hero content updated successfully!').waitFor();
      assert.equal(await heroTitle(), 'Typed before the code');
      assertNoPageErrors(laptop);
    } finally {
      await laptop.context().close();
    }
  });

  it('says when the server is unreachable, and when wrong codes are throttled, in plain words', async () => {
    const owner = await newOwner();
    await withPage(async (page) => {
      await page.context().setExtraHTTPHeaders({ 'X-Forwarded-For': '203.0.113.7' });
      await signIn(page, site, owner);
      const app = await enrol(page);
      await signOut(page);
      await fillSignIn(page, owner);
      const field = page.getByLabel(CODE_LABEL);
      await field.waitFor();

      await page.context().setOffline(true);
      await field.fill(app.wrong());
      await page.keyboard.press('Enter');
      assert.equal(await page.getByRole('alert').innerText(), "Can't reach the server. Check your connection and try again.");
      await page.context().setOffline(false);

      // Wrong codes until the server throttles the account (it allows a few dozen an hour).
      let text = '';
      for (let tries = 0; tries < 60 && !text.startsWith('Too many code attempts'); tries += 1) {
        const answered = page.waitForResponse(codeAnswered);
        await field.fill(app.wrong());
        await page.keyboard.press('Enter');
        await answered;
        await page.getByRole('alert').waitFor();
        text = await page.getByRole('alert').innerText();
      }
      assert.match(text, /^Too many code attempts\. Try again in \d+ minutes?\.$/);
      // Even the right code waits now: the account is refused unchecked.
      await field.fill((await app.next()).code);
      const refused = page.waitForResponse(codeAnswered);
      await page.keyboard.press('Enter');
      assert.equal((await refused).status(), 429);
      await page
        .getByRole('alert')
        .getByText(/^Too many code attempts/)
        .waitFor();
      assert.equal(await page.getByText(`Welcome, ${owner.email}`).count(), 0);
    });
  });

  it('Sign out works from the code step', () =>
    withPage(async (page) => {
      const owner = await newOwner();
      await signIn(page, site, owner);
      await enrol(page);
      await signOut(page);
      await fillSignIn(page, owner);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      assert.equal(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith('-auth-token')).length), 0);
    }));

  it('after `pleat user reset-mfa` the password alone signs in again', () =>
    withPage(async (page) => {
      const owner = await newOwner();
      await signIn(page, site, owner);
      await enrol(page);
      await signOut(page);

      const reset = await pleatUser('reset-mfa', owner.email);
      assert.equal(reset.code, 0, reset.output);
      assert.match(reset.output, new RegExp(`two-step sign-in is off for ${owner.email} \\(1 factor removed\\)`));

      await fillSignIn(page, owner);
      await page.getByText(`Welcome, ${owner.email}`).first().waitFor();
      await openSection(page, 'Account');
      await page.getByRole('button', { name: 'Turn on two-step sign-in' }).waitFor();
    }));

  it('turns on from the keyboard alone on a 390 px phone', () =>
    withPage(
      async (page) => {
        const owner = await newOwner();
        await signIn(page, site, owner);
        await openSection(page, 'Account');
        const turnOn = page.getByRole('button', { name: 'Turn on two-step sign-in' });
        await turnOn.waitFor();
        // Tab to the button as a keyboard user would.
        for (let i = 0; i < 80 && !(await turnOn.evaluate((el) => el === document.activeElement)); i += 1) {
          await page.keyboard.press('Tab');
        }
        assert.ok(await turnOn.evaluate((el) => el === document.activeElement), 'Tab reaches "Turn on two-step sign-in"');
        await page.keyboard.press('Enter');
        await page.getByTestId('totp-secret').waitFor();
        assert.equal(await focusedLabel(page), CODE_LABEL, 'focus moves to the code field');
        const qr = page.getByRole('img', { name: 'QR code to add this account to your authenticator app' });
        const box = await qr.boundingBox();
        assert.ok(box && box.x >= 0 && box.x + box.width <= 390, 'the QR code fits the phone');
        const app = authenticator(await page.getByTestId('totp-secret').innerText());
        await page.keyboard.type((await app.next()).code);
        await page.keyboard.press('Enter');
        await page.getByText('Two-step sign-in is on.').waitFor();

        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        assert.equal(overflow, 0, 'nothing wider than the phone');
        assertNoPageErrors(page);
      },
      { viewport: viewports.mobile, isMobile: true },
    ));
});
