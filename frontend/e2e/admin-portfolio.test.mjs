// Portfolio Management: the cards (badges, category, clamp), the add form as the first
// card with its photo gallery (addresses here; uploads in media.test.mjs) and the Quill editor, the edit form in its card's place, the exact
// payloads, delete after the confirmation, a visible error when a save fails, and the new
// project on the public pages with its two photos and bold text in the popup.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertNoPageErrors, waitForLanding } from './lib/site.mjs';
import { answerConfirm, eventually, fieldByLabel, openSection, recordWrites, signIn, startAdminSite } from './lib/admin.mjs';

let site;
let page;
before(async () => {
  site = await startAdminSite();
  page = await site.openPage();
  await signIn(page, site);
  await openSection(page, 'Portfolio');
  await page.getByTestId('portfolio-admin-card').first().waitFor();
});
after(async () => {
  await page?.context().close();
  await site?.close();
});

const cards = () => page.getByTestId('portfolio-admin-card');
const form = () => page.getByTestId('portfolio-form');
const grid = () => form().locator('xpath=..');
const rows = () => form().getByTestId('gallery-photo');
const addAddress = async (address) => {
  await form().getByLabel('Image address to add').fill(address);
  await form().getByRole('button', { name: 'Add', exact: true }).click();
};
const field = (label) => fieldByLabel(form(), label);
const NEW_TITLE = 'Nursery Blackout Blinds';

describe('portfolio management', () => {
  it('shows the heading, subtitle and a card per item with its badges', async () => {
    assert.ok(await page.getByRole('heading', { name: 'Portfolio Management' }).isVisible());
    assert.ok(await page.getByText('Manage your portfolio items and showcase your work').isVisible());
    const { rows: items } = await site.sql(
      'select title, category, featured, cardinality(images) as n from portfolio_items order by sort_order',
    );
    assert.equal(await cards().count(), items.length);
    for (const [i, item] of items.entries()) {
      const card = cards().nth(i);
      assert.equal(await card.locator('h3').innerText(), item.title);
      assert.equal(await card.getByText(/^\d+ images$/).count(), item.n > 1 ? 1 : 0, item.title);
      if (item.n > 1) assert.ok(await card.getByText(`${item.n} images`).isVisible());
      assert.equal(await card.getByText('Featured', { exact: true }).count(), item.featured ? 1 : 0);
    }
    assert.ok(await page.getByTestId('portfolio-admin-card').filter({ hasText: 'Velvet Sofa' }).getByText('Furniture Covers').isVisible());
    assert.equal(await cards().first().locator('p.line-clamp-2').count(), 1);
  });

  it('opens the add form as the first card, with the defaults and an empty gallery that takes addresses', async () => {
    await page.getByRole('button', { name: 'Add Portfolio Item' }).click();
    await form().locator('.ql-editor').waitFor();
    assert.equal(await grid().locator(':scope > *').first().getAttribute('data-testid'), 'portfolio-form');
    assert.equal(await field('Category').inputValue(), 'curtains');
    assert.deepEqual(
      await field('Category')
        .locator('option')
        .evaluateAll((o) => o.map((x) => x.value)),
      ['curtains', 'blinds', 'furniture-covers', 'other'],
    );
    assert.equal(await form().getByLabel('Featured').isChecked(), false);
    assert.ok(
      await form()
        .getByText(/straight from your phone or camera/)
        .isVisible(),
    );
    assert.equal(await rows().count(), 0);
    assert.ok(await form().getByRole('button', { name: 'Add photos' }).isVisible());

    await addAddress('/images/portfolio/window-seat-1.svg');
    await addAddress('/images/portfolio/window-seat-1.svg');
    assert.equal(await rows().count(), 1, 'the same address is not added twice');
    await addAddress('/images/portfolio/furniture-covers-1.svg');
    assert.equal(await rows().count(), 2);
    await form().getByRole('button', { name: 'Remove photo 2' }).click();
    await form().getByRole('button', { name: 'Remove photo 1' }).click();
    assert.equal(await rows().count(), 0);
  });

  it('has the toolbar of the spec and an editor at least 120 px high', async () => {
    const toolbar = form().locator('.ql-toolbar');
    for (const format of ['header', 'bold', 'italic', 'underline', 'strike', 'color', 'background', 'align', 'link', 'clean']) {
      assert.equal((await toolbar.locator(`.ql-${format}`).count()) > 0, true, format);
    }
    assert.deepEqual(await toolbar.locator('button.ql-list').evaluateAll((b) => b.map((x) => x.value)), ['ordered', 'bullet']);
    assert.deepEqual(await toolbar.locator('select.ql-header option').evaluateAll((o) => o.map((x) => x.value)), ['1', '2', '3', '']);
    const height = await form()
      .locator('.ql-editor')
      .evaluate((el) => el.getBoundingClientRect().height);
    assert.ok(height >= 120, `${height}`);
  });

  it('saves a new featured item with two images and bold text at sort_order = count', async () => {
    const { rows: count } = await site.sql('select count(*)::int as n from portfolio_items');
    await field('Title').fill(` ${NEW_TITLE} `);
    await addAddress('/images/portfolio/study-roman-blinds-1.svg');
    await addAddress(' /images/portfolio/kitchen-roller-blinds-2.svg ');
    await field('Category').selectOption('blinds');
    await form().getByLabel('Featured').check();
    const editor = form().locator('.ql-editor');
    await editor.click();
    await page.keyboard.type('Blackout blinds with ');
    await form().locator('.ql-toolbar button.ql-bold').click();
    await page.keyboard.type('cordless lifts');
    await form().locator('.ql-toolbar button.ql-bold').click();
    await page.keyboard.type(' for a nursery.');

    const { writes, stop } = recordWrites(page, 'portfolio_items');
    await form().getByRole('button', { name: 'Save' }).click();
    await form().waitFor({ state: 'detached' });
    stop();
    assert.equal(writes.length, 1);
    assert.equal(writes[0].method, 'POST');
    const { description, ...rest } = writes[0].body;
    assert.deepEqual(rest, {
      title: NEW_TITLE,
      image_url: '/images/portfolio/study-roman-blinds-1.svg',
      images: ['/images/portfolio/study-roman-blinds-1.svg', '/images/portfolio/kitchen-roller-blinds-2.svg'],
      image_alts: ['', ''],
      image_focus: ['', ''],
      category: 'blinds',
      featured: true,
      sort_order: count[0].n,
    });
    assert.equal(description, '<p>Blackout blinds with <strong>cordless lifts</strong> for a nursery.</p>');

    const card = cards().filter({ hasText: NEW_TITLE });
    await card.waitFor();
    assert.ok(await card.getByText('2 images').isVisible());
    assert.ok(await card.getByText('Featured', { exact: true }).isVisible());
  });

  it('shows the new project on /portfolio and the landing page, with both photos and the bold text in the popup', async () => {
    const visitor = await site.openPage();
    try {
      await visitor.goto(`${site.url}/portfolio`);
      const card = visitor.getByTestId('portfolio-card').filter({ hasText: NEW_TITLE });
      await card.waitFor();
      await card.getByRole('button', { name: NEW_TITLE }).click();
      const dialog = visitor.getByRole('dialog');
      await dialog.waitFor();
      assert.equal(await dialog.locator('strong', { hasText: 'cordless lifts' }).count(), 1);
      assert.ok(
        await dialog
          .getByTestId('gallery-counter')
          .innerText()
          .then((t) => t.endsWith('of 2')),
      );
      assert.ok(await dialog.getByText('2 Photos').isVisible());
      await visitor.keyboard.press('Escape');

      await visitor.goto(`${site.url}/`);
      await waitForLanding(visitor);
      assert.ok(await visitor.locator('#portfolio').getByRole('button', { name: NEW_TITLE }).isVisible());
    } finally {
      await visitor.context().close();
    }
  });

  it('edits in place: the form takes the card’s position, with every photo in order, the main one first', async () => {
    const { rows: before } = await site.sql('select id, sort_order from portfolio_items where title = $1', [NEW_TITLE]);
    const index = (await cards().locator('h3').allInnerTexts()).indexOf(NEW_TITLE);
    await page.getByRole('button', { name: `Edit ${NEW_TITLE}` }).click();
    await form().locator('.ql-editor').waitFor();
    const position = await form().evaluate((el) => [...el.parentElement.children].indexOf(el));
    assert.equal(position, index);
    assert.equal(await field('Title').inputValue(), NEW_TITLE);
    assert.deepEqual(await rows().evaluateAll((items) => items.map((li) => li.dataset.url)), [
      '/images/portfolio/study-roman-blinds-1.svg',
      '/images/portfolio/kitchen-roller-blinds-2.svg',
    ]);
    assert.ok(await form().locator('.ql-editor strong', { hasText: 'cordless lifts' }).isVisible());

    const { writes, stop } = recordWrites(page, 'portfolio_items');
    await field('Title').fill('Nursery Roman Blinds');
    await form().getByRole('button', { name: 'Save' }).click();
    await form().waitFor({ state: 'detached' });
    stop();
    assert.equal(writes[0].method, 'PATCH');
    assert.equal(writes[0].url.searchParams.get('id'), `eq.${before[0].id}`);
    // Guarded on the version the form loaded (lib/table-writes.ts).
    assert.match(writes[0].url.searchParams.get('updated_at') ?? '', /^eq\.\d{4}-/);
    assert.equal(writes[0].body.sort_order, before[0].sort_order);
    assert.ok(writes[0].body.updated_at);
    assert.equal(writes[0].body.description, '<p>Blackout blinds with <strong>cordless lifts</strong> for a nursery.</p>');
    await cards().filter({ hasText: 'Nursery Roman Blinds' }).waitFor();
  });

  it('shows an error and keeps the form when the save fails', async () => {
    await page.route('**/rest/v1/portfolio_items?**', (route) =>
      route.request().method() === 'GET' ? route.continue() : route.abort('connectionrefused'),
    );
    try {
      await page.getByRole('button', { name: 'Edit Nursery Roman Blinds' }).click();
      await field('Title').fill('Not saved');
      await form().getByRole('button', { name: 'Save' }).click();
      await form().getByRole('alert').getByText('Error saving portfolio item. Please try again.').waitFor();
      assert.equal(await field('Title').inputValue(), 'Not saved');
    } finally {
      await page.unroute('**/rest/v1/portfolio_items?**');
    }
    const asked = answerConfirm(page, true);
    await form().getByRole('button', { name: 'Cancel' }).click();
    await asked;
    await cards().filter({ hasText: 'Nursery Roman Blinds' }).waitFor();
  });

  it('deletes only after the confirmation', async () => {
    const count = async () =>
      (await site.sql("select count(*)::int as n from portfolio_items where title = 'Nursery Roman Blinds'")).rows[0].n;
    let asked = answerConfirm(page, false);
    await page.getByRole('button', { name: 'Delete Nursery Roman Blinds' }).click();
    assert.equal((await asked).text, 'Are you sure you want to delete this portfolio item?');
    assert.equal(await count(), 1);
    asked = answerConfirm(page, true);
    await page.getByRole('button', { name: 'Delete Nursery Roman Blinds' }).click();
    await asked;
    await cards().filter({ hasText: 'Nursery Roman Blinds' }).waitFor({ state: 'detached' });
    await eventually(count, 0);
    assertNoPageErrors(page);
  });
});
