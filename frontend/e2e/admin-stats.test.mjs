// The site's own visit statistics, on a phone and on a laptop: a fresh site's Statistics
// section says no visits were counted yet; a visitor who arrives on /portfolio from a
// search site, moves to the home page and sends the contact form shows up in the admin
// as page views, a visit from that site, and one enquiry for it and for the page the
// visit started on, in the chart (and its table) and the tables. Nothing is counted for
// a browser with Global Privacy Control on, nor for the owner's own browser signed in to
// the admin. What a view sends holds no cookie and only the referring domain.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { screenshotPath, viewports } from './lib/browser.mjs';
import { assertNoPageErrors, waitForLanding } from './lib/site.mjs';
import { openSection, signIn, startAdminSite } from './lib/admin.mjs';

let site;
before(async () => {
  site = await startAdminSite();
});
after(async () => {
  await site?.close();
});

const RECORD = '/rest/v1/rpc/record_page_view';

async function openStats(page) {
  // Another section first, so the statistics are read anew when the section opens.
  await openSection(page, 'About');
  await page.getByRole('heading', { name: 'About Section' }).waitFor();
  const read = page.waitForResponse((r) => new URL(r.url()).pathname === '/rest/v1/rpc/site_stats');
  await openSection(page, 'Statistics');
  await page.getByRole('heading', { name: 'Statistics', level: 2 }).waitFor();
  await read;
  await page.locator('section[aria-labelledby="stats-title"][aria-busy="false"]').getByTestId('stats-total-views').waitFor();
}

const total = async (page, name) =>
  Number(await page.getByTestId(`stats-total-${name}`).locator('[data-value]').getAttribute('data-value'));

/** The cells of the table row whose first cell is `label`. */
async function rowOf(page, testId, label) {
  const row = page
    .getByTestId(testId)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
  return (await row.getByRole('cell').allInnerTexts()).map(Number);
}

/** Resolves with the body of the next record_page_view the page sends, once answered. */
function nextView(page) {
  return page
    .waitForResponse((r) => new URL(r.url()).pathname === RECORD)
    .then((response) => {
      assert.ok(response.status() < 300, `record_page_view answered ${response.status()}`);
      return response.request();
    });
}

/** Counts the record_page_view calls a page makes. */
function countViews(page) {
  const seen = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === RECORD) seen.push(request);
  });
  return seen;
}

describe('a fresh site', () => {
  it('says no visits were counted yet, and how visits are counted', async () => {
    const page = await site.openPage({ viewport: viewports.desktop });
    await signIn(page, site);
    await openStats(page);
    await page.getByText('No visits counted yet.').waitFor();
    assert.equal(await total(page, 'views'), 0);
    assert.equal(await total(page, 'enquiries'), 0);
    assert.ok(await page.getByText('How visits are counted').isVisible());
    assert.ok(await page.getByText(/Do Not Track or Global Privacy Control/).isVisible());
    assert.equal(await page.getByTestId('stats-chart').locator('rect').count(), 30);
    assertNoPageErrors(page);
    await page.context().close();
  });
});

for (const [name, viewport] of [
  ['phone', viewports.mobile],
  ['laptop', viewports.desktop],
]) {
  describe(`at ${viewport.width} px (${name})`, () => {
    let admin;
    before(async () => {
      admin = await site.openPage({ viewport, isMobile: name === 'phone' });
      await signIn(admin, site);
    });
    after(async () => {
      await admin?.context().close();
    });

    it('a visit from a search site, its pages and its enquiry appear in the admin', async () => {
      await openStats(admin);
      const before = {
        views: await total(admin, 'views'),
        visits: await total(admin, 'visits'),
        enquiries: await total(admin, 'enquiries'),
      };
      const searchSite = `${name}-search.example`;

      const visitor = await site.openPage({ viewport, isMobile: name === 'phone' });
      let view = nextView(visitor);
      await visitor.goto(`${site.url}/portfolio?utm_source=newsletter`, { referer: `https://www.${searchSite}/results?q=linen+curtains` });
      const first = await view;
      assert.deepEqual(first.postDataJSON(), { page: '/portfolio', referrer_domain: searchSite, first_view: true });
      assert.equal(first.headers().cookie, undefined, 'no cookie goes with a view');

      view = nextView(visitor);
      await visitor.getByRole('link', { name: 'Back to Home' }).click();
      assert.deepEqual((await view).postDataJSON(), { page: '/', referrer_domain: searchSite, first_view: false });
      await waitForLanding(visitor);

      const contact = visitor.locator('#contact');
      await contact.getByLabel('First Name', { exact: false }).first().fill('Ada');
      await contact.getByLabel('Last Name', { exact: false }).first().fill('Lovelace');
      await contact.getByLabel('Email', { exact: false }).first().fill('ada@example.com');
      await contact.getByLabel('Message', { exact: false }).first().fill('Linen curtains for two windows, please.');
      const sent = visitor.waitForRequest((r) => new URL(r.url()).pathname === '/rest/v1/contact_messages' && r.method() === 'POST');
      await contact.getByRole('button', { name: 'Send Message' }).click();
      await visitor.getByText('Thank You!').waitFor();
      assert.deepEqual(JSON.parse((await sent).headers()['x-site-visit']), { page: '/portfolio', source: searchSite });
      assertNoPageErrors(visitor);
      await visitor.context().close();

      await openStats(admin);
      assert.equal(await total(admin, 'views'), before.views + 2);
      assert.equal(await total(admin, 'visits'), before.visits + 1);
      assert.equal(await total(admin, 'enquiries'), before.enquiries + 1);
      // Came from, visits, enquiries, visits in the previous 30 days.
      assert.deepEqual(await rowOf(admin, 'stats-sources', searchSite), [1, 1, 0]);
      const portfolio = await rowOf(admin, 'stats-pages', 'Portfolio');
      assert.equal(portfolio[2], name === 'phone' ? 1 : 2, 'enquiries of the visits that started on Portfolio');

      // Today's bar and the day's row in the table carry the same count.
      const today = await admin.evaluate(() => new Date().toISOString().slice(0, 10));
      const bar = admin.getByTestId('stats-chart').locator(`rect[data-day="${today}"]`);
      assert.equal(Number(await bar.getAttribute('data-views')), before.views + 2);
      await admin.getByText('Show the days as a table').click();
      const todayRow = admin.getByRole('row').filter({
        has: admin.getByRole('rowheader', {
          name: new Date(`${today}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }),
          exact: true,
        }),
      });
      assert.equal(Number((await todayRow.getByRole('cell').allInnerTexts())[0]), before.views + 2);
      await admin.screenshot({ path: screenshotPath(`admin-stats-${viewport.width}.png`), fullPage: true });
      assertNoPageErrors(admin);
    });

    it('counts nothing with Global Privacy Control on, nor for the owner’s own browser', async () => {
      const { rows: beforeRows } = await site.sql('select coalesce(sum(views), 0)::int as n from site_private.visit_stats');

      const privateVisitor = await site.openPage({ viewport, isMobile: name === 'phone' });
      await privateVisitor
        .context()
        .addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
      const privateViews = countViews(privateVisitor);
      await privateVisitor.goto(`${site.url}/`, { referer: 'https://private-search.example/' });
      await waitForLanding(privateVisitor);
      await privateVisitor.waitForLoadState('networkidle');

      // The admin's own browser (signed in) looking at the public site.
      const ownViews = countViews(admin);
      await admin.goto(`${site.url}/portfolio`);
      await admin.getByRole('heading', { level: 1 }).waitFor();
      await admin.waitForLoadState('networkidle');

      assert.equal(privateViews.length, 0);
      assert.equal(ownViews.length, 0);
      const { rows } = await site.sql('select coalesce(sum(views), 0)::int as n from site_private.visit_stats');
      assert.equal(rows[0].n, beforeRows[0].n);
      await privateVisitor.context().close();
      await admin.goto(`${site.url}/admin`);
      await admin.getByText('Welcome,').first().waitFor();
    });
  });
}
