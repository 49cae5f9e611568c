// Contact Messages: the empty state, a message sent from the public form arriving with
// its preview, date, service and count, the details dialog (line breaks, reply draft,
// closing), and delete after the confirmation from the card and from the dialog.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertNoPageErrors, waitForLanding } from './lib/site.mjs';
import { answerConfirm, eventually, openSection, signIn, startAdminSite } from './lib/admin.mjs';

let site;
let page;
before(async () => {
  site = await startAdminSite();
  await site.sql('delete from contact_messages');
  page = await site.openPage();
  await signIn(page, site);
});
after(async () => {
  await page?.context().close();
  await site?.close();
});

const cards = () => page.getByTestId('message-card');
const count = () => page.getByTestId('message-count').innerText();
const dialog = () => page.getByRole('dialog');
const MESSAGE =
  'We have three tall windows in the living room and would like lined linen curtains.\n\n' +
  'Could someone come and measure next week? Mornings suit us best, and we also have a sofa that needs a loose cover.';

/** Leaves the inbox and comes back (it reads the messages again), waiting for `expected` of them. */
async function reopenInbox(expected) {
  await openSection(page, 'Hero Section');
  await openSection(page, 'Contact Messages');
  await page.getByRole('heading', { name: 'Contact Messages' }).waitFor();
  await page
    .getByTestId('message-count')
    .filter({ hasText: new RegExp(`^${expected}$`) })
    .waitFor();
}

async function sendFromPublicForm() {
  const visitor = await site.openPage();
  try {
    await visitor.goto(`${site.url}/#contact`);
    await waitForLanding(visitor);
    const contact = visitor.locator('#contact');
    await contact.getByLabel('First Name', { exact: false }).fill('Ada');
    await contact.getByLabel('Last Name', { exact: false }).fill('Lovelace');
    await contact.getByLabel('Email', { exact: false }).first().fill('Ada@Example.com');
    await contact.getByLabel('Phone', { exact: false }).fill('+1 555 0100');
    await contact.getByLabel('Service Needed', { exact: false }).selectOption('Custom Curtains');
    await contact.getByLabel('Message', { exact: false }).fill(MESSAGE);
    await contact.getByRole('button', { name: 'Send Message' }).click();
    await visitor.getByRole('heading', { name: 'Thank You!' }).waitFor();
  } finally {
    await visitor.context().close();
  }
}

describe('contact messages', () => {
  it('says there are none yet', async () => {
    await reopenInbox(0);
    assert.ok(await page.getByText('No Messages Yet').isVisible());
    assert.ok(await page.getByText('Contact form submissions will appear here.').isVisible());
  });

  it('lists a message sent from the public form, newest first, with its preview, date and service', async () => {
    await site.sql(`insert into contact_messages (first_name, last_name, email, message, created_at)
                    values ('Old', 'Sender', 'old@example.com', 'Short note.', '2025-01-02 09:30:00+00')`);
    await sendFromPublicForm();
    await reopenInbox(2);
    assert.equal(await cards().count(), 2);
    const card = cards().first();
    assert.equal(await card.locator('h3').innerText(), 'Ada Lovelace');
    assert.equal(await card.getByTestId('message-email').innerText(), 'ada@example.com');
    assert.ok(await card.getByText('+1 555 0100').isVisible());
    assert.equal(await card.getByTestId('message-service').innerText(), 'Custom Curtains');
    assert.equal(await card.getByTestId('message-preview').textContent(), `${MESSAGE.slice(0, 150)}...`);

    const { rows } = await site.sql("select created_at from contact_messages where first_name = 'Ada'");
    const shown = await card.getByTestId('message-date').innerText();
    const expected = await page.evaluate(
      (iso) =>
        new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }),
      rows[0].created_at.toISOString(),
    );
    assert.equal(shown, expected);
    assert.match(shown.replace(/\s/g, ' '), /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} [AP]M$/);

    const old = cards().nth(1);
    assert.equal(await old.getByTestId('message-preview').textContent(), 'Short note.');
    assert.equal(await old.getByTestId('message-service').count(), 0);
    assert.match(await old.getByTestId('message-date').innerText(), /^Jan 2, 2025, /);
  });

  it('opens the details with the whole message, line breaks kept, and a reply draft', async () => {
    await cards().first().getByRole('button', { name: 'View' }).click();
    await dialog().waitFor();
    assert.ok(await dialog().getByRole('heading', { name: 'Message Details' }).isVisible());
    // textContent: the labels are upper-cased by CSS only.
    const text = await dialog().textContent();
    for (const part of ['Ada Lovelace', 'ada@example.com', '+1 555 0100', 'Submitted On', 'Service Needed', 'Custom Curtains']) {
      assert.ok(text.includes(part), part);
    }
    const full = dialog().getByTestId('message-full-text');
    assert.equal(await full.textContent(), MESSAGE);
    assert.equal(await full.evaluate((el) => getComputedStyle(el).whiteSpace), 'pre-wrap');
    assert.ok((await full.innerText()).includes('\n\nCould someone'));

    const reply = dialog().getByRole('link', { name: 'Reply via Email' });
    const href = await reply.getAttribute('href');
    assert.ok(href.startsWith('mailto:ada@example.com?'), href);
    const params = new URLSearchParams(href.slice(href.indexOf('?') + 1));
    assert.equal(params.get('subject'), 'Re: Your inquiry');
    assert.match(params.get('body'), /^Hi Ada,\n\nThank you/);

    const [maxHeight, viewport] = await dialog().evaluate((el) => [parseFloat(getComputedStyle(el).maxHeight), window.innerHeight]);
    assert.equal(Math.round(maxHeight), Math.round(viewport * 0.8));
  });

  it('closes by the close button, Escape and the backdrop', async () => {
    await dialog().getByRole('button', { name: 'Close' }).click();
    await dialog().waitFor({ state: 'detached' });
    await cards().first().getByRole('button', { name: 'View' }).click();
    await dialog().waitFor();
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    await cards().first().getByRole('button', { name: 'View' }).click();
    await dialog().waitFor();
    await page.mouse.click(5, 5);
    await dialog().waitFor({ state: 'detached' });
  });

  it('deletes from the dialog after the confirmation, then closes it', async () => {
    await cards().first().getByRole('button', { name: 'View' }).click();
    await dialog().waitFor();
    let asked = answerConfirm(page, false);
    await dialog().getByRole('button', { name: 'Delete' }).click();
    assert.equal((await asked).text, 'Are you sure you want to delete this message?');
    assert.ok(await dialog().isVisible());
    assert.equal(await cards().count(), 2);

    asked = answerConfirm(page, true);
    await dialog().getByRole('button', { name: 'Delete' }).click();
    await asked;
    await dialog().waitFor({ state: 'detached' });
    await page.getByText('Ada Lovelace').waitFor({ state: 'detached' });
    assert.equal(await count(), '1');
    await eventually(async () => (await site.sql('select first_name from contact_messages')).rows, [{ first_name: 'Old' }]);
  });

  it('shows an error when a delete fails, and deletes from the card otherwise', async () => {
    await page.route('**/rest/v1/contact_messages?**', (route) =>
      route.request().method() === 'DELETE' ? route.abort('connectionrefused') : route.continue(),
    );
    try {
      const asked = answerConfirm(page, true);
      await cards()
        .first()
        .getByRole('button', { name: /^Delete/ })
        .click();
      await asked;
      await page.getByRole('alert').getByText('Error deleting message. Please try again.').waitFor();
      assert.equal(await cards().count(), 1);
    } finally {
      await page.unroute('**/rest/v1/contact_messages?**');
    }
    const asked = answerConfirm(page, true);
    await cards()
      .first()
      .getByRole('button', { name: /^Delete/ })
      .click();
    await asked;
    await page.getByText('No Messages Yet').waitFor();
    assert.equal(await count(), '0');
    assertNoPageErrors(page);
  });
});
