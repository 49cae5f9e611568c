// A hostile portfolio description is shown sanitised: nothing in it runs.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertNoPageErrors, startSite, waitForLanding } from './lib/site.mjs';

let site;
before(async () => {
  site = await startSite();
  await site.sql(
    `insert into portfolio_items (title, category, description, image_url, images, featured, sort_order)
     values ('Hostile Project', 'other', $1, '/images/portfolio/window-seat-1.svg', '{}', true, -1)`,
    [
      '<p data-x="1" onclick="window.__xss=1">Safe <strong>text</strong></p>' +
        '<img src=x onerror="window.__xss=2">' +
        '<script>window.__xss=3</script>' +
        '<a id="js-link" href="javascript:window.__xss=4">bad link</a>' +
        '<iframe src="javascript:window.parent.__xss=5"></iframe>' +
        '<svg><script>window.__xss=6</script></svg>',
    ],
  );
});
after(async () => {
  await site?.close();
});

describe('rich text', () => {
  it('runs nothing from a hostile description, on the card or in the popup', async () => {
    const page = await site.openPage();
    const dialogs = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      d.dismiss();
    });
    try {
      await page.goto(`${site.url}/`);
      await waitForLanding(page);
      await page.locator('#portfolio').getByRole('button', { name: 'Hostile Project' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      const rich = dialog.locator('.rich-text');
      assert.equal(await rich.locator('p').innerText(), 'Safe text');
      assert.equal(await rich.locator('img, script, iframe, svg').count(), 0);
      assert.equal(await rich.locator('[onclick], [data-x]').count(), 0);
      assert.equal(await rich.locator('a').getAttribute('href'), null);
      await rich.locator('p').click();
      await rich.locator('a').click();
      await page.waitForTimeout(300);
      assert.equal(await page.evaluate(() => window.__xss), undefined);
      assert.deepEqual(dialogs, []);
      // The site's CSP refuses the payload's inline handlers (the browser reports each one
      // it blocks); that is the policy working, not the site breaking it.
      assert.ok(
        page.cspViolations.every((v) => v.includes('inline event handler')),
        page.cspViolations.join('\n'),
      );
      page.cspViolations.length = 0;
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });
});
