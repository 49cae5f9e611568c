// The inbox: unread messages in bold with a count in the sidebar, a message opened in the
// dialog becoming read, mark read/unread and delete for several at once, search, and the
// CSV export (escaped, formulas defused); visitors can neither read nor mark messages.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { assertNoPageErrors } from './lib/site.mjs';
import { answerConfirm, openSection, signIn, startAdminSite } from './lib/admin.mjs';

let site;
let page;
before(async () => {
  site = await startAdminSite();
  await site.sql('delete from contact_messages');
  await site.sql(`insert into contact_messages (first_name, last_name, email, message, created_at) values
    ('Ada', 'Lovelace', 'ada@example.com', 'Lined linen curtains for three windows, please.', now() - interval '1 hour'),
    ('Grace', 'Hopper', 'grace@example.com', '=HYPERLINK("http://evil.example","click")', now() - interval '2 hours'),
    ('Alan', 'Turing', 'alan@example.com', 'Roman blinds, "blackout", for the study', now() - interval '3 hours')`);
  page = await site.openPage();
  await signIn(page, site);
});
after(async () => {
  await page?.context().close();
  await site?.close();
});

const sidebarUnread = () => page.getByTestId('sidebar-unread');
const cards = () => page.getByTestId('message-card');
const card = (name) => cards().filter({ hasText: name });
const select = (name) => page.getByRole('checkbox', { name: `Select message from ${name}` });

async function waitForUnread(n) {
  if (n === 0) await sidebarUnread().waitFor({ state: 'detached' });
  else
    await sidebarUnread()
      .filter({ hasText: new RegExp(`^${n}`) })
      .waitFor();
}

describe('inbox', () => {
  it('counts unread messages in the sidebar and shows them in bold, newest first', async () => {
    await waitForUnread(3);
    await openSection(page, 'Contact Messages');
    await cards().first().waitFor();
    assert.deepEqual(await cards().locator('h3').allInnerTexts(), ['Ada Lovelace', 'Grace Hopper', 'Alan Turing']);
    assert.equal(await page.locator('[data-testid="message-card"][data-unread]').count(), 3);
    assert.equal(await page.getByTestId('inbox-unread').innerText(), '3 unread');
    assert.equal(
      await card('Ada')
        .locator('h3')
        .evaluate((el) => getComputedStyle(el).fontWeight),
      '700',
    );
  });

  it('marks a message read when it is opened', async () => {
    await card('Grace').getByRole('button', { name: 'View message from Grace Hopper' }).click();
    await page.getByRole('dialog').waitFor();
    await waitForUnread(2);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    assert.equal(await card('Grace').getAttribute('data-unread'), null);
    assert.notEqual(
      await card('Grace')
        .locator('h3')
        .evaluate((el) => getComputedStyle(el).fontWeight),
      '700',
    );
    const { rows } = await site.sql("select read_at is not null as read from contact_messages where first_name = 'Grace'");
    assert.equal(rows[0].read, true);
  });

  it('marks several read or unread at once', async () => {
    await select('Grace Hopper').check();
    await page.getByRole('button', { name: 'Mark unread' }).click();
    await waitForUnread(3);
    await select('Ada Lovelace').check();
    await page.getByRole('button', { name: 'Mark read' }).click();
    await waitForUnread(1);
    const { rows } = await site.sql('select first_name from contact_messages where read_at is null');
    assert.deepEqual(rows, [{ first_name: 'Alan' }]);
    const all = page.getByRole('checkbox', { name: 'Select all' });
    await all.check();
    await all.uncheck();
  });

  it('searches by name, email and text', async () => {
    const search = page.getByRole('searchbox', { name: 'Search messages' });
    await search.fill('LINEN');
    await cards().nth(1).waitFor({ state: 'detached' });
    assert.deepEqual(await cards().locator('h3').allInnerTexts(), ['Ada Lovelace']);
    await search.fill('grace@example');
    await card('Grace').waitFor();
    assert.equal(await cards().count(), 1);
    await search.fill('nobody at all');
    await page.getByText('No messages match your search or filters.').waitFor();
    await search.fill('');
    await cards().nth(2).waitFor();
  });

  it('exports the messages as CSV, escaped and with formulas defused', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    assert.match(download.suggestedFilename(), /^messages-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = text.split('\r\n');
    assert.equal(lines[0], 'Received,First Name,Last Name,Email,Phone,Service Needed,Message,Read,Status,Note');
    assert.equal(lines.length, 5, 'header, three rows and the final line break');
    assert.ok(lines[1].endsWith(',Ada,Lovelace,ada@example.com,,,"Lined linen curtains for three windows, please.",yes,New,'), lines[1]);
    assert.ok(lines[2].endsWith(`,"'=HYPERLINK(""http://evil.example"",""click"")",yes,New,`), lines[2]);
    assert.ok(lines[3].endsWith(',"Roman blinds, ""blackout"", for the study",no,New,'), lines[3]);
  });

  it('deletes several messages at once after a confirmation', async () => {
    await select('Ada Lovelace').check();
    await select('Alan Turing').check();
    const asked = answerConfirm(page, true);
    await page.getByRole('button', { name: 'Delete selected' }).click();
    assert.equal((await asked).text, 'Are you sure you want to delete these 2 messages?');
    await card('Ada').waitFor({ state: 'detached' });
    assert.deepEqual(await cards().locator('h3').allInnerTexts(), ['Grace Hopper']);
    await waitForUnread(0);
    const { rows } = await site.sql('select first_name from contact_messages');
    assert.deepEqual(rows, [{ first_name: 'Grace' }]);
    assertNoPageErrors(page);
  });

  it('lets no visitor read messages or change their read state', async () => {
    const anonKey = await page.evaluate(() => window.__PLEAT_CONFIG__.anonKey);
    const headers = { apikey: anonKey, 'Content-Type': 'application/json' };
    const read = await fetch(`${site.url}/rest/v1/contact_messages?select=*`, { headers });
    assert.equal(read.status, 401);
    const patch = await fetch(`${site.url}/rest/v1/contact_messages?first_name=eq.Grace`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ read_at: null }),
    });
    assert.equal(patch.status, 401);
    const insert = await fetch(`${site.url}/rest/v1/contact_messages`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ first_name: 'A', last_name: 'B', email: 'a@b.example', message: 'hi', read_at: '2026-01-01T00:00:00Z' }),
    });
    assert.equal(insert.status, 401);
    const { rows } = await site.sql('select read_at is not null as read from contact_messages');
    assert.deepEqual(rows, [{ read: true }]);
  });
});
