// The public site with difficult content and colours: a 45-letter word and a
// 55-character site title on a 390 px phone, a light colour pair that must stay readable,
// the gallery's arrow keys, visible focus on project cards, the contact form's inline
// field errors, the setup note of a site without an owner, and an honest message (then
// recovery) when projects fail to load.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { viewports } from './lib/browser.mjs';
import { assertNoPageErrors, startSite, waitForLanding, withoutInlinedData } from './lib/site.mjs';

const LONG_WORD = 'Supercalifragilisticexpialidociousdraperyhaus'; // 45 letters
const LONG_TITLE = 'The Very Long Named Curtain and Upholstery Company Ltd.'; // 55 characters
const NETWORK_TEXT = "Can't reach the server. Check your connection and try again.";

let site;
before(async () => {
  site = await startSite();
});
after(async () => {
  await site?.close();
});

async function withPage(fn, options) {
  const page = await site.openPage(options);
  try {
    await fn(page);
  } finally {
    await page.context().close();
  }
}

// WCAG contrast of an element's text against the first opaque background behind it.
function contrastInPage(selector) {
  const parse = (c) => c.match(/[\d.]+/g).map(Number);
  const lum = ([r, g, b]) => {
    const ch = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b);
  };
  return [...document.querySelectorAll(selector)].map((el) => {
    let bg = el;
    while (bg && (getComputedStyle(bg).backgroundColor === 'rgba(0, 0, 0, 0)' || parse(getComputedStyle(bg).backgroundColor)[3] === 0)) {
      bg = bg.parentElement;
    }
    const [a, b] = [lum(parse(getComputedStyle(el).color)), lum(parse(getComputedStyle(bg ?? document.body).backgroundColor))];
    return { text: el.textContent.trim().slice(0, 30), ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) };
  });
}

describe('long words and titles', () => {
  it('never widen a 390 px page; the header title is cut with the full title kept', async () => {
    await site.sql(`update services set title = $1 where title = 'Custom Curtains'`, [LONG_WORD]);
    await site.sql('update site_settings set site_title = $1', [LONG_TITLE]);
    try {
      await withPage(
        async (page) => {
          await page.goto(`${site.url}/`);
          await waitForLanding(page);
          await page.getByRole('heading', { name: LONG_WORD }).waitFor();
          const { scroll, width, header } = await page.evaluate(() => ({
            scroll: document.documentElement.scrollWidth,
            width: window.innerWidth,
            header: document.querySelector('header').getBoundingClientRect().height,
          }));
          assert.ok(scroll <= width, `page is ${scroll}px wide in a ${width}px viewport`);
          assert.equal(header, 64);
          assert.equal(await page.locator('header a').first().getAttribute('title'), LONG_TITLE);
          assertNoPageErrors(page);
        },
        { viewport: viewports.mobile, isMobile: true },
      );
    } finally {
      await site.sql(`update services set title = 'Custom Curtains' where title = $1`, [LONG_WORD]);
      await site.sql(`update site_settings set site_title = 'Pleat Interiors'`);
    }
  });
});

describe('light colours', () => {
  it('keep the stats and the contact panel readable (4.5:1)', async () => {
    await site.sql(`update site_settings set primary_color = '#fde68a', secondary_color = '#fef9c3'`);
    try {
      await withPage(async (page) => {
        await page.goto(`${site.url}/`);
        await waitForLanding(page);
        await page.waitForFunction(() => document.documentElement.style.getPropertyValue('--color-primary') === '#fde68a');
        const checks = await page.evaluate(
          contrastInPage,
          '#about dl dt, #about dl dd, #contact h2, #contact .bg-primary p, #contact .bg-primary address, #contact .bg-primary a',
        );
        assert.ok(checks.length >= 8, `${checks.length} texts checked`);
        for (const { text, ratio } of checks) assert.ok(ratio >= 4.5, `"${text}" reads at ${ratio.toFixed(2)}:1`);
      });
    } finally {
      await site.sql(`update site_settings set primary_color = '#1e293b', secondary_color = '#f59e0b'`);
    }
  });
});

describe('keyboard', () => {
  it('moves the gallery with ← and →, and shows focus on project cards', async () => {
    await withPage(async (page) => {
      await page.goto(`${site.url}/`);
      await waitForLanding(page);
      const card = page.locator('#portfolio').getByRole('button', { name: 'Living Room Linen Drapes' });
      await card.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      const ring = await card.evaluate((el) => getComputedStyle(el, '::after').boxShadow);
      assert.notEqual(ring, 'none', 'the focused card has a visible ring');

      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await page.getByRole('button', { name: 'Pause slideshow' }).click();
      const counter = () => dialog.getByTestId('gallery-counter').innerText();
      const total = (await counter()).split(' of ')[1];
      assert.equal(await counter(), `1 of ${total}`);
      await page.keyboard.press('ArrowRight');
      assert.equal(await counter(), `2 of ${total}`);
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      assert.equal(await counter(), `${total} of ${total}`);
      await page.keyboard.press('Escape');
    });
  });

  it('marks the contact form fields at fault and focuses the first', async () => {
    await withPage(async (page) => {
      await page.goto(`${site.url}/#contact`);
      await waitForLanding(page);
      const form = page.locator('#contact form');
      await form.getByLabel('Last Name').fill('Lee');
      await form.getByRole('button', { name: 'Send Message' }).click();
      await form.getByRole('alert').getByText('Please fill in all required fields.').waitFor();
      const first = form.getByLabel('First Name');
      assert.equal(await first.getAttribute('aria-invalid'), 'true');
      assert.equal(await form.getByLabel('Last Name').getAttribute('aria-invalid'), null);
      assert.ok(await first.evaluate((el) => el === document.activeElement));
      await first.fill('Ann');
      assert.equal(await first.getAttribute('aria-invalid'), null);
    });
  });
});

describe('a site without an owner yet', () => {
  it('explains `pleat user add` on the sign-in screen, knowing only that no account exists', async () => {
    await withPage(async (page) => {
      const asked = page.waitForResponse((r) => r.url().includes('/rest/v1/rpc/has_editor_account'));
      await page.goto(`${site.url}/admin`);
      assert.equal(await (await asked).json(), false);
      await page.getByText('pleat user add you@example.com').waitFor();
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('type')), 'email');
    });
  });
});

describe('failed loading', () => {
  it('says so (never "No portfolio items available yet."), then recovers', async () => {
    await withPage(async (page) => {
      await withoutInlinedData(page, `${site.url}/`);
      let fail = true;
      await page.route('**/rest/v1/portfolio_items?**', (route) => (fail ? route.abort('internetdisconnected') : route.continue()));
      await page.goto(`${site.url}/`);
      const failed = page.locator('#portfolio').getByTestId('load-failed');
      // supabase-js tries a failed read three more times (after 1, 2 and 4 s) before the
      // page hears of it, so the notice comes 7 s and more after the first try.
      await failed.waitFor({ timeout: 30_000 });
      assert.match(await failed.innerText(), new RegExp(NETWORK_TEXT.replace(/[.?]/g, '\\$&')));
      assert.equal(await page.getByText('No portfolio items available yet.').count(), 0);
      fail = false;
      await failed.getByRole('button', { name: 'Try again' }).click();
      await page.locator('#portfolio').getByTestId('portfolio-card').first().waitFor();
    });
  });
});
