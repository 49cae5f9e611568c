// A session that ends while the admin is open, end to end: the password changed from
// outside (`pleat user passwd`, which ends every session of the account) while an edit is
// open → Save says the signed-out sentence, sign-in appears over the editor, the edit is
// still there and then saves; a Sign Out in one tab shows in the other, whose edit
// survives and saves once either tab signs in again; a tab that was away (focus) or a new
// tab finds out on its own.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { addOwner, fieldByLabel, fillSignIn, openSection, signIn, toneOf } from './lib/admin.mjs';
import { screenshotPath, viewports } from './lib/browser.mjs';
import { assertNoPageErrors, startSite } from './lib/site.mjs';

const SIGNED_OUT = 'You were signed out. Sign in again; your changes are kept.';
const SAVED = 'Hero content updated successfully!';

let site;
before(async () => {
  site = await startSite();
});
after(async () => {
  await site?.close();
});

/** Runs `pleat user passwd EMAIL` as the server's operator would, the password on stdin. */
async function passwd(email, password) {
  const child = spawn(site.bin, ['user', 'passwd', email], { env: site.env, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  child.stdin.end(`${password}\n`);
  const code = await new Promise((resolve) => child.once('exit', resolve));
  assert.equal(code, 0, `pleat user passwd failed: ${output}`);
}

const title = (page) => fieldByLabel(page, 'Title');
const message = (page) => page.locator('main [data-tone]');
const dialog = (page) => page.getByTestId('session-ended');

async function storedTitle() {
  return (await site.sql('select title from hero_content')).rows[0].title;
}

async function signInAgain(page, password) {
  const form = dialog(page);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In Again' }).click();
  await form.waitFor({ state: 'detached' });
}

for (const [name, viewport, isMobile] of [
  ['laptop', viewports.desktop, false],
  ['phone', viewports.mobile, true],
]) {
  describe(`on a ${name}`, () => {
    it('a save after `pleat user passwd` says so, offers sign-in over the editor, keeps the edit, and saves after signing in', async () => {
      const owner = { email: `passwd-${name}@example.com`, password: 'First password 1' };
      await addOwner(site, owner);
      const page = await site.openPage({ viewport, isMobile });
      try {
        await signIn(page, site, owner);
        await openSection(page, 'Hero Section');
        const typed = `Typed before the password changed (${name})`;
        await title(page).fill(typed);

        await passwd(owner.email, 'Second password 2');
        await page.getByRole('button', { name: 'Save Changes' }).click();
        await message(page).filter({ hasText: SIGNED_OUT }).waitFor();
        assert.equal(await toneOf(message(page)), 'error');
        await dialog(page).waitFor();
        assert.equal(await dialog(page).getByLabel('Email Address').inputValue(), owner.email, 'the email is filled in');
        await page.getByText('Signed out', { exact: true }).waitFor();
        await page.screenshot({ path: screenshotPath(`admin-session-ended-${viewport.width}.png`) });
        assert.notEqual(await storedTitle(), typed);

        // The old password is refused in place, without losing anything.
        await dialog(page).getByLabel('Password', { exact: true }).fill(owner.password);
        await dialog(page).getByRole('button', { name: 'Sign In Again' }).click();
        await dialog(page).getByText('Invalid email or password. Please try again.').waitFor();
        await signInAgain(page, 'Second password 2');

        await page.getByText(`Welcome, ${owner.email}`).first().waitFor();
        assert.equal(await title(page).inputValue(), typed, 'the edit survived the sign-in');
        await page.getByRole('button', { name: 'Save Changes' }).click();
        await message(page).filter({ hasText: SAVED }).waitFor();
        assert.equal(await storedTitle(), typed);
        assertNoPageErrors(page);
      } finally {
        await page.context().close();
      }
    });
  });
}

describe('several tabs', () => {
  it('a Sign Out in one tab shows in the other, whose edit survives and saves once the first tab signs in again', async () => {
    const owner = { email: 'two-tabs@example.com', password: 'Two tabs pass 1' };
    await addOwner(site, owner);
    const first = await site.openPage();
    const context = first.context();
    try {
      await signIn(first, site, owner);
      const second = await context.newPage();
      await second.goto(`${site.url}/admin`);
      await second.getByText(`Welcome, ${owner.email}`).first().waitFor();
      await openSection(second, 'Hero Section');
      const typed = 'Typed in the second tab';
      await title(second).fill(typed);

      await first.getByRole('button', { name: 'Sign Out' }).click();
      // The tab that signed out goes to the sign-in screen; the other keeps its editor under the dialog.
      await first.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      await dialog(second).waitFor();
      assert.equal(await title(second).inputValue(), typed);

      await fillSignIn(first, owner);
      await first.getByText(`Welcome, ${owner.email}`).first().waitFor();
      await dialog(second).waitFor({ state: 'detached' });
      assert.equal(await title(second).inputValue(), typed);
      await second.getByRole('button', { name: 'Save Changes' }).click();
      await message(second).filter({ hasText: SAVED }).waitFor();
      assert.equal(await storedTitle(), typed);
      assertNoPageErrors(first);
    } finally {
      await context.close();
    }
  });

  it('a tab coming back into focus, and a new tab, find an ended session without a save', async () => {
    const owner = { email: 'focus@example.com', password: 'Focus pass 1' };
    await addOwner(site, owner);
    const page = await site.openPage();
    const context = page.context();
    try {
      await signIn(page, site, owner);
      await passwd(owner.email, 'Focus pass 2');
      // What the browser sends when the owner comes back to this window.
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await dialog(page).waitFor();

      await signInAgain(page, 'Focus pass 2');
      await page.getByText(`Welcome, ${owner.email}`).first().waitFor();

      // A new tab opened after the session ended elsewhere checks it as it opens.
      await passwd(owner.email, 'Focus pass 3');
      const fresh = await context.newPage();
      await fresh.goto(`${site.url}/admin`);
      await dialog(fresh).waitFor();
      await signInAgain(fresh, 'Focus pass 3');
      await fresh.getByText(`Welcome, ${owner.email}`).first().waitFor();
      assertNoPageErrors(page);
    } finally {
      await context.close();
    }
  });
});
