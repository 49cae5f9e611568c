// The two list editors without rich text, services and testimonials: add with the spec
// defaults and sort_order = count, edit, delete after the confirmation (and not after a
// cancelled one), one form at a time, a visible error when a save fails, and the landing
// page showing each change.
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
});
after(async () => {
  await page?.context().close();
  await site?.close();
});

async function onLanding(fn) {
  const visitor = await site.openPage();
  try {
    await visitor.goto(`${site.url}/`);
    await waitForLanding(visitor);
    await fn(visitor);
  } finally {
    await visitor.context().close();
  }
}

const field = (scope, label) => fieldByLabel(scope, label);

describe('services editor', () => {
  const form = () => page.getByTestId('service-form');
  const items = () => page.getByTestId('service-item');

  before(async () => {
    await openSection(page, 'Services');
    await items().first().waitFor();
  });

  it('lists the services in their order', async () => {
    const { rows } = await site.sql('select title from services order by sort_order');
    assert.deepEqual(
      await items().locator('h3').allInnerTexts(),
      rows.map((r) => r.title),
    );
  });

  it('adds a service with icon Home, featured off and sort_order = the count, then lists it', async () => {
    const { rows: before } = await site.sql('select count(*)::int as n from services');
    await page.getByRole('button', { name: 'Add Service' }).click();
    assert.equal(await field(form(), 'Icon').inputValue(), 'Home');
    assert.deepEqual(await field(form(), 'Icon').locator('option').allInnerTexts(), [
      'Home',
      'Sun',
      'Armchair',
      'Lightbulb',
      'Scissors',
      'Palette',
    ]);
    assert.equal(await form().getByLabel('Featured').isChecked(), false);
    // The list gives way to the form.
    assert.equal(await items().count(), 0);
    const { writes, stop } = recordWrites(page, 'services');
    await field(form(), 'Title').fill(' Upholstery Repairs ');
    await field(form(), 'Description').fill('New webbing, springs and foam for tired chairs.');
    await field(form(), 'Icon').selectOption('Palette');
    await form().getByRole('button', { name: 'Save' }).click();
    await form().waitFor({ state: 'detached' });
    stop();
    assert.deepEqual(writes[0].body, {
      title: 'Upholstery Repairs',
      description: 'New webbing, springs and foam for tired chairs.',
      icon: 'Palette',
      featured: false,
      sort_order: before[0].n,
    });
    assert.equal(writes[0].method, 'POST');
    await page.getByRole('heading', { name: 'Upholstery Repairs' }).waitFor();

    await onLanding(async (visitor) => {
      const card = visitor.locator('#services h3', { hasText: 'Upholstery Repairs' });
      assert.ok(await card.isVisible());
      assert.equal(await visitor.locator('#services [data-icon="Palette"]').count(), 1);
    });
  });

  it('edits a service by id with updated_at, keeping its sort_order; Cancel changes nothing', async () => {
    const { rows } = await site.sql("select id, sort_order from services where title = 'Upholstery Repairs'");
    await page.getByRole('button', { name: 'Edit Upholstery Repairs' }).click();
    await field(form(), 'Title').fill('Changed then cancelled');
    // A changed form asks before Cancel throws the change away.
    const asked = answerConfirm(page, true);
    await form().getByRole('button', { name: 'Cancel' }).click();
    assert.match((await asked).text, /not saved/);
    await page.getByRole('heading', { name: 'Upholstery Repairs' }).waitFor();

    await page.getByRole('button', { name: 'Edit Upholstery Repairs' }).click();
    assert.equal(await field(form(), 'Title').inputValue(), 'Upholstery Repairs');
    const { writes, stop } = recordWrites(page, 'services');
    await field(form(), 'Title').fill('Upholstery & Repairs');
    await form().getByLabel('Featured').check();
    await form().getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Upholstery & Repairs' }).waitFor();
    stop();
    assert.equal(writes[0].method, 'PATCH');
    assert.equal(writes[0].url.searchParams.get('id'), `eq.${rows[0].id}`);
    // Guarded on the version the form loaded (lib/table-writes.ts).
    assert.match(writes[0].url.searchParams.get('updated_at') ?? '', /^eq\.\d{4}-/);
    assert.equal(writes[0].body.sort_order, rows[0].sort_order);
    assert.equal(writes[0].body.featured, true);
    assert.ok(writes[0].body.updated_at);
    await onLanding(async (visitor) => {
      assert.ok(await visitor.locator('#services h3', { hasText: 'Upholstery & Repairs' }).isVisible());
    });
  });

  it('shows an error and keeps the form when the save fails', async () => {
    await page.route('**/rest/v1/services?**', (route) =>
      route.request().method() === 'GET' ? route.continue() : route.abort('connectionrefused'),
    );
    try {
      await page.getByRole('button', { name: 'Add Service' }).click();
      await field(form(), 'Title').fill('Will not save');
      await field(form(), 'Description').fill('The API is down.');
      await form().getByRole('button', { name: 'Save' }).click();
      await form().getByRole('alert').getByText('Error saving service. Please try again.').waitFor();
      assert.equal(await field(form(), 'Title').inputValue(), 'Will not save');
    } finally {
      await page.unroute('**/rest/v1/services?**');
    }
    const asked = answerConfirm(page, true);
    await form().getByRole('button', { name: 'Cancel' }).click();
    await asked;
  });

  it('deletes only after the confirmation', async () => {
    const count = async () => (await site.sql("select count(*)::int as n from services where title = 'Upholstery & Repairs'")).rows[0].n;
    let asked = answerConfirm(page, false);
    await page.getByRole('button', { name: 'Delete Upholstery & Repairs' }).click();
    assert.deepEqual(await asked, { text: 'Are you sure you want to delete this service?', type: 'confirm' });
    assert.equal(await count(), 1);

    asked = answerConfirm(page, true);
    await page.getByRole('button', { name: 'Delete Upholstery & Repairs' }).click();
    await asked;
    await page.getByRole('heading', { name: 'Upholstery & Repairs' }).waitFor({ state: 'detached' });
    await eventually(count, 0);
    assertNoPageErrors(page);
  });
});

describe('testimonials editor', () => {
  const forms = () => page.getByTestId('testimonial-form');
  const form = () => forms().first();
  const cards = () => page.getByTestId('testimonial-admin-card');

  before(async () => {
    await openSection(page, 'Testimonials');
    await page.getByRole('heading', { name: 'Testimonials Management' }).waitFor();
    await cards().first().waitFor();
  });

  it('shows each testimonial with its initial, stars and n/5 stars', async () => {
    const { rows } = await site.sql('select name, rating from testimonials order by sort_order');
    assert.equal(await cards().count(), rows.length);
    for (const [i, row] of rows.entries()) {
      const text = await cards().nth(i).innerText();
      assert.ok(text.startsWith(row.name[0]), text);
      assert.ok(text.includes(`${row.rating}/5 stars`), text);
      assert.ok(
        await cards()
          .nth(i)
          .getByRole('img', { name: `${row.rating} out of 5 stars` })
          .isVisible(),
      );
    }
  });

  it('adds one with three stars at sort_order = count; the landing page shows its stars', async () => {
    const { rows: before } = await site.sql('select count(*)::int as n from testimonials');
    await page.getByRole('button', { name: 'Add Testimonial' }).click();
    for (const label of ['Customer Name', 'Role/Title (Optional)', 'Testimonial Content', 'Customer Photo (Optional)']) {
      assert.ok(await field(form(), label).isVisible(), label);
    }
    assert.equal(await field(form(), 'Testimonial Content').getAttribute('rows'), '4');
    assert.ok(await form().getByText('Leave empty to use initials').isVisible());
    assert.equal(await form().getByRole('radio', { name: '5 stars' }).getAttribute('aria-checked'), 'true');
    assert.equal(await form().getByLabel('Featured Testimonial').isChecked(), false);

    const { writes, stop } = recordWrites(page, 'testimonials');
    await field(form(), 'Customer Name').fill(' Grace Hopper ');
    await field(form(), 'Testimonial Content').fill('The Roman blinds are perfect.');
    await form().getByRole('radio', { name: '3 stars' }).click();
    assert.equal(await form().getByRole('radio', { name: '3 stars' }).getAttribute('aria-checked'), 'true');
    await form().getByRole('button', { name: 'Save' }).click();
    await forms().first().waitFor({ state: 'detached' });
    stop();
    assert.deepEqual(writes[0].body, {
      name: 'Grace Hopper',
      role: null,
      content: 'The Roman blinds are perfect.',
      rating: 3,
      avatar_url: null,
      featured: false,
      sort_order: before[0].n,
    });
    const card = cards().filter({ hasText: 'Grace Hopper' });
    await card.waitFor();
    assert.ok((await card.innerText()).includes('3/5 stars'));

    await onLanding(async (visitor) => {
      const shown = visitor.locator('[data-testid="testimonial"]', { hasText: 'Grace Hopper' });
      assert.ok(await shown.getByRole('img', { name: '3 out of 5 stars' }).isVisible());
    });
  });

  it('keeps one form open at a time, and edits in place', async () => {
    await page.getByRole('button', { name: 'Add Testimonial' }).click();
    assert.equal(await forms().count(), 1);
    await page.getByRole('button', { name: 'Edit Grace Hopper' }).click();
    assert.equal(await forms().count(), 1);
    assert.equal(await field(form(), 'Customer Name').inputValue(), 'Grace Hopper');
    assert.equal(await form().getByRole('radio', { name: '3 stars' }).getAttribute('aria-checked'), 'true');
    await form().getByRole('radio', { name: '4 stars' }).click();
    await field(form(), 'Role/Title (Optional)').fill('Homeowner');
    await form().getByLabel('Featured Testimonial').check();
    await form().getByRole('button', { name: 'Save' }).click();
    await forms().first().waitFor({ state: 'detached' });
    const { rows } = await site.sql("select role, rating, featured from testimonials where name = 'Grace Hopper'");
    assert.deepEqual(rows, [{ role: 'Homeowner', rating: 4, featured: true }]);
    const card = cards().filter({ hasText: 'Grace Hopper' });
    await card.getByText('4/5 stars').waitFor();
    assert.ok(await card.getByText('Featured', { exact: true }).isVisible());
  });

  it('refuses an avatar that is not an address (the browser blocks it)', async () => {
    await page.getByRole('button', { name: 'Add Testimonial' }).click();
    const { writes, stop } = recordWrites(page, 'testimonials');
    await field(form(), 'Customer Name').fill('No Avatar');
    await field(form(), 'Testimonial Content').fill('Hello');
    await field(form(), 'Customer Photo (Optional)').fill('not a url');
    await form().getByRole('button', { name: 'Save' }).click();
    assert.equal(await field(form(), 'Customer Photo (Optional)').evaluate((el) => el.validity.valid), false);
    stop();
    assert.equal(writes.length, 0);
    // The app's own check marks the field and says why, in place of the browser's bubble.
    const avatar = field(form(), 'Customer Photo (Optional)');
    assert.equal(await avatar.getAttribute('aria-invalid'), 'true');
    assert.ok(await avatar.evaluate((el) => el === document.activeElement));
    await form()
      .getByRole('alert')
      .getByText(/^Customer Photo \(Optional\):/)
      .waitFor();
    const asked = answerConfirm(page, true);
    await form().getByRole('button', { name: 'Cancel' }).click();
    await asked;
  });

  it('deletes only after the confirmation', async () => {
    const count = async () => (await site.sql("select count(*)::int as n from testimonials where name = 'Grace Hopper'")).rows[0].n;
    let asked = answerConfirm(page, false);
    await page.getByRole('button', { name: 'Delete Grace Hopper' }).click();
    assert.equal((await asked).text, 'Are you sure you want to delete this testimonial?');
    assert.equal(await count(), 1);
    asked = answerConfirm(page, true);
    await page.getByRole('button', { name: 'Delete Grace Hopper' }).click();
    await asked;
    await cards().filter({ hasText: 'Grace Hopper' }).waitFor({ state: 'detached' });
    await eventually(count, 0);
    assertNoPageErrors(page);
  });
});
