// Contact Details: a fresh install ships placeholders and the admin's first screen lists
// them; the owner edits every detail (phone, email, address, the weekly hours, a note,
// three social links) and the landing page, the footer, both legal pages and the JSON-LD
// (the app's and the served HTML's) show them.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertNoPageErrors, waitForLanding } from './lib/site.mjs';
import { openSection, signIn, startAdminSite } from './lib/admin.mjs';

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

const DETAILS = {
  phone: '+44 20 7946 0958',
  email: 'Studio@Drapes.example',
  address: '7 Loom Lane, Bristol BS1 4DJ',
  note: 'Closed on bank holidays',
  facebook: 'https://www.facebook.com/drapes.bristol',
  instagram: 'https://www.instagram.com/drapes.bristol',
  linkedin: 'https://www.linkedin.com/company/drapes-bristol',
};
const HUMAN_HOURS = 'Mon–Thu 8:30–17:00, Fri 8:30–16:00, Sun 10:00–14:00';

function businessOf(graph) {
  return graph.find((node) => node['@type'] === 'LocalBusiness');
}

describe('contact details', () => {
  it('lists the placeholders on the first screen of a fresh install', async () => {
    const checklist = page.getByTestId('setup-checklist');
    await checklist.waitFor();
    const text = await checklist.innerText();
    for (const item of ['Your phone number', 'Your email address', 'Your address', 'Your opening hours', 'Your social profiles']) {
      assert.ok(text.includes(item), item);
    }
    const { rows } = await site.sql('select phone, email, address, opening_hours from contact_info');
    assert.deepEqual(rows, [
      { phone: '+1 (000) 000-0000', email: 'hello@example.com', address: '123 Example Street, Your City', opening_hours: null },
    ]);
    await checklist.getByRole('button', { name: 'Open Contact Details' }).click();
    await page.getByRole('heading', { name: 'Contact Details', level: 2 }).waitFor();
  });

  it('refuses a social link that is not a web address, inline', async () => {
    const field = page.getByLabel('Instagram URL (Optional)');
    await field.fill('instagram.com/nope');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Enter a full address starting with https://').waitFor();
    assert.equal(await field.getAttribute('aria-invalid'), 'true');
    assert.ok(await field.evaluate((el) => el === document.activeElement));
  });

  it('saves every detail and the weekly hours', async () => {
    await page.getByLabel('Phone', { exact: true }).fill(DETAILS.phone);
    await page.getByLabel('Email', { exact: true }).fill(DETAILS.email);
    await page.getByLabel('Street Address', { exact: true }).fill(DETAILS.address);
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      await page.getByLabel(`${day} Opens`).fill('08:30');
      await page.getByLabel(`${day} Closes`).fill(day === 'Friday' ? '16:00' : '17:00');
    }
    await page.getByRole('checkbox', { name: 'Saturday open' }).uncheck();
    await page.getByRole('checkbox', { name: 'Sunday open' }).check();
    await page.getByLabel('Sunday Opens').fill('10:00');
    await page.getByLabel('Sunday Closes').fill('14:00');
    assert.equal(await page.getByTestId('hours-preview').innerText(), HUMAN_HOURS);
    await page.getByLabel('Note (Optional)').fill(DETAILS.note);
    await page.getByLabel('Facebook URL (Optional)').fill(DETAILS.facebook);
    await page.getByLabel('Instagram URL (Optional)').fill(DETAILS.instagram);
    await page.getByLabel('LinkedIn URL (Optional)').fill(DETAILS.linkedin);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Contact details updated successfully!').waitFor();

    const {
      rows: [info],
    } = await site.sql('select * from contact_info');
    assert.equal(info.email, 'studio@drapes.example');
    assert.equal(info.business_hours, 'Mo-Th 08:30-17:00, Fr 08:30-16:00, Su 10:00-14:00');
    assert.equal(info.opening_hours.length, 7);
    assert.equal(info.hours_note, DETAILS.note);

    await openSection(page, 'Hero Section');
    await page.getByRole('heading', { name: 'Hero Section' }).first().waitFor();
    // The checklist goes on listing the samples and claims (site-texts.test.mjs); the details are off it.
    await page.getByTestId('setup-checklist').waitFor();
    // Only the business name (kept or renamed separately) is left of the Contact Details group.
    const left = await page.getByTestId('setup-group-details').getByTestId('setup-item').allInnerTexts();
    assert.equal(left.length, 1, 'the contact details are off the checklist once replaced');
    assert.match(left[0], /^Your business name \(still “Pleat Interiors”\)/);
  });

  it('shows them on the landing page and in its footer', async () => {
    const visitor = await site.openPage();
    try {
      await visitor.goto(`${site.url}/`);
      await waitForLanding(visitor);
      const contact = visitor.locator('#contact');
      assert.equal(await contact.getByTestId('contact-hours').innerText(), HUMAN_HOURS);
      assert.equal(await contact.getByTestId('contact-hours-note').innerText(), DETAILS.note);
      assert.equal(await contact.getByRole('link', { name: DETAILS.phone }).getAttribute('href'), 'tel:+442079460958');
      assert.ok(await contact.getByRole('link', { name: 'studio@drapes.example' }).isVisible());
      assert.ok(await contact.getByText(DETAILS.address).isVisible());
      const footer = visitor.getByRole('contentinfo');
      assert.equal(await footer.getByRole('link', { name: 'Facebook' }).getAttribute('href'), DETAILS.facebook);
      assert.equal(await footer.getByRole('link', { name: 'Instagram' }).getAttribute('href'), DETAILS.instagram);
      assert.equal(await footer.getByRole('link', { name: 'LinkedIn' }).getAttribute('href'), DETAILS.linkedin);
      assert.equal(await visitor.getByText('hello@example.com').count(), 0);
      assertNoPageErrors(visitor);
    } finally {
      await visitor.context().close();
    }
  });

  it('shows them on both legal pages', async () => {
    const visitor = await site.openPage();
    try {
      for (const path of ['/terms', '/privacy']) {
        await visitor.goto(`${site.url}${path}`);
        const block = visitor.getByRole('region', { name: 'Contact Us' });
        await block.getByText('studio@drapes.example').waitFor();
        assert.ok(await block.getByText(DETAILS.phone).isVisible());
        assert.ok(await block.getByText(DETAILS.address).isVisible());
      }
    } finally {
      await visitor.context().close();
    }
  });

  it('describes them in the JSON-LD of the served HTML and of the app', async () => {
    const html = await (await fetch(`${site.url}/`)).text();
    const served = businessOf(JSON.parse(html.match(/<script[^>]*application\/ld\+json[^>]*>([\s\S]*?)<\/script>/)[1])['@graph']);
    const expectedSpec = [
      ...['Monday', 'Tuesday', 'Wednesday', 'Thursday'].map((day) => ({ day, opens: '08:30', closes: '17:00' })),
      { day: 'Friday', opens: '08:30', closes: '16:00' },
      { day: 'Sunday', opens: '10:00', closes: '14:00' },
    ].map(({ day, opens, closes }) => ({ '@type': 'OpeningHoursSpecification', dayOfWeek: `https://schema.org/${day}`, opens, closes }));
    for (const business of [served]) {
      assert.equal(business.telephone, DETAILS.phone);
      assert.equal(business.email, 'studio@drapes.example');
      assert.equal(business.address.streetAddress, DETAILS.address);
      assert.equal(business.openingHours, 'Mo-Th 08:30-17:00, Fr 08:30-16:00, Su 10:00-14:00');
      assert.deepEqual(business.openingHoursSpecification, expectedSpec);
      assert.deepEqual(business.sameAs, [DETAILS.facebook, DETAILS.instagram, DETAILS.linkedin]);
    }

    // The app writes its own JSON-LD when the page is reached inside it (here: from /terms).
    const visitor = await site.openPage();
    try {
      await visitor.goto(`${site.url}/terms`);
      await visitor.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
      await visitor.getByRole('contentinfo').getByRole('link', { name: 'Home' }).click();
      await waitForLanding(visitor);
      await visitor.waitForFunction(() => document.getElementById('structured-data'));
      const app = businessOf(JSON.parse(await visitor.locator('#structured-data').textContent())['@graph']);
      assert.deepEqual({ ...app, description: undefined, image: undefined }, { ...served, description: undefined, image: undefined });
    } finally {
      await visitor.context().close();
    }
  });
});
