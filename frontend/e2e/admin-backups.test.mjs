// The admin's Backups section, on a phone and on a laptop: "Back up now" is disabled
// with "Backing up…" while the backup runs, then the new backup shows with its size and
// "Backup made"; "Download latest backup" saves that file, of the size shown; a failed
// backup shows the server's reason and what to do. Needs a pleat whose worker makes the
// backups it is asked for.
import assert from 'node:assert/strict';
import { stat } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { viewports } from './lib/browser.mjs';
import { assertNoPageErrors } from './lib/site.mjs';
import { openSection, signIn, startAdminSite } from './lib/admin.mjs';

/** Long enough for a backup of the seeded site on a loaded machine. */
const BACKUP_TIMEOUT_MS = 90_000;

let site;
before(async () => {
  site = await startAdminSite();
});
after(async () => {
  await site?.close();
});

async function openBackups(page) {
  await openSection(page, 'Backups');
  await page.getByRole('heading', { name: 'Backups', level: 2 }).waitFor();
}

async function doneRuns() {
  const { rows } = await site.sql(
    "SELECT id, name, size_bytes::bigint AS size FROM pleat_backup.runs WHERE status = 'done' ORDER BY finished_at DESC, id DESC",
  );
  return rows.map((r) => ({ ...r, size: Number(r.size) }));
}

/** A size as the section shows it: "840 KB", "1.4 MB", with the exact bytes in its title. */
async function assertShowsSize(locator, bytes) {
  assert.match(await locator.innerText(), /^(\d+ bytes?|\d+(\.\d)? (KB|MB|GB|TB))$/);
  assert.equal(await locator.getAttribute('title'), `${bytes.toLocaleString('en-US')} bytes`);
  assert.equal(Number(await locator.getAttribute('data-bytes')), bytes);
}

/** "Today at 03:00" etc. for `iso` in this machine's time zone (the browser's too). */
function clockOf(iso) {
  const date = new Date(iso);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

for (const [name, viewport] of [
  ['phone', viewports.mobile],
  ['laptop', viewports.desktop],
]) {
  describe(`at ${viewport.width} px (${name})`, () => {
    let page;
    before(async () => {
      page = await site.openPage({ viewport, isMobile: name === 'phone' });
      await signIn(page, site);
      await openBackups(page);
    });
    after(async () => {
      await page?.context().close();
    });

    it('says what a backup holds, and offers a download only once a backup worked', async () => {
      await page.getByText('A backup holds your whole site').waitFor();
      assert.ok(await page.getByText('A downloaded backup also holds the site’s keys, so keep it somewhere safe').isVisible());
      const download = page.getByRole('button', { name: 'Download latest backup' });
      const made = await doneRuns();
      assert.equal(await download.isDisabled(), made.length === 0);
      if (made.length === 0) {
        assert.match(await page.getByTestId('last-backup').innerText(), /No backup yet/);
      }
    });

    it('"Back up now" shows Backing up… while it runs, then the new backup with its size and "Backup made"', async () => {
      const before = await doneRuns();
      // The request is held until the button has been seen busy, so the check never races the worker.
      let release;
      const held = new Promise((resolve) => (release = resolve));
      await page.route('**/rest/v1/rpc/request_backup', async (route) => {
        await held;
        await route.continue();
      });
      await page.getByRole('button', { name: 'Back up now' }).click();
      const busy = page.getByRole('button', { name: 'Backing up…' });
      await busy.waitFor();
      assert.ok(await busy.isDisabled());
      const answered = page.waitForResponse('**/rest/v1/rpc/request_backup');
      release();
      assert.equal((await answered).status(), 200);
      await page.unroute('**/rest/v1/rpc/request_backup');

      await page.getByTestId('saved-toast').filter({ hasText: 'Backup made' }).waitFor({ timeout: BACKUP_TIMEOUT_MS });
      await page.getByTestId('backup-status').getByText('Backup made').waitFor();
      await page.getByRole('button', { name: 'Back up now' }).waitFor();
      assert.ok(await page.getByRole('button', { name: 'Back up now' }).isEnabled());

      const made = await doneRuns();
      assert.equal(made.length, before.length + 1, 'one new backup');
      const newest = made[0];
      assert.ok(newest.size > 0);
      const { rows } = await site.sql('SELECT trigger, finished_at FROM pleat_backup.runs WHERE id = $1', [newest.id]);
      assert.equal(rows[0].trigger, 'request');

      const last = page.getByTestId('last-backup');
      assert.match(await last.innerText(), new RegExp(`Today at ${clockOf(rows[0].finished_at)}`));
      assert.match(await last.innerText(), /Worked/);
      await assertShowsSize(page.getByTestId('last-backup-size'), newest.size);

      const first = page.getByTestId('backup-run').first();
      assert.equal(await first.getAttribute('data-status'), 'done');
      assert.match(await first.innerText(), /Back up now/);
      await assertShowsSize(first.locator('[data-bytes]'), newest.size);
      assertNoPageErrors(page);
    });

    it('shows the next scheduled backup as the server has it', async () => {
      const { rows } = await site.sql('SELECT schedule, next_scheduled_at FROM pleat_backup.state');
      const { schedule, next_scheduled_at: next } = rows[0];
      const shown = page.getByTestId('next-backup');
      if (!schedule || schedule.trim().toLowerCase() === 'off') {
        assert.match(await shown.innerText(), /Scheduled backups are off/);
      } else if (next) {
        assert.match(await shown.innerText(), new RegExp(`at ${clockOf(next)}`));
      }
    });

    it('"Download latest backup" saves the latest backup, of the size shown', async () => {
      const [newest] = await doneRuns();
      const shownBytes = Number(await page.getByTestId('last-backup-size').getAttribute('data-bytes'));
      assert.equal(shownBytes, newest.size);
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: BACKUP_TIMEOUT_MS }),
        page.getByRole('button', { name: 'Download latest backup' }).click(),
      ]);
      assert.equal(download.suggestedFilename(), newest.name);
      assert.equal(await download.failure(), null);
      const file = await download.path();
      assert.equal((await stat(file)).size, shownBytes, 'the file is the size shown');
      assert.match(new URL(download.url()).pathname, /^\/backup\/v1\/download\/[0-9a-f-]{36}$/);
      // The page stays on the admin.
      assert.equal(new URL(page.url()).pathname, '/admin');
      assert.ok(await page.getByRole('heading', { name: 'Backups', level: 2 }).isVisible());
      assertNoPageErrors(page);
    });
  });
}

describe('a failed backup', () => {
  it("shows the server's reason and what to do", async () => {
    await site.sql(
      `INSERT INTO pleat_backup.runs (trigger, slot, status, error, started_at, finished_at)
       VALUES ('schedule', '2000-01-01T03:00:00Z', 'failed', 'pg_dump: error: connection to server failed', now(), now())`,
    );
    const page = await site.openPage({ viewport: viewports.desktop });
    try {
      await signIn(page, site);
      await openBackups(page);
      const alert = page.getByTestId('last-backup').getByRole('alert');
      await alert.waitFor();
      assert.match(await alert.innerText(), /pg_dump: error: connection to server failed/);
      assert.match(await alert.innerText(), /Try “Back up now”\. If it fails again, send the message above/);
      assert.match(await page.getByTestId('last-backup').innerText(), /Last good backup: Today at \d\d:\d\d \(/);
      assert.equal(await page.getByTestId('backup-run').first().getAttribute('data-status'), 'failed');
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });
});
