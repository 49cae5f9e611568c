// The owner's work is never lost and never lied about: two tabs signed in as the owner
// editing the same section, the same list item and the same order, and a script changing
// a row under an open editor, each get the conflict in place (who and when) with Keep
// mine / Load theirs instead of a silent overwrite and a false "updated successfully";
// a row that only moved meanwhile saves without asking; unsaved edits survive a reload;
// every save is confirmed by a toast in the viewport, and a saved list item is scrolled
// into view on a phone.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { viewports } from './lib/browser.mjs';
import { assertNoPageErrors } from './lib/site.mjs';
import { OWNER, answerConfirm, eventually, fieldByLabel, openSection, recordWrites, signIn, startAdminSite } from './lib/admin.mjs';

let site;
const pages = [];
before(async () => {
  site = await startAdminSite();
});
after(async () => {
  for (const page of pages) await page.context().close();
  await site?.close();
});

/** A tab signed in as the owner, at a phone's or a laptop's size. */
async function ownerTab(size = 'desktop') {
  const page = await site.openPage({ viewport: viewports[size], isMobile: size === 'mobile' });
  pages.push(page);
  await signIn(page, site);
  return page;
}

const saveChanges = (page) => page.getByRole('button', { name: 'Save Changes' }).click();
const sql = async (text, params) => (await site.sql(text, params)).rows;

/** Resolves once the element's box lies wholly inside the viewport. */
async function waitInViewport(locator) {
  await locator.waitFor();
  const handle = await locator.elementHandle();
  await locator.page().waitForFunction((el) => {
    const r = el.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
  }, handle);
}

// "2 minutes ago (26 Nov 2026, 16:03)" or "just now (…)": a time the owner can read.
const WHEN = /(just now|\d+ (seconds?|minutes?) ago|in \d+ seconds?|now) \(.+\)/;

describe('two tabs editing the about section', () => {
  let a;
  let b;
  before(async () => {
    a = await ownerTab('desktop');
    b = await ownerTab('desktop');
    for (const page of [a, b]) {
      await openSection(page, 'About');
      await fieldByLabel(page, 'Section Title').waitFor();
    }
  });

  it("tab A's save after tab B's is a conflict naming who and when, and B's 14 years stay", async () => {
    const [loaded] = await sql('select title, years_experience, projects_completed, updated_at from about_content');
    assert.notEqual(loaded.years_experience, 14);
    assert.equal(await fieldByLabel(a, 'Years of Experience').inputValue(), String(loaded.years_experience));

    await fieldByLabel(b, 'Years of Experience').fill('14');
    await saveChanges(b);
    await b.getByText('About content updated successfully!').waitFor();

    const { writes, stop } = recordWrites(a, 'about_content');
    await fieldByLabel(a, 'Section Title').fill('Our Workroom');
    await saveChanges(a);
    const conflict = a.getByTestId('edit-conflict');
    await conflict.waitFor();
    stop();
    const text = await conflict.innerText();
    assert.match(text, /Someone else changed this since you opened it/);
    assert.match(text, new RegExp(`Changed by ${OWNER.email.replace('.', '\\.')}, ${WHEN.source}`));
    // Never "updated successfully" when nothing was written.
    assert.equal(await a.getByText('About content updated successfully!').count(), 0);
    assert.equal(writes.length, 1);
    assert.equal(Date.parse(writes[0].url.searchParams.get('updated_at').slice(3)), loaded.updated_at.getTime());
    // A's form still holds A's values; the database still holds B's.
    assert.equal(await fieldByLabel(a, 'Section Title').inputValue(), 'Our Workroom');
    const [stored] = await sql('select title, years_experience from about_content');
    assert.deepEqual(stored, { title: loaded.title, years_experience: 14 });
  });

  it('Load theirs replaces the form with the stored row (14 years)', async () => {
    const [stored] = await sql('select title from about_content');
    await a.getByTestId('edit-conflict').getByRole('button', { name: 'Load theirs' }).click();
    await a.getByTestId('edit-conflict').waitFor({ state: 'detached' });
    assert.equal(await fieldByLabel(a, 'Years of Experience').inputValue(), '14');
    assert.equal(await fieldByLabel(a, 'Section Title').inputValue(), stored.title);
  });

  it("Keep mine saves A's whole form over B's newer save", async () => {
    const [loaded] = await sql('select projects_completed from about_content');
    await fieldByLabel(b, 'Projects Completed').fill('500');
    await saveChanges(b);
    await eventually(async () => (await sql('select projects_completed from about_content'))[0].projects_completed, 500);

    await fieldByLabel(a, 'Section Title').fill('Our Workroom');
    await saveChanges(a);
    const conflict = a.getByTestId('edit-conflict');
    await conflict.waitFor();
    await conflict.getByRole('button', { name: 'Keep mine' }).click();
    await a.getByText('About content updated successfully!').waitFor();
    await conflict.waitFor({ state: 'detached' });
    // Keep mine is everything A's form shows: A's title, and A's count over B's 500.
    const [stored] = await sql('select title, years_experience, projects_completed from about_content');
    assert.deepEqual(stored, { title: 'Our Workroom', years_experience: 14, projects_completed: loaded.projects_completed });
    await waitInViewport(a.getByTestId('saved-toast'));
    assertNoPageErrors(a);
  });
});

describe('a script changing a row under an open editor', () => {
  it('is a conflict naming a script, and Load theirs shows its change', async () => {
    const page = await ownerTab('mobile');
    await openSection(page, 'Hero Section');
    await fieldByLabel(page, 'Title').waitFor();
    // As a maintenance script with psql would (no signed-in user).
    await site.sql(`update hero_content set subtitle = 'Changed by the nightly script'`);
    await fieldByLabel(page, 'Title').fill('A title of mine');
    await saveChanges(page);
    const conflict = page.getByTestId('edit-conflict');
    await conflict.waitFor();
    assert.match(await conflict.innerText(), new RegExp(`Changed by a script or another tool \\(no signed-in user\\), ${WHEN.source}`));
    assert.equal(await page.getByText('Hero content updated successfully!').count(), 0);
    await conflict.getByRole('button', { name: 'Load theirs' }).click();
    assert.equal(await fieldByLabel(page, 'Subtitle').inputValue(), 'Changed by the nightly script');
    const [stored] = await sql('select title from hero_content');
    assert.notEqual(stored.title, 'A title of mine');
  });
});

describe('two tabs editing the same service', () => {
  let a;
  let b;
  const form = (page) => page.getByTestId('service-form');
  before(async () => {
    a = await ownerTab('mobile');
    b = await ownerTab('desktop');
    for (const page of [a, b]) {
      await openSection(page, 'Services');
      await page.getByTestId('service-item').first().waitFor();
    }
  });

  it("is a conflict in the open form; Load theirs, then a save keeps both changes and shows the card and a toast on the phone's screen", async () => {
    await a.getByRole('button', { name: 'Edit Window Blinds' }).click();
    await fieldByLabel(form(a), 'Title').waitFor();

    await b.getByRole('button', { name: 'Edit Window Blinds' }).click();
    await fieldByLabel(form(b), 'Description').fill('Blackout linings, fitted.');
    await form(b).getByRole('button', { name: 'Save' }).click();
    await form(b).waitFor({ state: 'detached' });

    await fieldByLabel(form(a), 'Title').fill('Window Blinds & Shades');
    await form(a).getByRole('button', { name: 'Save' }).click();
    const conflict = form(a).getByTestId('edit-conflict');
    await conflict.waitFor();
    assert.match(await conflict.innerText(), new RegExp(`Changed by ${OWNER.email.replace('.', '\\.')}`));
    const [untouched] = await sql(`select title from services where description = 'Blackout linings, fitted.'`);
    assert.equal(untouched.title, 'Window Blinds');

    await conflict.getByRole('button', { name: 'Load theirs' }).click();
    assert.equal(await fieldByLabel(form(a), 'Description').inputValue(), 'Blackout linings, fitted.');
    await fieldByLabel(form(a), 'Title').fill('Window Blinds & Shades');
    await form(a).getByRole('button', { name: 'Save' }).click();
    await form(a).waitFor({ state: 'detached' });
    const [saved] = await sql(`select title, description from services where title like 'Window Blinds%'`);
    assert.deepEqual(saved, { title: 'Window Blinds & Shades', description: 'Blackout linings, fitted.' });
    await waitInViewport(a.getByTestId('saved-toast').getByText('“Window Blinds & Shades” saved.'));
    await waitInViewport(a.getByTestId('service-item').filter({ hasText: 'Window Blinds & Shades' }));
  });

  it('Keep mine saves the open form over the other tab’s change', async () => {
    // B reads the list again (it still shows the old title), then both open the service.
    await b.reload();
    await openSection(b, 'Services');
    await b.getByRole('button', { name: 'Edit Window Blinds & Shades' }).click();
    await a.getByRole('button', { name: 'Edit Window Blinds & Shades' }).click();
    await fieldByLabel(form(a), 'Description').fill('Mine: roller and Roman blinds.');
    await fieldByLabel(form(b), 'Description').fill('Theirs: venetian blinds.');
    await form(b).getByRole('button', { name: 'Save' }).click();
    await form(b).waitFor({ state: 'detached' });
    await form(a).getByRole('button', { name: 'Save' }).click();
    await form(a).getByTestId('edit-conflict').getByRole('button', { name: 'Keep mine' }).click();
    await form(a).waitFor({ state: 'detached' });
    const [saved] = await sql(`select description from services where title = 'Window Blinds & Shades'`);
    assert.equal(saved.description, 'Mine: roller and Roman blinds.');
  });

  it('saves without asking when the row only moved in the order meanwhile', async () => {
    await a.getByRole('button', { name: 'Edit Furniture Covers' }).click();
    await fieldByLabel(form(a), 'Title').fill('Furniture Covers & Cushions');
    // Another tab (here a script) moves it to the end: its updated_at changes, nothing the form edits does.
    await site.sql(`update services set sort_order = 50 where title = 'Furniture Covers'`);
    const { writes, stop } = recordWrites(a, 'services');
    await form(a).getByRole('button', { name: 'Save' }).click();
    await form(a).waitFor({ state: 'detached' });
    stop();
    assert.equal(await a.getByTestId('edit-conflict').count(), 0);
    assert.equal(writes.filter((w) => w.method === 'PATCH').length, 2, 'the guarded save, then the same over the moved row');
    const [saved] = await sql(`select sort_order from services where title = 'Furniture Covers & Cushions'`);
    assert.equal(saved.sort_order, 50, 'the move is kept');
    assertNoPageErrors(a);
  });

  it('a delete of a row another tab already deleted says so', async () => {
    await b.getByRole('button', { name: 'Add Service' }).first().click();
    await fieldByLabel(form(b), 'Title').fill('Short-lived');
    await fieldByLabel(form(b), 'Description').fill('Deleted twice.');
    await form(b).getByRole('button', { name: 'Save' }).click();
    await form(b).waitFor({ state: 'detached' });
    await a.reload();
    await openSection(a, 'Services');
    await a.getByRole('button', { name: 'Delete Short-lived' }).waitFor();
    await site.sql(`delete from services where title = 'Short-lived'`);
    await a.getByRole('button', { name: 'Delete Short-lived' }).click();
    await a.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete' }).click();
    await a.getByText('It was already deleted (by someone else or in another tab).').waitFor({ timeout: 20_000 });
  });
});

describe('two tabs ordering the same list', () => {
  it('a move on a list another tab reordered is not saved; the owner is told and loads the current order', async () => {
    const a = await ownerTab('desktop');
    const b = await ownerTab('mobile');
    for (const page of [a, b]) {
      await openSection(page, 'Testimonials');
      await page.getByTestId('testimonial-admin-card').first().waitFor();
      await page.getByRole('button', { name: 'Change Order' }).click();
      await page.getByTestId('reorder-list').waitFor();
    }
    const names = (page) => page.getByTestId('reorder-name').allInnerTexts();
    const stored = async () => (await sql('select name from testimonials order by sort_order, name')).map((r) => r.name);
    const start = await names(a);
    assert.deepEqual(await names(b), start);

    // B moves the first one down; saved.
    await b.getByRole('button', { name: `Move ${start[0]} down` }).click();
    const theirs = [start[1], start[0], ...start.slice(2)];
    await eventually(stored, theirs);

    // A, still showing the old order, moves the last one up: refused, and said so.
    await a.getByRole('button', { name: `Move ${start.at(-1)} up` }).click();
    const changed = a.getByTestId('order-changed');
    await changed.waitFor();
    assert.match(await changed.innerText(), /changed somewhere else .* Your move was not saved/);
    assert.deepEqual(await stored(), theirs);

    await changed.getByRole('button', { name: 'Load the current order' }).click();
    await changed.waitFor({ state: 'detached' });
    await a.waitForFunction(
      (expected) => JSON.stringify([...document.querySelectorAll('[data-testid="reorder-name"]')].map((el) => el.textContent)) === expected,
      JSON.stringify(theirs),
    );
    // On the current order, A's move saves.
    await a.getByRole('button', { name: `Move ${theirs.at(-1)} up` }).click();
    await eventually(stored, [...theirs.slice(0, -2), theirs.at(-1), theirs.at(-2)]);
  });
});

describe('unsaved edits and a reload', () => {
  it('an open list form comes back after a reload, with its values and a note, and saves', async () => {
    const page = await ownerTab('mobile');
    await openSection(page, 'Testimonials');
    const [first] = await sql('select name, content from testimonials order by sort_order limit 1');
    await page.getByRole('button', { name: `Edit ${first.name}` }).click();
    const content = fieldByLabel(page, 'Testimonial Content');
    await content.fill('Restored after a reload: lovely curtains.');

    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await openSection(page, 'Testimonials');
    await page.getByTestId('restored-draft').getByText('Restored your unsaved changes').waitFor();
    assert.equal(await content.inputValue(), 'Restored after a reload: lovely curtains.');
    assert.equal((await sql('select content from testimonials where name = $1', [first.name]))[0].content, first.content);

    // Restored values are unsaved: Cancel asks before throwing them away.
    const asked = answerConfirm(page, false);
    await page.getByRole('button', { name: 'Cancel' }).click();
    assert.match((await asked).text, /not saved/);
    assert.equal(await content.inputValue(), 'Restored after a reload: lovely curtains.');
    await page.getByRole('button', { name: 'Save' }).click();
    await waitInViewport(page.getByTestId('saved-toast'));
    await waitInViewport(page.getByTestId('testimonial-admin-card').filter({ hasText: 'Restored after a reload' }));
    assert.equal(
      (await sql('select content from testimonials where name = $1', [first.name]))[0].content,
      'Restored after a reload: lovely curtains.',
    );
    assert.equal(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('pleat-admin-draft:')).length), 0);
  });

  it('a single-row section comes back after a reload; Save writes it and the note goes', async () => {
    const page = await ownerTab('desktop');
    await openSection(page, 'Site Settings');
    const title = fieldByLabel(page, 'Site Description');
    await title.fill('Pleat Interiors (restored)');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await openSection(page, 'Site Settings');
    await page.getByTestId('restored-draft').waitFor();
    assert.equal(await title.inputValue(), 'Pleat Interiors (restored)');
    await saveChanges(page);
    await page.getByText('Site settings updated successfully!').waitFor();
    await page.getByTestId('restored-draft').waitFor({ state: 'detached' });
    assert.equal((await sql('select site_description from site_settings'))[0].site_description, 'Pleat Interiors (restored)');
  });
});

describe('after a save', () => {
  it('a new service added last is scrolled into view on a phone, with the toast', async () => {
    const page = await ownerTab('mobile');
    await openSection(page, 'Services');
    await page.getByTestId('service-item').first().waitFor();
    await page.getByRole('button', { name: 'Add Service' }).click();
    const form = page.getByTestId('service-form');
    await fieldByLabel(form, 'Title').fill('Pelmets');
    await fieldByLabel(form, 'Description').fill('Boxed and upholstered, made to match.');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    await waitInViewport(page.getByTestId('service-item').filter({ hasText: 'Pelmets' }));
    await waitInViewport(page.getByTestId('saved-toast').getByText('“Pelmets” saved.'));
  });

  it('typing after pressing Save is kept, and counts as unsaved against the written row', async () => {
    const page = await ownerTab('desktop');
    await openSection(page, 'Hero Section');
    const title = fieldByLabel(page, 'Title');
    await title.waitFor();
    let release;
    const held = new Promise((resolve) => (release = resolve));
    await page.route('**/rest/v1/hero_content?**', async (route) => {
      if (route.request().method() === 'PATCH') await held;
      await route.continue();
    });
    await title.fill('Saved part');
    await saveChanges(page);
    await page.getByRole('button', { name: 'Saving...' }).waitFor();
    await fieldByLabel(page, 'Subtitle').fill('Typed while saving');
    release();
    await page.getByText('Hero content updated successfully!').waitFor();
    await page.unroute('**/rest/v1/hero_content?**');
    assert.equal(await fieldByLabel(page, 'Subtitle').inputValue(), 'Typed while saving');
    const [stored] = await sql('select title, subtitle from hero_content');
    assert.equal(stored.title, 'Saved part');
    assert.notEqual(stored.subtitle, 'Typed while saving');
    // The next save goes over the written row without a conflict.
    await saveChanges(page);
    await eventually(async () => (await sql('select subtitle from hero_content'))[0].subtitle, 'Typed while saving');
    assert.equal(await page.getByTestId('edit-conflict').count(), 0);
  });
});
