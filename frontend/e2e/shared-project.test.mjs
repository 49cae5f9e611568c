// A project's shareable link: /portfolio?project=<id> arrives with the project's own title
// and description in the served HTML and opens its popup; opening a project writes the
// link, closing removes it; "Get Similar Work Done" pre-selects the matching service.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertNoPageErrors, startSite, waitForSectionInView } from './lib/site.mjs';

let site;
let page;
let project;
before(async () => {
  site = await startSite();
  page = await site.openPage();
  const { rows } = await site.sql("select id, title from portfolio_items where title = 'Kitchen Roller Blinds'");
  project = rows[0];
});
after(async () => {
  await page?.context().close();
  await site?.close();
});

describe('shared project links', () => {
  it('serves the project title and description in the head', async () => {
    const html = await (await fetch(`${site.url}/portfolio?project=${project.id}`)).text();
    assert.match(html, /<title>Kitchen Roller Blinds - Pleat Interiors<\/title>/);
    assert.match(html, /<meta name="description" content="Kitchen Roller Blinds, a project by Pleat Interiors\./);
    assert.ok(html.includes(`<link rel="canonical" href="${site.url}/portfolio?project=${project.id}">`));
    // Link previews render no SVG: the seed project's SVG artwork gives way to the shipped JPEG…
    assert.ok(html.includes(`<meta property="og:image" content="${site.url}/images/hero-share.jpg">`));
    // …and an uploaded photo of the project is its sharing image, cropped to 1200×630.
    const photo = 'portfolio/2026/11/kitchen-blinds-0a1b.jpg';
    const { rows } = await site.sql('select image_url from portfolio_items where id = $1', [project.id]);
    await site.sql('update portfolio_items set image_url = $1 where id = $2', [
      `/storage/v1/object/public/site-media/${photo}`,
      project.id,
    ]);
    try {
      const shared = await (await fetch(`${site.url}/portfolio?project=${project.id}`)).text();
      const crop = `${site.url}/storage/v1/render/image/public/site-media/${photo}?width=1200&amp;height=630&amp;resize=cover&amp;format=origin`;
      assert.ok(shared.includes(`<meta property="og:image" content="${crop}">`), 'og:image is the project photo crop');
    } finally {
      await site.sql('update portfolio_items set image_url = $1 where id = $2', [rows[0].image_url, project.id]);
    }

    const plain = await (await fetch(`${site.url}/portfolio?project=not-a-uuid`)).text();
    assert.match(plain, /<title>Our Portfolio - Pleat Interiors<\/title>/, 'an unknown project gets the page head');
  });

  it('opens the popup of the linked project', async () => {
    await page.goto(`${site.url}/portfolio?project=${project.id}`);
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    assert.ok(await dialog.getByRole('heading', { name: 'Kitchen Roller Blinds' }).isVisible());
    assert.equal(await page.title(), 'Kitchen Roller Blinds - Pleat Interiors');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.waitForURL(`${site.url}/portfolio`);
    await page.waitForFunction(() => document.title === 'Our Portfolio - Pleat Interiors');
  });

  it('writes the link when a project is opened on /portfolio', async () => {
    await page.getByTestId('portfolio-card').filter({ hasText: 'Kitchen Roller Blinds' }).getByRole('button').first().click();
    await page.getByRole('dialog').waitFor();
    await page.waitForURL(`${site.url}/portfolio?project=${project.id}`);
  });

  it('pre-selects the project\'s service in the contact form with "Get Similar Work Done"', async () => {
    await page.getByRole('dialog').getByRole('button', { name: 'Get Similar Work Done' }).click();
    await page.waitForURL(`${site.url}/#contact`);
    await waitForSectionInView(page, 'contact');
    assert.equal(await page.locator('#contact').getByLabel('Service Needed', { exact: false }).inputValue(), 'Window Blinds');
    assertNoPageErrors(page);
  });
});
