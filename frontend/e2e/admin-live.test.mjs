// The admin, live over /realtime/v1: a new enquiry shows in the sidebar's unread count and
// in the open inbox without a reload, and two editors who open the same section see each
// other (a laptop and a phone).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { viewports } from './lib/browser.mjs';
import { addOwner, openSection, signIn, startAdminSite } from './lib/admin.mjs';

const COLLEAGUE = { email: 'colleague@example.com', password: 'Colleague pass 12345' };

let site;
let page;
// The inbox's changes reach the page only once its channel is subscribed (the server says
// "Subscribed to PostgreSQL" on it); an enquiry stored before that is not a live change.
let inboxSubscribed;
before(async () => {
  site = await startAdminSite();
  await addOwner(site, COLLEAGUE);
  page = await site.openPage();
  inboxSubscribed = new Promise((resolve) =>
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('realtime:admin-inbox') && String(payload).includes('Subscribed to PostgreSQL')) resolve();
      }),
    ),
  );
  await signIn(page, site);
});
after(async () => {
  await page?.context().close();
  await site?.close();
});

const enquiry = (first) =>
  site.sql(
    `insert into contact_messages (first_name, last_name, email, message) values ($1, 'Visitor', 'visitor@example.com', 'Please call me about curtains.')`,
    [first],
  );

describe('the inbox, live', () => {
  it('counts a new enquiry in the sidebar and lists it in the open inbox, without a reload', async () => {
    const badge = page.getByTestId('sidebar-unread');
    const before = (await badge.count()) ? Number(await badge.locator('[aria-hidden="true"]').innerText()) : 0;
    await inboxSubscribed;
    await enquiry('Harriet');
    await page.waitForFunction(
      (expected) => document.querySelector('[data-testid="sidebar-unread"] [aria-hidden="true"]')?.textContent === String(expected),
      before + 1,
    );
    await openSection(page, 'Contact Messages');
    await page.getByText('Harriet Visitor').first().waitFor();
    await enquiry('Ignatius');
    await page.getByText('Ignatius Visitor').first().waitFor();
    assert.equal(Number(await badge.locator('[aria-hidden="true"]').innerText()), before + 2);
  });
});

describe('editors in the same section', () => {
  it('see each other, and see when the other leaves', async () => {
    const phone = await site.openPage({ viewport: viewports.mobile, isMobile: true });
    try {
      await signIn(phone, site, COLLEAGUE);
      await openSection(page, 'About');
      await openSection(phone, 'About');
      const here = page.getByTestId('editors-here');
      await here.getByText(/colleague@example\.com also has this section open/).waitFor();
      await phone
        .getByTestId('editors-here')
        .getByText(/owner@example\.com also has this section open/)
        .waitFor();
      // Elsewhere in the admin: counted, not named as a risk to this section.
      await openSection(phone, 'Services');
      await here.getByText('1 other editor is in the admin now.').waitFor();
      await phone.context().close();
      await here.waitFor({ state: 'detached' });
    } finally {
      await phone
        .context()
        .close()
        .catch(() => {});
    }
  });
});
