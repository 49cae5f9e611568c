// The landing page shows the seeded content in every section, and its defaults when rows
// are missing.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { assertNoPageErrors, startSite, waitForLanding, withoutInlinedData } from './lib/site.mjs';

let site;
before(async () => {
  site = await startSite();
});
after(async () => {
  await site?.close();
});

describe('landing page with the seed content', () => {
  let page;
  before(async () => {
    page = await site.openPage();
    await page.goto(`${site.url}/`);
    await waitForLanding(page);
  });
  after(async () => page.context().close());

  it('shows the hero', async () => {
    const hero = page.locator('#hero');
    assert.equal(await hero.getByRole('heading', { level: 1 }).innerText(), 'Transform Your Space');
    assert.ok(await hero.getByText('Custom curtains, blinds and furniture covers crafted with precision').isVisible());
    assert.ok(await hero.getByRole('button', { name: 'View Our Work' }).isVisible());
    assert.ok(await hero.getByRole('button', { name: 'Get Quote' }).isVisible());
    const img = hero.locator('img');
    assert.equal(await img.getAttribute('src'), '/images/hero.svg');
  });

  it('shows every service in the stored order', async () => {
    const { rows } = await site.sql('select title from services order by sort_order');
    assert.ok(rows.length >= 4);
    const titles = await page.locator('#services h3').allInnerTexts();
    assert.deepEqual(
      titles,
      rows.map((r) => r.title),
    );
    assert.ok(await page.locator('#services').getByRole('heading', { name: 'Our Services' }).isVisible());
  });

  it('shows the featured projects only, at most six', async () => {
    const { rows } = await site.sql('select title from portfolio_items where featured order by sort_order limit 6');
    const titles = await page.locator('#portfolio [data-testid="portfolio-card"] h3').allInnerTexts();
    assert.ok(titles.length > 0 && titles.length <= 6);
    assert.deepEqual(
      titles,
      rows.map((r) => r.title),
    );
    const clamp = await page.locator('#portfolio [data-testid="portfolio-card"] p.line-clamp-2').count();
    assert.equal(clamp, titles.length);
  });

  it('shows the about section with its numbers', async () => {
    const about = page.locator('#about');
    const { rows } = await site.sql('select title, years_experience, projects_completed from about_content');
    assert.ok(await about.getByRole('heading', { name: rows[0].title }).isVisible());
    for (const text of [`${rows[0].years_experience}+`, `${rows[0].projects_completed}+`, '100%', '5★']) {
      assert.ok(await about.getByText(text, { exact: true }).isVisible(), text);
    }
    assert.ok(await about.getByText('Client Satisfaction').isVisible());
    assert.ok(await about.getByText('Average Rating').isVisible());
  });

  it('shows the testimonials with their stars', async () => {
    const { rows } = await site.sql('select name, rating from testimonials order by sort_order');
    const cards = page.locator('[data-testid="testimonial"]');
    assert.equal(await cards.count(), rows.length);
    for (const [i, row] of rows.entries()) {
      assert.ok((await cards.nth(i).innerText()).includes(row.name));
      assert.ok(
        await cards
          .nth(i)
          .getByRole('img', { name: `${row.rating} out of 5 stars` })
          .isVisible(),
      );
    }
  });

  it('shows the contact form', async () => {
    const contact = page.locator('#contact');
    for (const label of ['First Name', 'Last Name', 'Email', 'Phone', 'Service Needed', 'Message']) {
      assert.ok(await contact.getByLabel(label, { exact: false }).first().isVisible(), label);
    }
    assert.ok(await contact.getByRole('button', { name: 'Send Message' }).isVisible());
  });

  it('shows the footer', async () => {
    const footer = page.getByRole('contentinfo');
    const text = await footer.innerText();
    assert.match(text, /© 2025 Pleat Interiors\. All rights reserved\./);
    for (const service of ['Custom Curtains', 'Window Blinds', 'Furniture Covers', 'Design Consultation']) {
      assert.ok(text.includes(service), service);
    }
    const { rows } = await site.sql('select site_description from site_settings');
    assert.ok(text.includes(rows[0].site_description));
    assert.equal(await footer.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href'), '/privacy');
    assert.equal(await footer.getByRole('link', { name: 'Terms of Service' }).getAttribute('href'), '/terms');
  });

  it('has sections in the spec order and lazy images with fixed sizes', async () => {
    const ids = await page.locator('main > section[id]').evaluateAll((els) => els.map((el) => el.id));
    assert.deepEqual(ids, ['hero', 'services', 'portfolio', 'about', 'testimonials', 'contact']);
    const images = await page.locator('main img').evaluateAll((imgs) =>
      imgs.map((img) => ({
        src: img.getAttribute('src'),
        loading: img.loading,
        w: img.getAttribute('width'),
        h: img.getAttribute('height'),
      })),
    );
    for (const img of images) {
      assert.ok(img.w && img.h, `${img.src} has width and height`);
      if (img.src !== '/images/hero.svg') assert.equal(img.loading, 'lazy', `${img.src} is lazy`);
    }
    assertNoPageErrors(page);
  });
});

describe('landing page defaults', () => {
  it('falls back to the spec defaults when the single rows are missing', async () => {
    await site.sql('delete from hero_content; delete from about_content; delete from site_settings');
    await site.sql('update portfolio_items set featured = false');
    const page = await site.openPage();
    try {
      await page.goto(`${site.url}/`);
      await waitForLanding(page);
      assert.equal(await page.locator('#hero h1').innerText(), 'Transform Your Space');
      assert.ok(await page.getByRole('button', { name: 'View Our Work' }).isVisible());
      assert.ok(await page.getByRole('button', { name: 'Get Quote' }).isVisible());
      const about = page.locator('#about');
      assert.ok(await about.getByRole('heading', { name: 'About Our Craft' }).isVisible());
      assert.ok(await about.getByText('10+', { exact: true }).isVisible());
      assert.ok(await about.getByText('500+', { exact: true }).isVisible());
      assert.ok(await page.getByText('No featured projects available yet.').isVisible());
      assert.ok(await page.getByText(/Mark projects as Featured in the CMS/).isVisible());
      assert.match(await page.getByRole('contentinfo').innerText(), /© 2025 Pleat Interiors\./);

      await site.sql('delete from portfolio_items');
      await page.reload();
      await waitForLanding(page);
      assert.ok(await page.getByText('No portfolio items available yet.').isVisible());
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });

  it('shows the loading texts while the content is on its way (a page without inlined data)', async () => {
    const page = await site.openPage();
    await withoutInlinedData(page, `${site.url}/`);
    let release;
    const held = new Promise((resolve) => (release = resolve));
    await page.route('**/rest/v1/**', async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.goto(`${site.url}/`);
      for (const text of ['Loading...', 'Loading services...', 'Loading about content...', 'Loading testimonials...']) {
        assert.ok(await page.getByText(text, { exact: true }).isVisible(), text);
      }
      assert.equal(await page.locator('#portfolio [data-testid="portfolio-card-skeleton"]').count(), 6);
      release();
      await waitForLanding(page);
    } finally {
      release();
      await page.context().close();
    }
  });
});

describe('landing page transfer', () => {
  const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  /** The raw bytes and headers of `url`, asking for `encoding` (none when null). */
  const raw = (url, encoding) =>
    new Promise((resolve, reject) => {
      get(url, { headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });

  it('sends its scripts and stylesheet as the build compressed them, to browsers that accept it', async () => {
    const html = await (await fetch(`${site.url}/`)).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
    assert.ok(assets.some((a) => a.endsWith('.js')) && assets.some((a) => a.endsWith('.css')), html);
    for (const asset of assets) {
      const file = path.join(dist, asset);
      for (const [accept, encoding, suffix] of [
        ['gzip, deflate, br, zstd', 'br', '.br'],
        ['gzip, deflate', 'gzip', '.gz'],
      ]) {
        const res = await raw(`${site.url}${asset}`, accept);
        assert.equal(res.headers['content-encoding'], encoding, `${asset} (${accept})`);
        assert.ok(res.headers.vary?.toLowerCase().includes('accept-encoding'), asset);
        assert.ok(res.body.equals(readFileSync(`${file}${suffix}`)), `${asset}${suffix}`);
      }
      const plain = await raw(`${site.url}${asset}`, null);
      assert.equal(plain.headers['content-encoding'], undefined, asset);
      assert.ok(plain.body.equals(readFileSync(file)), asset);
    }
  });
});
