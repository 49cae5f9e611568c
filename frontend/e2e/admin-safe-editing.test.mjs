// The admin's safety nets and keyboard paths: the unsaved-changes question on a
// section switch and on reload, Undo of a deletion (sent only after the undo window), the
// success message clearing on the next change, focus into a form and back, Save reachable
// by keyboard past the description editor, the network-error text, the tab title, the
// "View site" link, and every section reachable on a phone.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { viewports } from './lib/browser.mjs';
import { assertNoPageErrors } from './lib/site.mjs';
import { answerConfirm, eventually, fieldByLabel, openSection, signIn, startAdminSite } from './lib/admin.mjs';

const NETWORK_TEXT = "Can't reach the server. Check your connection and try again.";

let site;
let page;
before(async () => {
  site = await startAdminSite();
  page = await site.openPage();
  await signIn(page, site);
});
after(async () => {
  await page?.context().close();
  await site?.close();
});

const heroTitle = () => fieldByLabel(page, 'Title');

describe('unsaved changes', () => {
  it('asks before a section switch; Keep editing stays, Discard leaves', async () => {
    await heroTitle().waitFor();
    const original = await heroTitle().inputValue();
    await heroTitle().fill(`${original} (edited)`);

    let asked = answerConfirm(page, false);
    await openSection(page, 'Services');
    assert.match((await asked).text, /not saved/);
    assert.equal(await heroTitle().inputValue(), `${original} (edited)`);

    asked = answerConfirm(page, true);
    await openSection(page, 'Services');
    await asked;
    await page.getByTestId('service-item').first().waitFor();

    // Nothing changed: no question.
    await openSection(page, 'Hero Section');
    assert.equal(await heroTitle().inputValue(), original);
    await openSection(page, 'Services');
    await page.getByTestId('service-item').first().waitFor();
  });

  it('asks the browser before a reload loses changes', async () => {
    await openSection(page, 'Hero Section');
    await heroTitle().click();
    await page.keyboard.type(' unsaved');
    const dialog = new Promise((resolve) => page.once('dialog', resolve));
    const reload = page.evaluate(() => location.reload()).catch(() => {});
    const asked = await dialog;
    assert.equal(asked.type(), 'beforeunload');
    await asked.dismiss();
    await reload;
    assert.match(await heroTitle().inputValue(), / unsaved$/);

    // Leave for real: the change comes back after the reload, said so, and nothing was
    // saved; Discard throws it away.
    page.once('dialog', (d) => void d.accept());
    await page.reload();
    await heroTitle().waitFor();
    const restored = page.getByTestId('restored-draft');
    await restored.getByText('Restored your unsaved changes').waitFor();
    assert.match(await heroTitle().inputValue(), / unsaved$/);
    const { rows } = await site.sql('select title from hero_content');
    assert.doesNotMatch(rows[0].title, /unsaved/);
    await restored.getByRole('button', { name: 'Discard' }).click();
    assert.equal(await heroTitle().inputValue(), rows[0].title);
    await restored.waitFor({ state: 'detached' });
  });

  it('clears the success message as soon as a field changes again', async () => {
    await heroTitle().fill('Curtains made for your rooms');
    await page.getByRole('button', { name: 'Save' }).click();
    const success = page.getByText('Hero content updated successfully!');
    await success.waitFor();
    await heroTitle().fill('Curtains made for every room');
    await success.waitFor({ state: 'detached' });
    // Saving again leaves nothing unsaved, so switching asks nothing.
    await page.getByRole('button', { name: 'Save' }).click();
    await success.waitFor();
    await openSection(page, 'Services');
    await page.getByTestId('service-item').first().waitFor();
  });
});

describe('deleting with undo', () => {
  it('hides the row at once, puts it back on Undo, and never sends the delete', async () => {
    const count = async () => (await site.sql("select count(*)::int as n from services where title = 'Window Blinds'")).rows[0].n;
    const deletes = [];
    const listener = (request) => request.method() === 'DELETE' && deletes.push(request.url());
    page.on('request', listener);
    const asked = answerConfirm(page, true);
    await page.getByRole('button', { name: 'Delete Window Blinds' }).click();
    assert.equal((await asked).text, 'Are you sure you want to delete this service?');
    await page.getByRole('heading', { name: 'Window Blinds' }).waitFor({ state: 'detached' });
    const toast = page.getByTestId('undo-toast');
    assert.match(await toast.innerText(), /Service deleted\./);
    await toast.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('heading', { name: 'Window Blinds' }).waitFor();
    // Past the undo window (as the site was built: scripts/test shortens it): still there,
    // and no DELETE was ever sent.
    await page.waitForTimeout(Number(process.env.VITE_ADMIN_UNDO_MS || 6000) + 1000);
    page.off('request', listener);
    assert.deepEqual(deletes, []);
    assert.equal(await count(), 1);
  });

  it('sends a pending deletion when the page is left before the window ends', async () => {
    const count = async () => (await site.sql("select count(*)::int as n from services where title = 'Window Blinds'")).rows[0].n;
    const asked = answerConfirm(page, true);
    await page.getByRole('button', { name: 'Delete Window Blinds' }).click();
    await asked;
    await page.getByTestId('undo-toast').waitFor();
    await page.goto(`${site.url}/admin`);
    await eventually(count, 0);
  });
});

describe('focus and keyboard', () => {
  it('moves focus into the form on Edit and back to the Edit button after Cancel and Save', async () => {
    await page.getByText('Welcome, owner@example.com').first().waitFor();
    await openSection(page, 'Services');
    await page.getByRole('button', { name: 'Edit Furniture Covers' }).click();
    await page.getByTestId('service-form').waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.closest('[data-testid="service-form"]') !== null), true);
    await page.getByTestId('service-form').getByRole('button', { name: 'Cancel' }).click();
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Edit Furniture Covers');

    await page.keyboard.press('Enter');
    await page.getByTestId('service-form').getByRole('button', { name: 'Save' }).click();
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Edit Furniture Covers');
  });

  it('asks nothing on Cancel of an untouched form with a rich description', async () => {
    await openSection(page, 'Portfolio');
    await page.getByRole('button', { name: 'Edit Living Room Linen Drapes' }).click();
    const form = page.getByTestId('portfolio-form');
    await form.locator('.ql-editor').waitFor();
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });
    assert.equal(await page.getByTestId('confirm-dialog').count(), 0);
  });

  it('reaches Save in the portfolio form by keyboard alone, past the description editor', async () => {
    await page.getByRole('button', { name: 'Add Portfolio Item' }).click();
    const form = page.getByTestId('portfolio-form');
    await form.locator('.ql-editor').waitFor();
    let passedEditor = false;
    let reached = false;
    for (let i = 0; i < 60 && !reached; i++) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() => {
        const el = document.activeElement;
        return { editor: el?.classList.contains('ql-editor') ?? false, text: el?.textContent?.trim(), type: el?.getAttribute('type') };
      });
      if (where.editor) passedEditor = true;
      reached = where.type === 'submit' && where.text === 'Save';
    }
    assert.ok(passedEditor, 'the editor is in the tab order');
    assert.ok(reached, 'Tab reached Save');
    // Shift+Tab goes back the same way (no trap either way).
    await page.keyboard.press('Shift+Tab');
    await form.getByRole('button', { name: 'Cancel' }).click();
  });

  it('marks a broken field and focuses it instead of the browser bubble', async () => {
    await page.getByRole('button', { name: 'Add Portfolio Item' }).click();
    const form = page.getByTestId('portfolio-form');
    await fieldByLabel(form, 'Title').fill('Bay window');
    // The photos' address field (the gallery editor took the place of "Main Image URL").
    const image = fieldByLabel(form, 'Image address to add');
    await image.fill('not an address');
    await form.getByRole('button', { name: 'Save' }).click();
    assert.equal(await image.getAttribute('aria-invalid'), 'true');
    assert.ok(await image.evaluate((el) => el === document.activeElement));
    await form
      .getByRole('alert')
      .getByText(/^Image address to add:/)
      .waitFor();
    await image.fill('https://example.com/bay.jpg');
    assert.equal(await image.getAttribute('aria-invalid'), null);
    const asked = answerConfirm(page, true);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await asked;
  });
});

describe('honest failures and small things', () => {
  it('says the server cannot be reached instead of "Failed to fetch"', async () => {
    await page.route('**/rest/v1/testimonials?**', (route) => route.abort('internetdisconnected'));
    try {
      await openSection(page, 'Testimonials');
      // supabase-js (postgrest-js) tries a failed read three more times, 1 + 2 + 4 s apart,
      // before the error reaches the page: seven seconds before anything can show.
      await page.getByRole('alert').getByText(NETWORK_TEXT).waitFor({ timeout: 45_000 });
      assert.equal(await page.getByText(/Failed to fetch|TypeError/).count(), 0);
    } finally {
      await page.unroute('**/rest/v1/testimonials?**');
    }
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByTestId('testimonial-admin-card').first().waitFor();
  });

  it('names the tab after the site and links to it', async () => {
    await page.waitForFunction(() => document.title === 'Admin – Pleat Interiors');
    const link = page.getByRole('link', { name: 'View site' });
    assert.equal(await link.getAttribute('href'), '/');
    assertNoPageErrors(page);
  });

  it('reaches every section on a 390 px phone, each scrolled on screen in the menu', async () => {
    const phone = await site.openPage({ viewport: viewports.mobile, isMobile: true });
    try {
      await signIn(phone, site);
      const buttons = phone.getByRole('navigation', { name: 'Admin sections' }).getByRole('button');
      const count = await buttons.count();
      assert.ok(count >= 7);
      for (let i = 0; i < count; i++) {
        await buttons.nth(i).scrollIntoViewIfNeeded();
        // The row may scroll smoothly: wait until the button has come fully on screen.
        await phone.waitForFunction(
          (el) => {
            const r = el.getBoundingClientRect();
            return r.left >= -1 && r.right <= window.innerWidth + 1;
          },
          await buttons.nth(i).elementHandle(),
        );
      }
      assert.ok(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
    } finally {
      await phone.context().close();
    }
  });
});
