// Who has access, in the admin's Account section, on a laptop and a phone: the Editors
// list with each person's role and last sign-in, an editor making a colleague a viewer,
// inviting a viewer, and removing someone (their sessions ended at once); a viewer sees the admin
// with every change switched off, and the inbox without marking read or deleting.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { viewports } from './lib/browser.mjs';
import { assertNoPageErrors } from './lib/site.mjs';
import { addOwner, answerConfirm, eventually, fillSignIn, openSection, signIn } from './lib/admin.mjs';
import { startMailSite } from './lib/mail.mjs';

let site;
const COLLEAGUE = { email: 'colleague@example.com', password: 'Colleague pass 1' };
before(async () => {
  site = await startMailSite();
  await addOwner(site, COLLEAGUE);
  await site.sql(
    `insert into contact_messages (first_name, last_name, email, message) values ('Ada', 'Lovelace', 'ada@example.com', 'Lined curtains')`,
  );
});
after(() => site?.close());

const people = (page) => page.getByRole('list', { name: 'Editors' }).getByTestId('person');
const person = (page, email) => people(page).filter({ hasText: email });
const roleOf = async (email) => (await site.sql(`select raw_app_meta_data as m from auth.users where email = $1`, [email])).rows[0]?.m;

describe('Editors (laptop)', () => {
  let page;
  before(async () => {
    page = await site.openPage();
    await signIn(page, site);
    await openSection(page, 'Account');
  });
  after(() => page?.context().close());

  it('lists everyone with access, with their role and last sign-in; my own access is not offered', async () => {
    await person(page, 'owner@example.com')
      .getByText(/^Last signed in /)
      .waitFor();
    assert.match(await person(page, 'owner@example.com').innerText(), /\(you\)/);
    assert.equal(await person(page, 'owner@example.com').getByRole('combobox').count(), 0);
    assert.equal(
      await person(page, COLLEAGUE.email)
        .getByRole('combobox', { name: `Access for ${COLLEAGUE.email}` })
        .inputValue(),
      'editor',
    );
  });

  it('makes a colleague a viewer, and an editor again', async () => {
    await person(page, COLLEAGUE.email).getByRole('combobox').selectOption({ label: 'Viewer' });
    await page.getByText(`${COLLEAGUE.email} is now a viewer.`).waitFor();
    assert.deepEqual([(await roleOf(COLLEAGUE.email)).editor, (await roleOf(COLLEAGUE.email)).viewer], [false, true]);
    await person(page, COLLEAGUE.email).getByRole('combobox').selectOption({ label: 'Editor' });
    await page.getByText(`${COLLEAGUE.email} is now an editor.`).waitFor();
    assert.equal((await roleOf(COLLEAGUE.email)).editor, true);
  });

  it('invites a colleague as a viewer', async () => {
    await page.getByLabel('Colleague\u2019s Email').fill('looker@example.com');
    await page.getByLabel('Access', { exact: true }).selectOption({ label: 'Viewer' });
    await page.getByRole('button', { name: 'Send Invite' }).click();
    await page.getByText('Invite sent to looker@example.com.').waitFor();
    await person(page, 'looker@example.com')
      .getByText(/^Invited .*, not signed in yet$/)
      .waitFor();
    assert.equal(await person(page, 'looker@example.com').getByRole('combobox').inputValue(), 'viewer');
    assert.equal((await roleOf('looker@example.com')).viewer, true);
    assertNoPageErrors(page);
  });
});

describe('a viewer, and removal (phone)', () => {
  it('a viewer sees every section with changes switched off, and reads the inbox without marking it', async () => {
    await site.sql(`update auth.users set raw_app_meta_data = raw_app_meta_data || '{"editor": false, "viewer": true}' where email = $1`, [
      COLLEAGUE.email,
    ]);
    const page = await site.openPage({ viewport: viewports.mobile, isMobile: true });
    try {
      await signIn(page, site, COLLEAGUE);
      await page.getByText('You can look at everything here but not change it').waitFor();
      await page.getByLabel('Title', { exact: false }).first().waitFor();
      assert.equal(await page.getByLabel('Title', { exact: false }).first().isDisabled(), true, 'the hero form is switched off');
      await openSection(page, 'Contact Messages');
      await page.getByTestId('message-card').first().waitFor();
      assert.equal(await page.getByRole('checkbox', { name: /^Select/ }).count(), 0, 'nothing to select');
      assert.equal(await page.getByRole('button', { name: /^Delete/ }).count(), 0);
      await page.getByRole('button', { name: /^View message from Ada/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Lined curtains').waitFor();
      assert.equal(await dialog.getByRole('button', { name: 'Replied' }).isDisabled(), true);
      assert.equal(await dialog.getByRole('button', { name: 'Delete' }).count(), 0);
      await dialog.getByRole('button', { name: 'Close' }).click();
      const { rows } = await site.sql(`select read_at from contact_messages`);
      assert.equal(rows[0].read_at, null, 'a viewer opening it does not mark it read');
      await openSection(page, 'Account');
      await person(page, 'owner@example.com').waitFor();
      assert.equal(await page.getByRole('button', { name: 'Send Invite' }).count(), 0);
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });

  it('an editor removes a colleague signed in elsewhere: gone from the list, their sessions ended', async () => {
    const theirs = await site.openPage();
    const page = await site.openPage({ viewport: viewports.mobile, isMobile: true });
    try {
      await theirs.goto(`${site.url}/admin`);
      await theirs.getByRole('heading', { name: 'Content Management' }).waitFor();
      await fillSignIn(theirs, COLLEAGUE);
      await theirs.getByText(`Welcome, ${COLLEAGUE.email}`).first().waitFor();

      await signIn(page, site);
      await openSection(page, 'Account');
      const asked = answerConfirm(page, true);
      await person(page, COLLEAGUE.email)
        .getByRole('button', { name: `Remove ${COLLEAGUE.email}` })
        .click();
      assert.equal((await asked).text, `Remove ${COLLEAGUE.email}'s access? They are signed out at once.`);
      await page.getByText(`${COLLEAGUE.email} no longer has access.`).waitFor();
      await person(page, COLLEAGUE.email).waitFor({ state: 'detached' });
      await eventually(
        async () =>
          (
            await site.sql(`select count(*)::int as n from auth.sessions s join auth.users u on u.id = s.user_id where u.email = $1`, [
              COLLEAGUE.email,
            ])
          ).rows[0].n,
        0,
      );
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
      await theirs.context().close();
    }
  });
});
