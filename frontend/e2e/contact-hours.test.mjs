// Hours, address, contact form and search details, on a phone (390 px) and a laptop
// (1280 px): the owner gives a day two time spans and adds a holiday, types the address in
// parts, renames the business in Contact Details, adds a service, sets the price range and
// the site language; the landing page, its JSON-LD (the app's and the served HTML's),
// <html lang>, og:locale and the sitemap follow. The contact form marks each wrong field,
// and after too many messages says how long to wait and gives the phone number.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { viewports } from './lib/browser.mjs';
import { assertNoPageErrors, waitForLanding } from './lib/site.mjs';
import { fieldByLabel, openSection, signIn, startAdminSite } from './lib/admin.mjs';

const PHONE = '+44 20 7946 0958';
const ADDRESS = { street: '12 Loom Lane', locality: 'Bristol', postcode: 'BS1 4DJ', country: 'United Kingdom' };
const ADDRESS_LINE = '12 Loom Lane, Bristol, BS1 4DJ, United Kingdom';
const HOLIDAY_NOTE = 'Christmas';

/** A date `days` from today, "YYYY-MM-DD" (the holiday must be upcoming). */
function dayFromNow(days) {
  const date = new Date(Date.now() + days * 86_400_000);
  return date.toISOString().slice(0, 10);
}

function businessOf(graph) {
  return graph.find((node) => node['@type'] === 'LocalBusiness');
}

async function jsonLdOf(page) {
  const text = await page.locator('#structured-data').textContent();
  return JSON.parse(text)['@graph'];
}

/** The served HTML of `path`, as a crawler without JavaScript gets it. */
async function served(site, path) {
  const res = await fetch(`${site.url}${path}`);
  assert.equal(res.status, 200);
  return res.text();
}

function servedJsonLd(html) {
  const match = /<script id="structured-data" type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  assert.ok(match, 'the served page has its JSON-LD');
  return JSON.parse(match[1])['@graph'];
}

for (const [name, viewport] of Object.entries(viewports)) {
  describe(`hours, address, contact form and search details (${name})`, () => {
    let site;
    let page;
    const holidayFrom = dayFromNow(10);
    const holidayTo = dayFromNow(12);

    before(async () => {
      site = await startAdminSite();
      page = await site.openPage({ viewport, isMobile: name === 'mobile' });
      await signIn(page, site);
    });
    after(async () => {
      await page?.context().close();
      await site?.close();
    });

    it('the owner sets two spans on Monday, a holiday, the address in parts, the phone and the business name', async () => {
      await openSection(page, 'Contact Details');
      await page.getByRole('heading', { name: 'Contact Details', level: 2 }).waitFor();

      await fieldByLabel(page, 'Business Name').fill('Drapes of Bristol');
      await page.getByRole('button', { name: 'Save Business Name' }).click();
      await page.getByText('Business name updated successfully!').waitFor();

      await page.getByLabel('Phone', { exact: true }).fill(PHONE);
      await page.getByLabel('Street Address', { exact: true }).fill(ADDRESS.street);
      await page.getByLabel('Town or City', { exact: true }).fill(ADDRESS.locality);
      await page.getByLabel('Postcode', { exact: true }).fill(ADDRESS.postcode);
      await page.getByLabel('Country', { exact: true }).fill(ADDRESS.country);

      // The time fields show what the site prints (24-hour, "9:00"), not "09:00 AM".
      assert.equal(await page.getByLabel('Monday Opens').inputValue(), '9:00');
      await page.getByLabel('Monday Closes').fill('12:30');
      await page.getByRole('button', { name: 'Add opening hours to Monday' }).click();
      await page.getByLabel('Monday span 2 opens').fill('14:00');
      await page.getByLabel('Monday span 2 closes').fill('18:00');
      assert.equal(
        await page.getByTestId('hours-preview').innerText(),
        'Mon 9:00–12:30 & 14:00–18:00, Tue–Fri 9:00–18:00, Sat 10:00–16:00',
      );

      await page.getByRole('button', { name: 'Add Special Date' }).click();
      await page.getByLabel('Special date 1 From').fill(holidayFrom);
      await page.getByLabel('Special date 1 To (Optional)').fill(holidayTo);
      await page.getByLabel('Special date 1 Note (Optional)').fill(HOLIDAY_NOTE);

      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Contact details updated successfully!').waitFor();

      const {
        rows: [info],
      } = await site.sql('select * from contact_info');
      assert.equal(info.address, ADDRESS_LINE);
      assert.equal(info.address_locality, 'Bristol');
      assert.deepEqual(info.opening_hours[0].spans, [
        { opens: '09:00', closes: '12:30' },
        { opens: '14:00', closes: '18:00' },
      ]);
      assert.deepEqual(info.special_hours, [{ from: holidayFrom, to: holidayTo, closed: true, spans: [], note: HOLIDAY_NOTE }]);
      const { rows: settings } = await site.sql('select site_title from site_settings');
      assert.deepEqual(settings, [{ site_title: 'Drapes of Bristol' }]);
    });

    it('the owner adds a service and sets the price range and the language', async () => {
      await openSection(page, 'Services');
      await page.getByRole('button', { name: 'Add Service' }).click();
      const form = page.getByTestId('service-form');
      await fieldByLabel(form, 'Title').fill('Re-upholstery');
      await fieldByLabel(form, 'Description').fill('New life for old chairs.');
      await form.getByRole('button', { name: 'Save' }).click();
      await form.waitFor({ state: 'detached' });

      await openSection(page, 'Site Settings');
      await fieldByLabel(page, 'Price Range').fill('£50-£500');
      await fieldByLabel(page, 'Site Language').fill('English');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Enter the language as a code such as en, en-GB or fr-FR.').waitFor();
      await fieldByLabel(page, 'Site Language').fill('en-GB');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Site settings updated successfully!').waitFor();
      const { rows } = await site.sql('select price_range, site_language from site_settings');
      assert.deepEqual(rows, [{ price_range: '£50-£500', site_language: 'en-GB' }]);
    });

    it('the landing page shows the hours, the holiday, the address as a map link; the form offers the new service', async () => {
      const visitor = await site.openPage({ viewport, isMobile: name === 'mobile' });
      try {
        await visitor.goto(`${site.url}/`);
        await waitForLanding(visitor);
        const contact = visitor.locator('#contact');
        assert.equal(
          await contact.getByTestId('contact-hours').innerText(),
          'Mon 9:00–12:30 & 14:00–18:00, Tue–Fri 9:00–18:00, Sat 10:00–16:00',
        );
        const special = contact.getByTestId('special-hours-list');
        assert.match(await special.innerText(), new RegExp(`Closed \\(${HOLIDAY_NOTE}\\)`));

        const map = contact.getByTestId('address-map-link');
        assert.equal(await map.innerText(), ADDRESS_LINE);
        assert.equal(await map.getAttribute('target'), '_blank');
        assert.equal(await map.getAttribute('rel'), 'noopener');
        const href = new URL(await map.getAttribute('href'));
        assert.equal(href.origin + href.pathname, 'https://www.google.com/maps/search/');
        assert.equal(href.searchParams.get('query'), ADDRESS_LINE);

        const options = await contact.getByLabel('Service Needed', { exact: false }).locator('option').allInnerTexts();
        assert.ok(options.includes('Re-upholstery'), options.join(', '));
        assert.equal(options[options.length - 1], 'Other');

        // <html lang>, og:locale and the JSON-LD on the page the visitor has.
        assert.equal(await visitor.evaluate(() => document.documentElement.lang), 'en-GB');
        assert.equal(await visitor.locator('meta[property="og:locale"]').getAttribute('content'), 'en_GB');
        const business = businessOf(await jsonLdOf(visitor));
        assert.equal(business.priceRange, '£50-£500');
        assert.deepEqual(business.address, {
          '@type': 'PostalAddress',
          streetAddress: ADDRESS.street,
          addressLocality: ADDRESS.locality,
          postalCode: ADDRESS.postcode,
          addressCountry: ADDRESS.country,
        });
        const specs = business.openingHoursSpecification;
        assert.deepEqual(
          specs.filter((s) => s.dayOfWeek === 'https://schema.org/Monday').map((s) => `${s.opens}-${s.closes}`),
          ['09:00-12:30', '14:00-18:00'],
        );
        assert.deepEqual(
          specs.find((s) => s.validFrom),
          {
            '@type': 'OpeningHoursSpecification',
            validFrom: holidayFrom,
            validThrough: holidayTo,
            opens: '00:00',
            closes: '00:00',
            description: HOLIDAY_NOTE,
          },
        );
        assertNoPageErrors(visitor);
      } finally {
        await visitor.context().close();
      }
    });

    it('the served HTML (no JavaScript) has the same lang, og:locale and JSON-LD', async () => {
      const html = await served(site, '/');
      assert.match(html, /<html lang="en-GB"/);
      assert.match(html, /<meta property="og:locale" content="en_GB">/);
      const business = businessOf(servedJsonLd(html));
      assert.equal(business.priceRange, '£50-£500');
      assert.equal(business.address.addressLocality, 'Bristol');
      assert.equal(business.address.postalCode, 'BS1 4DJ');
      assert.deepEqual(
        business.openingHoursSpecification.filter((s) => s.dayOfWeek === 'https://schema.org/Monday').map((s) => `${s.opens}-${s.closes}`),
        ['09:00-12:30', '14:00-18:00'],
      );
      assert.equal(business.openingHoursSpecification.find((s) => s.validFrom)?.validThrough, holidayTo);
      assert.match(await served(site, '/terms'), /<html lang="en-GB"/);
    });

    it('the sitemap lists every project by its shareable link, with lastmod', async () => {
      const res = await fetch(`${site.url}/sitemap.xml`);
      const xml = await res.text();
      const { rows } = await site.sql(`select id, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD') as day from portfolio_items`);
      assert.ok(rows.length > 0);
      for (const row of rows) {
        assert.ok(xml.includes(`<loc>${site.url}/portfolio?project=${row.id}</loc><lastmod>${row.day}</lastmod>`), row.id);
      }
    });

    it('an empty or invalid submit marks each field with its message and focuses the first', async () => {
      const visitor = await site.openPage({ viewport, isMobile: name === 'mobile' });
      try {
        await visitor.goto(`${site.url}/#contact`);
        await waitForLanding(visitor);
        const contact = visitor.locator('#contact');
        await contact.getByRole('button', { name: 'Send Message' }).click();
        const first = contact.getByLabel('First Name', { exact: false });
        await contact.getByText('Please enter your first name.').waitFor();
        assert.equal(await first.getAttribute('aria-invalid'), 'true');
        assert.ok(await first.evaluate((el) => el === document.activeElement));
        for (const [label, message] of [
          ['Last Name', 'Please enter your last name.'],
          ['Email', 'Please enter your email address.'],
          ['Message', 'Please enter a message.'],
        ]) {
          const field = contact.getByLabel(label, { exact: false }).first();
          assert.equal(await field.getAttribute('aria-invalid'), 'true', label);
          const described = await field.getAttribute('aria-describedby');
          assert.equal(await visitor.locator(`[id="${described}"]`).innerText(), message, label);
        }
        await first.fill('Ada');
        await contact.getByLabel('Last Name', { exact: false }).fill('Lovelace');
        await contact.getByLabel('Email', { exact: false }).first().fill('ada@nowhere');
        await contact.getByLabel('Message', { exact: false }).first().fill('Curtains, please.');
        await contact.getByRole('button', { name: 'Send Message' }).click();
        await contact.getByText('Please enter a valid email address.', { exact: true }).first().waitFor();
        const email = contact.getByLabel('Email', { exact: false }).first();
        assert.equal(await email.getAttribute('aria-invalid'), 'true');
        assert.equal(await first.getAttribute('aria-invalid'), null);
      } finally {
        await visitor.context().close();
      }
    });

    it('after too many messages the form says how long to wait and gives the phone number', async () => {
      // Five messages from this machine's address, as a busy visitor would send them, with
      // the anon key every page carries.
      const anonKey = /"anonKey":"([^"]+)"/.exec(await served(site, '/'))[1];
      for (let n = 1; n <= 5; n += 1) {
        const res = await fetch(`${site.url}/rest/v1/contact_messages`, {
          method: 'POST',
          headers: { apikey: anonKey, 'Content-Type': 'application/json' },
          body: JSON.stringify({ first_name: 'Busy', last_name: 'Visitor', email: 'busy@example.com', message: `Number ${n}` }),
        });
        assert.equal(res.status, 201, `message ${n}`);
      }
      const visitor = await site.openPage({ viewport, isMobile: name === 'mobile' });
      try {
        await visitor.goto(`${site.url}/#contact`);
        await waitForLanding(visitor);
        const contact = visitor.locator('#contact');
        await contact.getByLabel('First Name', { exact: false }).fill('Ada');
        await contact.getByLabel('Last Name', { exact: false }).fill('Lovelace');
        await contact.getByLabel('Email', { exact: false }).first().fill('ada@example.com');
        await contact.getByLabel('Message', { exact: false }).first().fill('One more, please.');
        await contact.getByRole('button', { name: 'Send Message' }).click();
        const alert = contact.getByRole('alert').filter({ hasText: 'Too many messages' });
        await alert.waitFor();
        assert.match(
          await alert.innerText(),
          new RegExp(`^Too many messages\\. Try again in (9|10) minutes\\. Or call us on ${PHONE.replace(/\+/g, '\\+')}\\.$`),
        );
      } finally {
        await visitor.context().close();
      }
    });
  });
}
