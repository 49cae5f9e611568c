// The inbox as a list of work, on a laptop and a phone: each message's status (new,
// replied, done) set in its dialog and kept across a reload (opening a message does not
// change it), a private note, filters by status, service, date and unread, "Reply via
// Email" quoting the enquiry, the unread count in the tab's title, and the link of a
// notification mail opening that message.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { viewports } from './lib/browser.mjs';
import { assertNoPageErrors } from './lib/site.mjs';
import { eventually, openSection, signIn, startAdminSite } from './lib/admin.mjs';

let site;
before(async () => {
  site = await startAdminSite();
  await site.sql('delete from contact_messages');
  await site.sql(`insert into contact_messages (first_name, last_name, email, service_needed, message, created_at) values
    ('Ada', 'Lovelace', 'ada@example.com', 'Custom Curtains', E'Lined linen curtains\\nfor three windows.', now() - interval '1 hour'),
    ('Grace', 'Hopper', 'grace@example.com', 'Blinds & Shades', 'Roman blinds for the study', now() - interval '20 days'),
    ('Alan', 'Turing', 'alan@example.com', null, 'Cushion covers?', now() - interval '200 days')`);
});
after(() => site?.close());

const cards = (page) => page.getByTestId('message-card');
const card = (page, name) => cards(page).filter({ hasText: name });
const names = (page) => cards(page).locator('h3').allInnerTexts();
const dialog = (page) => page.getByRole('dialog');

async function openInbox(page) {
  await signIn(page, site);
  await openSection(page, 'Contact Messages');
  await cards(page).first().waitFor();
}

async function openMessage(page, name) {
  await card(page, name)
    .getByRole('button', { name: new RegExp(`^View message from ${name}`) })
    .click();
  await dialog(page).waitFor();
}

for (const [label, options] of [
  ['laptop', {}],
  ['phone', { viewport: viewports.mobile, isMobile: true }],
]) {
  describe(`inbox workflow (${label})`, () => {
    let page;
    before(async () => {
      await site.sql(`update contact_messages set status = 'new', note = null, read_at = null`);
      page = await site.openPage(options);
      await openInbox(page);
    });
    after(() => page?.context().close());

    it('shows each message as New; opening one marks it read but keeps it New', async () => {
      assert.deepEqual(await cards(page).getByTestId('message-status').allInnerTexts(), ['New', 'New', 'New']);
      await openMessage(page, 'Ada');
      await dialog(page).getByRole('button', { name: 'New', pressed: true }).waitFor();
      await dialog(page).getByRole('button', { name: 'Close' }).click();
      await card(page, 'Ada').and(page.locator(':not([data-unread])')).waitFor();
      assert.equal(await card(page, 'Ada').getByTestId('message-status').innerText(), 'New');
    });

    it('sets the status and a private note in the dialog, kept after a reload', async () => {
      await openMessage(page, 'Grace');
      await dialog(page).getByRole('button', { name: 'Replied' }).click();
      await dialog(page).getByText('Marked as replied.').waitFor();
      await dialog(page).getByRole('button', { name: 'Replied', pressed: true }).waitFor();
      await dialog(page).getByLabel('Private note').fill('Visit booked for Tuesday 10:00');
      await dialog(page).getByRole('button', { name: 'Save note' }).click();
      await dialog(page).getByText('Note saved.').waitFor();
      await dialog(page).getByRole('button', { name: 'Close' }).click();
      await card(page, 'Grace').getByTestId('message-status').filter({ hasText: 'Replied' }).waitFor();

      await page.reload();
      await openSection(page, 'Contact Messages');
      await openMessage(page, 'Grace');
      await dialog(page).getByRole('button', { name: 'Replied', pressed: true }).waitFor();
      assert.equal(await dialog(page).getByLabel('Private note').inputValue(), 'Visit booked for Tuesday 10:00');
      await dialog(page).getByRole('button', { name: 'Done' }).click();
      await dialog(page).getByText('Marked as done.').waitFor();
      await dialog(page).getByRole('button', { name: 'Close' }).click();
      const { rows } = await site.sql(`select status, note from contact_messages where first_name = 'Grace'`);
      assert.deepEqual(rows, [{ status: 'done', note: 'Visit booked for Tuesday 10:00' }]);
    });

    it('filters by status, service, date and unread', async () => {
      const filters = page.getByRole('group', { name: 'Filter messages' });
      await filters.getByLabel('Status').selectOption({ label: 'Done' });
      await card(page, 'Ada').waitFor({ state: 'detached' });
      assert.deepEqual(await names(page), ['Grace Hopper']);
      await filters.getByLabel('Status').selectOption({ label: 'Any status' });
      await filters.getByLabel('Service').selectOption({ label: 'Custom Curtains' });
      await card(page, 'Grace').waitFor({ state: 'detached' });
      assert.deepEqual(await names(page), ['Ada Lovelace']);
      await filters.getByLabel('Service').selectOption({ label: 'No service given' });
      await card(page, 'Alan').waitFor();
      assert.deepEqual(await names(page), ['Alan Turing']);
      await filters.getByLabel('Service').selectOption({ label: 'Any service' });
      await filters.getByLabel('Received').selectOption({ label: 'Last 30 days' });
      await card(page, 'Alan').waitFor({ state: 'detached' });
      assert.deepEqual(await names(page), ['Ada Lovelace', 'Grace Hopper']);
      await filters.getByLabel('Unread only').check();
      await card(page, 'Ada').waitFor({ state: 'detached' });
      await page.getByText('No messages match your search or filters.').waitFor();
      await filters.getByRole('button', { name: 'Clear filters' }).click();
      await cards(page).nth(2).waitFor();
    });

    it('"Reply via Email" quotes the enquiry below the greeting', async () => {
      await openMessage(page, 'Ada');
      const href = await dialog(page).getByRole('link', { name: 'Reply via Email' }).getAttribute('href');
      const body = new URLSearchParams(href.slice(href.indexOf('?') + 1)).get('body');
      assert.match(body, /^Hi Ada,\n\nThank you/);
      assert.match(
        body,
        /\nOn [A-Z][a-z]{2} \d{1,2}, \d{4}, \d\d:\d\d [AP]M, Ada Lovelace wrote:\n> Lined linen curtains\n> for three windows\.$/,
      );
      await dialog(page).getByRole('button', { name: 'Close' }).click();
      assertNoPageErrors(page);
    });
  });
}

describe('unread count and mail links', () => {
  it('puts the unread count in the tab title, and it follows marking read', async () => {
    await site.sql(`update contact_messages set read_at = null`);
    await site.sql(`update contact_messages set read_at = now() where first_name = 'Alan'`);
    const page = await site.openPage();
    try {
      await signIn(page, site);
      await page.waitForFunction(() => document.title.startsWith('(2) Admin'));
      await openSection(page, 'Contact Messages');
      await openMessage(page, 'Ada');
      await page.waitForFunction(() => document.title.startsWith('(1) Admin'));
    } finally {
      await page.context().close();
    }
  });

  it('opens the message a notification mail links to, and leaves the section out of the URL', async () => {
    const { rows } = await site.sql(`select id from contact_messages where first_name = 'Alan'`);
    await site.sql(`update contact_messages set read_at = null where first_name = 'Alan'`);
    const page = await site.openPage({ viewport: viewports.mobile, isMobile: true });
    try {
      await page.goto(`${site.url}/admin?message=${rows[0].id}`);
      await page.getByRole('heading', { name: 'Content Management' }).waitFor();
      assert.equal(new URL(page.url()).search, '', 'the link is taken out of the address');
      await page.getByLabel('Email Address').fill('owner@example.com');
      await page.getByLabel('Password', { exact: true }).fill('Pleat owner pass 1');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await dialog(page).getByText('Cushion covers?').waitFor();
      assert.equal(await dialog(page).getByRole('heading', { name: 'Message Details' }).count(), 1);
      // Opening it here marks it read, as opening it from the list does.
      const isRead = async () =>
        (await site.sql(`select read_at is not null as read from contact_messages where first_name = 'Alan'`)).rows[0].read;
      await eventually(isRead, true);
      await dialog(page).getByRole('button', { name: 'Close' }).click();
      await page.getByRole('heading', { name: 'Contact Messages' }).waitFor();
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });
});
