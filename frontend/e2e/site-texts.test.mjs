// What the site says, edited by the owner (Site Texts) on a phone and a laptop: a fresh
// site shows the spec's texts; a heading, the reply promise, the About figures (then
// hidden), the footer's services (the spec's four, then following the services list, then the owner's own), a
// new category (used by a project and shown as a filter tab), the title suffix and the
// portfolio description each appear on the public page once saved. The shipped samples
// are marked in the admin, and the setup checklist lists them with the shipped claims,
// clearing an item when it is kept as it is or edited.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { viewports } from './lib/browser.mjs';
import { fieldByLabel, openSection, signIn, startAdminSite } from './lib/admin.mjs';
import { waitForLanding } from './lib/site.mjs';

const SPEC_TITLE = 'Pleat Interiors - Custom Curtains, Blinds & Furniture Covers';

for (const [name, viewport] of [
  ['phone', viewports.mobile],
  ['laptop', viewports.desktop],
]) {
  describe(`site texts on a ${name}`, () => {
    let site;
    let page;
    before(async () => {
      site = await startAdminSite();
      page = await site.openPage({ viewport, isMobile: name === 'phone' });
      await signIn(page, site);
    });
    after(async () => {
      await page?.context().close();
      await site?.close();
    });

    async function visit(path = '/') {
      const visitor = await site.openPage({ viewport, isMobile: name === 'phone' });
      await visitor.goto(`${site.url}${path}`);
      if (path === '/') await waitForLanding(visitor);
      else await visitor.getByRole('heading', { level: 1 }).waitFor();
      return visitor;
    }
    const footerServices = (visitor) =>
      visitor.locator('footer h2', { hasText: 'Services' }).locator('xpath=following-sibling::ul').locator('li').allInnerTexts();
    const field = (label) => fieldByLabel(page, label);
    async function saveTexts() {
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Site texts updated successfully!').waitFor();
    }
    async function serverTitle(path) {
      const html = await (await fetch(`${site.url}${path}`)).text();
      return html.match(/<title>([^<]*)<\/title>/)[1].replaceAll('&amp;', '&');
    }
    const checklist = () => page.getByTestId('setup-checklist');

    it("shows the spec's texts on a fresh site", async () => {
      const visitor = await visit('/');
      for (const heading of ['Our Services', 'Featured Projects', 'What Our Clients Say', 'Get Your Free Quote']) {
        await visitor.getByRole('heading', { name: heading, level: 2 }).waitFor();
      }
      const about = await visitor.locator('#about dl').innerText();
      assert.match(about, /Client Satisfaction\s+100%/);
      assert.match(about, /Average Rating\s+5★/);
      assert.deepEqual(await footerServices(visitor), ['Custom Curtains', 'Window Blinds', 'Furniture Covers', 'Design Consultation']);
      assert.equal(await visitor.title(), SPEC_TITLE);
      assert.equal(await serverTitle('/'), SPEC_TITLE);
      await visitor.context().close();

      const portfolio = await visit('/portfolio');
      await portfolio
        .getByText('Curtains, blinds and furniture covers we have designed, made and fitted.', { exact: false })
        .first()
        .waitFor();
      const tabs = await portfolio.getByRole('group', { name: 'Filter projects by category' }).getByRole('button').allInnerTexts();
      assert.deepEqual(tabs, ['All Projects', 'Curtains', 'Blinds', 'Furniture Covers', 'Other']);
      await portfolio.context().close();
    });

    it('marks the samples and lists them with the shipped claims in the checklist', async () => {
      await checklist().waitFor();
      const text = await checklist().innerText();
      for (const item of [
        'Sample testimonial from “Sarah Mitchell”',
        'Sample project “Living Room Linen Drapes”',
        'The About figures “100% Client Satisfaction” and “5★ Average Rating”',
        'The About counts “12+ Years Experience” and “850+ Projects Completed”',
        'The promise to reply “within 24 hours”',
        "The footer's services “Custom Curtains”, “Window Blinds”, “Furniture Covers” and “Design Consultation”",
        'Your business name (still “Pleat Interiors”)',
      ]) {
        assert.ok(text.includes(item), item);
      }
      await openSection(page, 'Testimonials');
      const card = page.getByTestId('testimonial-admin-card').filter({ hasText: 'Sarah Mitchell' });
      await card.getByText('Sample', { exact: true }).waitFor();
      await openSection(page, 'Portfolio');
      await page.getByTestId('portfolio-admin-card').first().getByText('Sample', { exact: true }).waitFor();
    });

    it('clears an item kept as it is, and a sample once edited', async () => {
      await openSection(page, 'Hero Section');
      await checklist().getByRole('button', { name: 'Keep as is: Your business name (still “Pleat Interiors”)' }).click();
      await checklist().getByText('Your business name', { exact: false }).waitFor({ state: 'detached' });
      const { rows } = await site.sql('select confirmed_defaults from site_texts');
      assert.deepEqual(rows[0].confirmed_defaults, ['business-name']);

      await checklist().getByTestId('setup-group-testimonials').getByRole('button', { name: 'Open Testimonials' }).click();
      await page.getByRole('button', { name: 'Edit Sarah Mitchell' }).click();
      await field('Testimonial Content').fill('They measured twice and fitted once. Lovely curtains.');
      await page.getByTestId('testimonial-form').getByRole('button', { name: 'Save' }).click();
      const card = page.getByTestId('testimonial-admin-card').filter({ hasText: 'Sarah Mitchell' });
      await card.getByText('measured twice', { exact: false }).waitFor();
      assert.equal(await card.getByText('Sample', { exact: true }).count(), 0);
      await openSection(page, 'Hero Section');
      await checklist().getByText('Sample testimonial from “James Okafor”').waitFor();
      assert.equal(await checklist().getByText('Sample testimonial from “Sarah Mitchell”').count(), 0);
    });

    it('changes a heading, the reply promise and the About figures, then hides them', async () => {
      await openSection(page, 'Site Texts');
      await field('Services heading').fill('What We Make');
      await field('Reply promise').fill('the same day');
      await field('Figure 1 value').fill('4.9★');
      await field('Figure 1 label').fill('Google rating');
      await page.getByRole('button', { name: 'Remove figure 2' }).click();
      await saveTexts();

      const visitor = await visit('/');
      await visitor.getByRole('heading', { name: 'What We Make', level: 2 }).waitFor();
      const about = await visitor.locator('#about dl').innerText();
      assert.match(about, /Google rating\s+4\.9★/);
      assert.doesNotMatch(about, /Client Satisfaction|Average Rating/);
      const contact = visitor.locator('#contact');
      await contact.getByLabel('First Name', { exact: false }).first().fill('Ada');
      await contact.getByLabel('Last Name', { exact: false }).first().fill('Lovelace');
      await contact.getByLabel('Email', { exact: false }).first().fill('ada@example.com');
      await contact.getByLabel('Message', { exact: false }).first().fill('Linen curtains for two windows.');
      await contact.getByRole('button', { name: 'Send Message' }).click();
      await contact.getByText("Your message has been sent successfully. We'll get back to you the same day.").waitFor();
      await visitor.context().close();

      await page.getByLabel('Show the About figures').uncheck();
      await saveTexts();
      const hidden = await visit('/');
      await hidden.locator('#about-heading').waitFor();
      assert.equal(await hidden.locator('#about dl').count(), 0);
      await hidden.context().close();

      await openSection(page, 'Hero Section');
      await checklist().waitFor();
      const text = await checklist().innerText();
      for (const gone of ['within 24 hours', 'The About figures', 'The About counts']) assert.ok(!text.includes(gone), gone);
    });

    it('lists a new service in the footer while following the services, then the owner’s own list', async () => {
      await site.sql(
        `insert into services (title, description, icon, sort_order) values ('Re-upholstery', 'New fabric on old frames.', 'Armchair', 9)`,
      );
      await openSection(page, 'Site Texts');
      await page.getByLabel('List my services (from the Services section)').check();
      await saveTexts();
      const following = await visit('/');
      const { rows: services } = await site.sql('select title from services order by sort_order');
      assert.deepEqual(
        await footerServices(following),
        services.map((s) => s.title),
      );
      assert.equal((await footerServices(following)).at(-1), 'Re-upholstery');
      await following.context().close();

      await page.getByLabel('List my services (from the Services section)').uncheck();
      await page.getByRole('button', { name: 'Add a footer service' }).click();
      await field('Footer service 1').fill('Made-to-measure curtains');
      await page.getByRole('button', { name: 'Add a footer service' }).click();
      await field('Footer service 2').fill('Loose covers');
      await saveTexts();
      const own = await visit('/portfolio');
      assert.deepEqual(await footerServices(own), ['Made-to-measure curtains', 'Loose covers']);
      await own.context().close();
    });

    it('adds a category, uses it for a project and shows it as a filter tab; one in use cannot be removed', async () => {
      await page.getByRole('button', { name: 'Add a category' }).click();
      await field('Category 5').fill('Headboards');
      await saveTexts();

      await openSection(page, 'Portfolio');
      await page.getByRole('button', { name: 'Edit Bay Window Seat & Cushions' }).click();
      await page.getByTestId('portfolio-form').getByLabel('Category').selectOption({ label: 'Headboards' });
      await page.getByTestId('portfolio-form').getByRole('button', { name: 'Save' }).click();
      await page.getByTestId('portfolio-admin-card').filter({ hasText: 'Bay Window Seat & Cushions' }).getByText('Headboards').waitFor();

      const visitor = await visit('/portfolio');
      const tabs = visitor.getByRole('group', { name: 'Filter projects by category' });
      await tabs.getByRole('button', { name: 'Headboards' }).click();
      await visitor.getByTestId('portfolio-card').filter({ hasText: 'Bay Window Seat & Cushions' }).waitFor();
      assert.equal(await visitor.getByTestId('portfolio-card').count(), 1);
      await visitor.context().close();

      await openSection(page, 'Site Texts');
      await page.getByRole('button', { name: 'Remove category 5' }).click();
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('“Headboards” is still used by 1 project.', { exact: false }).waitFor();
      const { rows } = await site.sql('select portfolio_categories from site_texts');
      assert.ok(rows[0].portfolio_categories.some((c) => c.value === 'headboards'));
      // Put back, it is the same category again.
      await page.getByRole('button', { name: 'Add a category' }).click();
      await field('Category 5').fill('Headboards');
      await saveTexts();
      const { rows: after } = await site.sql(`select category from portfolio_items where title = 'Bay Window Seat & Cushions'`);
      assert.deepEqual(after, [{ category: 'headboards' }]);
    });

    it('changes the title suffix and the portfolio description', async () => {
      await field('Title suffix').fill(' | Made to Measure in Portland');
      await field('Portfolio page description').fill('Rooms we dressed this year, from bay windows to boardrooms.');
      await saveTexts();

      const home = await visit('/');
      await home.waitForFunction(() => document.title === 'Pleat Interiors | Made to Measure in Portland');
      await home.context().close();
      assert.equal(await serverTitle('/'), 'Pleat Interiors | Made to Measure in Portland');

      const portfolio = await visit('/portfolio');
      await portfolio.getByText('Rooms we dressed this year, from bay windows to boardrooms.').waitFor();
      assert.equal(
        await portfolio.locator('meta[name="description"]').getAttribute('content'),
        'Rooms we dressed this year, from bay windows to boardrooms.',
      );
      await portfolio.context().close();
      const html = await (await fetch(`${site.url}/portfolio`)).text();
      assert.ok(html.includes('<meta name="description" content="Rooms we dressed this year, from bay windows to boardrooms.">'));
    });
  });
}
