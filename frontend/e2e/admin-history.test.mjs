// Drafts, preview and history as the owner uses them, on a phone and on a desktop: a
// draft saved, seen at the preview link by the editor (not by a visitor), then
// published; a draft kept across a reload and published by Save Changes; a service's
// earlier version restored; a deleted testimonial restored from
// Recently deleted. Each step is checked on the page a visitor sees.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { viewports } from './lib/browser.mjs';
import { assertNoPageErrors, waitForLanding } from './lib/site.mjs';
import { answerConfirm, eventually, fieldByLabel, openSection, signIn, startAdminSite } from './lib/admin.mjs';

let site;
before(async () => {
  site = await startAdminSite();
});
after(async () => {
  await site?.close();
});

/** Opens `path` as a visitor (a fresh browser, never signed in) and runs `fn` on it. */
async function asVisitor(path, fn) {
  const visitor = await site.openPage();
  try {
    await visitor.goto(`${site.url}${path}`);
    await waitForLanding(visitor);
    await fn(visitor);
    assertNoPageErrors(visitor);
  } finally {
    await visitor.context().close();
  }
}

const heroTitle = (page) => page.getByRole('heading', { level: 1 });

for (const [name, viewport] of [
  ['phone', viewports.mobile],
  ['desktop', viewports.desktop],
]) {
  describe(`at ${viewport.width} px (${name})`, () => {
    let page;
    before(async () => {
      page = await site.openPage({ viewport, isMobile: name === 'phone' });
      await signIn(page, site);
    });
    after(async () => {
      await page?.context().close();
    });

    it('saves a draft, previews it to the editor only, then publishes it', async () => {
      const { rows: live } = await site.sql('select title from hero_content');
      const draftTitle = `Draft hero ${viewport.width}`;
      await openSection(page, 'Hero Section');
      await fieldByLabel(page, 'Title').fill(draftTitle);
      await page.getByRole('button', { name: 'Keep as Draft' }).click();
      await page.getByText('Draft saved. Visitors still see the published version.').waitFor();
      const bar = page.getByTestId('draft-bar');
      await bar.getByText('Draft', { exact: true }).waitFor();
      const { rows: stored } = await site.sql('select title from hero_content');
      assert.deepEqual(stored, live, 'a draft leaves the live row alone');

      // The editor's preview link shows the draft on the real page, under the banner.
      const [preview] = await Promise.all([page.context().waitForEvent('page'), bar.getByRole('link', { name: 'Preview' }).click()]);
      await preview.waitForLoadState();
      assert.match(preview.url(), /\?preview=drafts#hero$/);
      await preview.getByTestId('preview-banner').getByText('Preview: showing drafts').waitFor();
      await heroTitle(preview).getByText(draftTitle).waitFor();
      await preview.close();

      // A visitor at the same link, and at the plain page, sees the published title.
      for (const path of ['/?preview=drafts', '/']) {
        await asVisitor(path, async (visitor) => {
          assert.equal((await heroTitle(visitor).innerText()).trim(), live[0].title);
          assert.equal(await visitor.getByTestId('preview-banner').count(), 0);
        });
      }

      await bar.getByRole('button', { name: 'Publish' }).click();
      await page.getByText('Draft published. Visitors now see it.').waitFor();
      await bar.waitFor({ state: 'detached' });
      await asVisitor('/', async (visitor) => {
        assert.equal((await heroTitle(visitor).innerText()).trim(), draftTitle);
      });
      const { rows: drafts } = await site.sql('select count(*)::int as n from content_drafts');
      assert.equal(drafts[0].n, 0);
    });

    it('keeps a draft across a reload, and Save Changes over it publishes it and drops it', async () => {
      const draftTitle = `About draft ${viewport.width}`;
      await openSection(page, 'About');
      await fieldByLabel(page, 'Section Title').fill(draftTitle);
      await page.getByRole('button', { name: 'Keep as Draft' }).click();
      await page.getByTestId('draft-bar').waitFor();

      await page.reload();
      await page.getByText('Welcome, owner@example.com').first().waitFor();
      await openSection(page, 'About');
      await page.getByTestId('draft-bar').waitFor();
      assert.equal(await fieldByLabel(page, 'Section Title').inputValue(), draftTitle, 'the form opens with the draft');

      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByTestId('draft-bar').waitFor({ state: 'detached' });
      const { rows } = await site.sql('select title from about_content');
      assert.deepEqual(rows, [{ title: draftTitle }]);
      const { rows: drafts } = await site.sql('select count(*)::int as n from content_drafts');
      assert.equal(drafts[0].n, 0);
    });

    it("restores a service's earlier version from its history", async () => {
      const { rows } = await site.sql('select id, title from services order by sort_order limit 1');
      const [service] = rows;
      const first = `First title ${viewport.width}`;
      const second = `Second title ${viewport.width}`;
      await openSection(page, 'Services');
      const form = page.getByTestId('service-form');
      let current = service.title;
      for (const title of [first, second]) {
        await page.getByRole('button', { name: `Edit ${current}` }).click();
        await fieldByLabel(form, 'Title').fill(title);
        await form.getByRole('button', { name: 'Save', exact: true }).click();
        await form.waitFor({ state: 'detached' });
        current = title;
      }

      await page.getByRole('button', { name: `Edit ${second}` }).click();
      await page.getByRole('button', { name: 'History' }).click();
      const entries = page.getByTestId('history-entry');
      await entries.first().getByText('Current version').waitFor();
      // Newest first: the second change, the first change, the seeded version.
      assert.match(await entries.nth(0).innerText(), /Changed: title/);
      assert.match(await entries.nth(1).innerText(), /owner@example\.com/);
      const asked = answerConfirm(page, true);
      await entries.nth(1).getByRole('button', { name: 'Restore this version' }).click();
      assert.match((await asked).text, /goes back to how it was/);
      await page.getByText('Version restored.').waitFor();
      await form.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: `Edit ${first}` }).waitFor();

      const { rows: after } = await site.sql('select title from services where id = $1', [service.id]);
      assert.equal(after[0].title, first);
      await asVisitor('/', async (visitor) => {
        await visitor.locator('#services').getByText(first, { exact: true }).waitFor();
        assert.equal(await visitor.locator('#services').getByText(second, { exact: true }).count(), 0);
      });
    });

    it('restores a deleted testimonial from Recently deleted, under its id', async () => {
      const { rows } = await site.sql('select id, name from testimonials order by sort_order limit 1');
      const [testimonial] = rows;
      await openSection(page, 'Testimonials');
      const asked = answerConfirm(page, true);
      await page.getByRole('button', { name: `Delete ${testimonial.name}` }).click();
      await asked;
      const count = async () => (await site.sql('select count(*)::int as n from testimonials where id = $1', [testimonial.id])).rows[0].n;
      await eventually(count, 0);

      await page.getByRole('button', { name: 'Recently deleted' }).click();
      const deleted = page.getByTestId('deleted-item').filter({ hasText: testimonial.name });
      await deleted.getByText(/Deleted by owner@example\.com/).waitFor();
      await deleted.getByRole('button', { name: `Restore ${testimonial.name}` }).click();
      await page.getByText('Item restored.').waitFor();
      await page.getByRole('button', { name: `Delete ${testimonial.name}` }).waitFor();
      assert.equal(await count(), 1);
      await asVisitor('/', async (visitor) => {
        await visitor.locator('#testimonials').getByText(testimonial.name).first().waitFor();
      });
      assertNoPageErrors(page);
    });
  });
}

// Drafts inside the editors that save only over the version they loaded: what the owner
// keeps as a draft is not offered back as "unsaved" after a reload, and a publish or a
// restore moves the open form onto the new version, so its next save is no conflict.
describe('drafts in the guarded editors (1280 px)', () => {
  let page;
  before(async () => {
    page = await site.openPage({ viewport: viewports.desktop });
    await signIn(page, site);
  });
  after(async () => {
    await page?.context().close();
  });

  const noConflict = async () => assert.equal(await page.getByTestId('edit-conflict').count(), 0, 'no conflict is shown');

  it('a kept draft is not restored as unsaved after a reload; after publishing it, and after a restore, Save Changes saves', async () => {
    const title = 'Kept hero draft';
    await openSection(page, 'Hero Section');
    await fieldByLabel(page, 'Title').fill(title);
    await page.getByRole('button', { name: 'Keep as Draft' }).click();
    await page.getByText('Draft saved. Visitors still see the published version.').waitFor();
    await page.getByTestId('draft-bar').waitFor();

    await page.reload();
    await page.getByText('Welcome, owner@example.com').first().waitFor();
    await openSection(page, 'Hero Section');
    await page.getByTestId('draft-bar').waitFor();
    assert.equal(await fieldByLabel(page, 'Title').inputValue(), title, 'the form opens with the draft');
    assert.equal(await page.getByText('Restored your unsaved changes.').count(), 0, 'the draft is not unsaved work');

    await page.getByTestId('draft-bar').getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Draft published. Visitors now see it.').waitFor();
    await page.getByTestId('draft-bar').waitFor({ state: 'detached' });
    await fieldByLabel(page, 'Subtitle').fill('Published, then edited');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Hero content updated successfully!').waitFor();
    await noConflict();
    const { rows } = await site.sql('select title, subtitle from hero_content');
    assert.deepEqual(rows, [{ title, subtitle: 'Published, then edited' }]);

    // Back to the published draft's version (before the subtitle), then a save over it.
    await page.getByRole('button', { name: 'History' }).click();
    const entries = page.getByTestId('history-entry');
    await entries.first().getByText('Current version').waitFor();
    const asked = answerConfirm(page, true);
    await entries.nth(1).getByRole('button', { name: 'Restore this version' }).click();
    await asked;
    await page.getByText('Version restored.').waitFor();
    await eventually(async () => (await site.sql('select subtitle from hero_content')).rows[0].subtitle !== 'Published, then edited', true);
    await fieldByLabel(page, 'Title').fill('Restored, then edited');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Hero content updated successfully!').waitFor();
    await noConflict();
    const { rows: saved } = await site.sql('select title from hero_content');
    assert.deepEqual(saved, [{ title: 'Restored, then edited' }]);
    assertNoPageErrors(page);
  });

  it("publishing the open item's draft keeps its form, and its save goes over the published version", async () => {
    const { rows } = await site.sql('select id, title from services order by sort_order limit 1');
    const [service] = rows;
    const form = page.getByTestId('service-form');
    await openSection(page, 'Services');
    await page.getByRole('button', { name: `Edit ${service.title}` }).click();
    await fieldByLabel(form, 'Title').fill('Drafted service');
    await form.getByRole('button', { name: 'Keep as Draft' }).click();
    await form.waitFor({ state: 'detached' });
    await page.getByTestId('draft-bar').waitFor();

    await page.getByRole('button', { name: `Edit ${service.title}` }).click();
    assert.equal(await fieldByLabel(form, 'Title').inputValue(), 'Drafted service', 'the form opens with the draft');
    await page.getByTestId('draft-bar').getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Draft published. Visitors now see it.').waitFor();
    await page.getByTestId('draft-bar').waitFor({ state: 'detached' });
    assert.equal(await fieldByLabel(form, 'Title').inputValue(), 'Drafted service', 'the open form is kept');

    await fieldByLabel(form, 'Description').fill('Saved over the published draft.');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await form.waitFor({ state: 'detached' });
    await noConflict();
    const { rows: saved } = await site.sql('select title, description from services where id = $1', [service.id]);
    assert.deepEqual(saved, [{ title: 'Drafted service', description: 'Saved over the published draft.' }]);
    assertNoPageErrors(page);
  });
});
