// The contact form: each validation message, the cleaned row really inserted (checked in
// the database), no read-back, 'Sending...', the Thank You panel, the failure text, the
// honeypot (a bot is thanked and nothing is sent) and the per-address limit (the 6th
// message in 10 minutes is refused with its own text). pleat believes X-Forwarded-For
// from the browser here (PLEAT_TRUSTED_PROXIES), so a test can be another visitor.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { assertNoPageErrors, startSite, waitForLanding } from './lib/site.mjs';

let site;
let page;
before(async () => {
  site = await startSite({ env: { PLEAT_TRUSTED_PROXIES: '127.0.0.1' } });
  page = await site.openPage();
  await page.clock.install();
  await page.goto(`${site.url}/#contact`);
  await waitForLanding(page);
});
after(async () => {
  await page?.context().close();
  await site?.close();
});

const form = () => page.locator('#contact form');
const field = (label) => page.locator('#contact').getByLabel(label, { exact: false }).first();
const alertText = () => page.locator('#contact [role="alert"]').innerText();
const send = () => page.locator('#contact').getByRole('button', { name: 'Send Message' }).click();

async function fill(values) {
  for (const [label, value] of Object.entries(values)) await field(label).fill(value);
}

async function backToForm() {
  if (await page.getByText('Thank You!').count()) {
    await page.getByRole('button', { name: 'Send Another Message' }).click();
  }
  await form().waitFor();
}

describe('contact form', () => {
  beforeEach(async () => {
    await backToForm();
  });

  it('shows each validation message in the spec order', async () => {
    await send();
    assert.equal(await alertText(), 'Please fill in all required fields.');
    await fill({ 'First Name': 'Ada', 'Last Name': 'Lovelace', Email: 'ada@', Message: 'x'.repeat(2001) });
    await send();
    assert.equal(await alertText(), 'Please enter a valid email address.');
    await fill({ Email: 'ada@example.com' });
    await send();
    assert.equal(await alertText(), 'Message is too long. Please keep it under 2000 characters.');
    await fill({ 'Last Name': '   ' });
    await send();
    assert.equal(await alertText(), 'Please fill in all required fields.');
    const { rows } = await site.sql('select count(*)::int as n from contact_messages');
    assert.equal(rows[0].n, 0);
  });

  it("inserts the cleaned row without reading it back, with 'Sending...' meanwhile, then says Thank You", async () => {
    await page.locator('#contact').scrollIntoViewIfNeeded();
    await fill({
      'First Name': `  ${'Ada'.padEnd(60, 'a')}  `,
      'Last Name': ' Lovelace ',
      Email: '  Ada.Lovelace@Example.COM ',
      Phone: ' +1 (555) 010-0100 ext. 1234 ',
      Message: '  Curtains for the study.\nLined, please.  ',
    });
    await field('Service Needed').selectOption('Furniture Covers');

    let release;
    const held = new Promise((resolve) => (release = resolve));
    const inserts = [];
    await page.route('**/rest/v1/contact_messages**', async (route) => {
      inserts.push(route.request());
      await held;
      await route.continue();
    });
    await send();
    const busy = page.locator('#contact').getByRole('button', { name: 'Sending...' });
    await busy.waitFor();
    assert.equal(await busy.isDisabled(), true);
    release();
    await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
    assert.ok(await page.getByText(/get back to you within 24 hours/).isVisible());
    await page.unroute('**/rest/v1/contact_messages**');

    assert.equal(inserts.length, 1);
    const request = inserts[0];
    assert.equal(request.method(), 'POST');
    assert.equal(new URL(request.url()).searchParams.get('select'), null);
    assert.doesNotMatch((await request.allHeaders())['prefer'] ?? '', /return=representation/);

    const { rows } = await site.sql('select * from contact_messages');
    assert.equal(rows.length, 1);
    assert.deepEqual(
      { ...rows[0], id: undefined, created_at: undefined },
      {
        id: undefined,
        created_at: undefined,
        first_name: 'Ada'.padEnd(50, 'a'),
        last_name: 'Lovelace',
        email: 'ada.lovelace@example.com',
        phone: '+1 (555) 010-0100 ex',
        service_needed: 'Furniture Covers',
        message: 'Curtains for the study.\nLined, please.',
        read_at: null,
        status: 'new',
        note: null,
      },
    );
  });

  it("'Send Another Message' brings back an empty form", async () => {
    await fill({ 'First Name': 'Bo', 'Last Name': 'Peep', Email: 'bo@example.com', Message: 'Hi' });
    await send();
    await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
    await page.getByRole('button', { name: 'Send Another Message' }).click();
    await form().waitFor();
    assert.equal(await field('First Name').inputValue(), '');
    assert.equal(await field('Message').inputValue(), '');
  });

  it('the Thank You panel goes away by itself after 5 seconds', async () => {
    await fill({ 'First Name': 'Cy', 'Last Name': 'Young', Email: 'cy@example.com', Message: 'Blinds' });
    await send();
    await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
    await page.clock.runFor(4000);
    assert.ok(await page.getByText('Thank You!').isVisible());
    await page.clock.runFor(1500);
    await form().waitFor();
    assert.equal(await page.getByText('Thank You!').count(), 0);
    const { rows } = await site.sql('select count(*)::int as n from contact_messages');
    assert.equal(rows[0].n, 3);
  });

  it('shows the failure text, not the server text, when the server refuses', async () => {
    await site.sql('revoke insert on contact_messages from anon');
    try {
      await fill({ 'First Name': 'Di', 'Last Name': 'Prince', Email: 'di@example.com', Message: 'Covers' });
      await send();
      const alert = page.locator('#contact [role="alert"]');
      await alert.waitFor();
      assert.equal(await alert.innerText(), 'Failed to send message. Please try again later.');
      assert.equal(await field('First Name').inputValue(), 'Di');
      assert.ok(await page.locator('#contact').getByRole('button', { name: 'Send Message' }).isEnabled());
    } finally {
      await site.sql('grant insert (first_name, last_name, email, phone, service_needed, message) on contact_messages to anon');
    }
  });

  it('shows the failure text when the API cannot be reached', async () => {
    await page.route('**/rest/v1/contact_messages**', (route) => route.abort('connectionrefused'));
    try {
      await fill({ 'First Name': 'Ed', 'Last Name': 'Wood', Email: 'ed@example.com', Message: 'Blinds' });
      await send();
      await page.getByText('Failed to send message. Please try again later.').waitFor();
      // Unreachable, not refused: the visitor is told so, never "TypeError: Failed to fetch".
      assert.match(await page.getByRole('alert').innerText(), /Can't reach the server\. Check your connection and try again\./);
    } finally {
      await page.unroute('**/rest/v1/contact_messages**');
    }
    assertNoPageErrors(page);
  });

  it('thanks a bot that filled the honeypot, and sends nothing', async () => {
    const before = await site.sql('select count(*)::int as n from contact_messages');
    const sent = [];
    const record = (request) => {
      if (new URL(request.url()).pathname.endsWith('/rest/v1/contact_messages')) sent.push(request.method());
    };
    page.on('request', record);
    try {
      await fill({ 'First Name': 'Bot', 'Last Name': 'Net', Email: 'bot@example.com', Message: 'Cheap pills' });
      // What a form-filling script does: set every input it finds, visible or not.
      await page.locator('#contact input[name="website"]').evaluate((input) => {
        input.value = 'http://spam.example';
      });
      await send();
      await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
      assert.ok(await page.getByText(/get back to you within 24 hours/).isVisible());
    } finally {
      page.off('request', record);
    }
    assert.deepEqual(sent, []);
    const after = await site.sql('select count(*)::int as n from contact_messages');
    assert.equal(after.rows[0].n, before.rows[0].n);
    assert.equal((await site.sql(`select count(*)::int as n from contact_messages where first_name = 'Bot'`)).rows[0].n, 0);
  });

  it('keeps the honeypot out of the keyboard order and the accessibility tree', async () => {
    const contact = page.locator('#contact');
    const fields = await contact.getByRole('textbox').evaluateAll((els) => els.map((el) => el.getAttribute('name')));
    assert.deepEqual(fields, ['firstName', 'lastName', 'email', 'phone', 'message']);
    await field('First Name').focus();
    const visited = [];
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Shift+Tab');
      visited.push(await page.evaluate(() => document.activeElement?.getAttribute('name') ?? document.activeElement?.tagName));
    }
    await field('First Name').focus();
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      visited.push(await page.evaluate(() => document.activeElement?.getAttribute('name') ?? document.activeElement?.tagName));
    }
    assert.ok(!visited.includes('website'), `focus went through ${visited.join(', ')}`);
    assert.ok(visited.includes('message'), 'Tab reached the other fields');
  });

  it('refuses the 6th message in 10 minutes from one address with its own text; another address still sends', async () => {
    const count = async () => (await site.sql('select count(*)::int as n from contact_messages')).rows[0].n;
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': '198.51.100.77' });
    try {
      const before = await count();
      for (let n = 1; n <= 5; n += 1) {
        await fill({ 'First Name': 'Keen', 'Last Name': 'Visitor', Email: 'keen@example.com', Message: `Question ${n}` });
        await send();
        await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
        await backToForm();
      }
      assert.equal(await count(), before + 5);
      await fill({ 'First Name': 'Keen', 'Last Name': 'Visitor', Email: 'keen@example.com', Message: 'Question 6' });
      await send();
      const alert = page.locator('#contact [role="alert"]');
      await alert.waitFor();
      // The wait until the first of the five leaves the 10 minutes, and the business's phone.
      assert.match(await alert.innerText(), /^Too many messages\. Try again in (9|10) minutes\. Or call us on \+1 \(000\) 000-0000\.$/);
      assert.equal(await field('Message').inputValue(), 'Question 6');
      assert.equal(await count(), before + 5);

      await page.setExtraHTTPHeaders({ 'X-Forwarded-For': '198.51.100.78' });
      await send();
      await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
      assert.equal(await count(), before + 6);
    } finally {
      await page.setExtraHTTPHeaders({});
    }
    assertNoPageErrors(page);
  });
});
