// /portfolio: every project, category filters, placeholders, empty text and the closing
// call to action.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertNoPageErrors, startSite, withoutInlinedData } from './lib/site.mjs';

let site;
before(async () => {
  site = await startSite();
});
after(async () => {
  await site?.close();
});

const cards = (page) => page.getByTestId('portfolio-card');

describe('/portfolio', () => {
  let page;
  before(async () => {
    page = await site.openPage();
    await page.goto(`${site.url}/portfolio`);
    await cards(page).first().waitFor();
  });
  after(async () => page.context().close());

  it('shows the back link, the banner and every project with a 3-line clamp', async () => {
    assert.equal(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href'), '/');
    assert.ok(await page.getByRole('heading', { level: 1, name: 'Our Portfolio' }).isVisible());
    const { rows } = await site.sql('select title from portfolio_items order by sort_order');
    assert.deepEqual(
      await cards(page).locator('h3').allInnerTexts(),
      rows.map((r) => r.title),
    );
    assert.equal(await cards(page).locator('p.line-clamp-3').count(), rows.length);
  });

  it("offers 'All Projects' and one filter per category used", async () => {
    const group = page.getByRole('group', { name: 'Filter projects by category' });
    assert.deepEqual(await group.getByRole('button').allInnerTexts(), ['All Projects', 'Curtains', 'Blinds', 'Furniture Covers', 'Other']);
    assert.equal(await group.getByRole('button', { name: 'All Projects' }).getAttribute('aria-pressed'), 'true');
  });

  it('filters by category', async () => {
    const group = page.getByRole('group', { name: 'Filter projects by category' });
    await group.getByRole('button', { name: 'Blinds' }).click();
    assert.deepEqual(await cards(page).locator('h3').allInnerTexts(), ['Kitchen Roller Blinds', 'Study Roman Blinds']);
    assert.equal(await group.getByRole('button', { name: 'Blinds' }).getAttribute('aria-pressed'), 'true');
    await group.getByRole('button', { name: 'Furniture Covers' }).click();
    assert.deepEqual(await cards(page).locator('h3').allInnerTexts(), ['Velvet Sofa & Armchair Covers']);
    await group.getByRole('button', { name: 'All Projects' }).click();
    assert.equal(await cards(page).count(), 6);
  });

  it('ends with a call to action to /#contact', async () => {
    assert.equal(await page.getByRole('link', { name: /Get Your Free Quote/ }).getAttribute('href'), '/#contact');
    assertNoPageErrors(page);
  });
});

describe('/portfolio states', () => {
  it('shows 9 placeholder cards while loading (a page without inlined data)', async () => {
    const page = await site.openPage();
    await withoutInlinedData(page, `${site.url}/portfolio`);
    let release;
    const held = new Promise((resolve) => (release = resolve));
    await page.route('**/rest/v1/portfolio_items**', async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.goto(`${site.url}/portfolio`);
      await page.getByTestId('portfolio-card-skeleton').first().waitFor();
      assert.equal(await page.getByTestId('portfolio-card-skeleton').count(), 9);
      release();
      await cards(page).first().waitFor();
      assert.equal(await page.getByTestId('portfolio-card-skeleton').count(), 0);
    } finally {
      release();
      await page.context().close();
    }
  });

  it("says 'No projects found in this category.' when there is nothing to show", async () => {
    await site.sql('delete from portfolio_items');
    const page = await site.openPage();
    try {
      await page.goto(`${site.url}/portfolio`);
      await page.getByText('No projects found in this category.').waitFor();
      assert.deepEqual(await page.getByRole('group', { name: 'Filter projects by category' }).getByRole('button').allInnerTexts(), [
        'All Projects',
      ]);
    } finally {
      await page.context().close();
    }
  });
});
