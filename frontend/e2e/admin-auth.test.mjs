// Signing in to /admin and out again: the sign-in screen and its three messages (and the
// wait when sign-ins are throttled), what is sent, the busy state, the session kept across
// reloads and refreshed in the background, and every way a session ends returning to the
// sign-in screen.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertNoPageErrors } from './lib/site.mjs';
import { OWNER, fillSignIn, openSection, signIn, startAdminSite } from './lib/admin.mjs';

let site;
before(async () => {
  site = await startAdminSite();
});
after(async () => {
  await site?.close();
});

const storedSession = (page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token'));
    return key ? { key, session: JSON.parse(localStorage.getItem(key)) } : null;
  });

async function withPage(fn, options) {
  const page = await site.openPage(options);
  try {
    await fn(page);
  } finally {
    await page.context().close();
  }
}

describe('the sign-in screen', () => {
  it('shows its texts; the setup note is gone once an owner account exists', () =>
    withPage(async (page) => {
      const asked = page.waitForResponse((r) => r.url().includes('/rest/v1/rpc/has_editor_account'));
      await page.goto(`${site.url}/admin`);
      assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), 'Content Management');
      assert.ok(await page.getByText('Sign in to manage your landing page').isVisible());
      assert.ok(await page.getByLabel('Email Address').isVisible());
      assert.ok(await page.getByLabel('Password', { exact: true }).isVisible());
      assert.ok(await page.getByRole('button', { name: 'Sign In', exact: true }).isVisible());
      assert.equal(await (await asked).json(), true);
      assert.equal(await page.getByText('pleat user add you@example.com').count(), 0);
      // The sign-in form starts in the email field.
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('type')), 'email');
      // Its own layout: none of the public site's header or footer.
      assert.equal(await page.getByRole('contentinfo').count(), 0);
      assertNoPageErrors(page);
    }));

  it('shows the messages of the spec, in order, without calling the server for the first two', () =>
    withPage(async (page) => {
      const tokenCalls = [];
      page.on('request', (r) => r.url().includes('/auth/v1/token') && tokenCalls.push(r));
      await page.goto(`${site.url}/admin`);
      const alert = page.getByRole('alert');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      assert.equal(await alert.innerText(), 'Please fill in all fields.');
      await fillSignIn(page, { email: 'owner@example.com', password: '   ' });
      assert.equal(await alert.innerText(), 'Please fill in all fields.');
      await fillSignIn(page, { email: 'owner at example.com', password: 'x' });
      assert.equal(await alert.innerText(), 'Please enter a valid email address.');
      await fillSignIn(page, { email: 'owner@example', password: 'x' });
      assert.equal(await alert.innerText(), 'Please enter a valid email address.');
      assert.equal(tokenCalls.length, 0);

      await fillSignIn(page, { email: OWNER.email, password: 'not the password' });
      await page.getByText('Invalid email or password. Please try again.').waitFor();
      assert.equal(tokenCalls.length, 1);
      await fillSignIn(page, { email: 'nobody@example.com', password: OWNER.password });
      await page.getByText('Invalid email or password. Please try again.').waitFor();
      assert.equal(await page.getByText(/Welcome,/).count(), 0);
    }));

  it('says how long to wait once the server throttles sign-ins from this address', () =>
    withPage(async (page) => {
      await page.goto(`${site.url}/admin`);
      // Another account than the owner's, so the owner's own sign-ins stay unthrottled.
      const guess = { email: 'someone-else@example.com', password: 'a wrong guess' };
      const tokenAnswer = () => page.waitForResponse((r) => r.url().includes('/auth/v1/token'));
      for (let i = 0; i < 5; i++) {
        const answered = tokenAnswer();
        await fillSignIn(page, guess);
        assert.equal((await answered).status(), 400);
      }
      const answered = tokenAnswer();
      await fillSignIn(page, guess);
      assert.equal((await answered).status(), 429);
      await page.getByText('Too many attempts. Try again in 1 minute.').waitFor();
      assertNoPageErrors(page);
    }));

  it('sends the email trimmed and lower-cased and the password as typed, busy meanwhile', () =>
    withPage(async (page) => {
      await page.goto(`${site.url}/admin`);
      let release;
      const held = new Promise((resolve) => (release = resolve));
      const sent = [];
      await page.route('**/auth/v1/token?grant_type=password', async (route) => {
        sent.push(JSON.parse(route.request().postData()));
        await held;
        await route.continue();
      });
      await fillSignIn(page, { email: '  Owner@Example.COM ', password: OWNER.password });
      const busy = page.getByRole('button', { name: 'Signing In...' });
      await busy.waitFor();
      assert.ok(await busy.isDisabled());
      assert.ok(await page.getByLabel('Email Address').isDisabled());
      assert.ok(await page.getByLabel('Password', { exact: true }).isDisabled());
      release();
      await page.getByText(`Welcome, ${OWNER.email}`).first().waitFor();
      assert.deepEqual(sent, [{ email: OWNER.email, password: OWNER.password, gotrue_meta_security: {} }]);
    }));
});

describe('signed in', () => {
  it('shows the admin header, the fourteen sections and the hero editor first', () =>
    withPage(async (page) => {
      await signIn(page, site);
      assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), 'Content Management');
      assert.ok(await page.getByText(`Welcome, ${OWNER.email}`).first().isVisible());
      assert.ok(await page.getByRole('button', { name: 'Sign Out' }).isVisible());
      const nav = page.getByRole('navigation', { name: 'Admin sections' });
      assert.deepEqual(await nav.getByRole('button').allInnerTexts(), [
        'Hero Section',
        'Services',
        'Portfolio',
        'Testimonials',
        'About',
        'Site Texts',
        'Media',
        'Contact Messages',
        'Statistics',
        'Site Settings',
        'Contact Details',
        'Legal Pages',
        'Backups',
        'Account',
      ]);
      assert.equal(await nav.getByRole('button', { name: 'Hero Section' }).getAttribute('aria-current'), 'page');
      assert.ok(await page.getByRole('heading', { name: 'Hero Section' }).isVisible());
      // The section is page state, not the URL.
      await openSection(page, 'About');
      await page.getByRole('heading', { name: 'About Section' }).waitFor();
      assert.equal(new URL(page.url()).pathname + new URL(page.url()).hash, '/admin');
      assertNoPageErrors(page);
    }));

  it('stays signed in across a reload, from the session kept in local storage', () =>
    withPage(async (page) => {
      await signIn(page, site);
      const stored = await storedSession(page);
      assert.ok(stored.session.access_token && stored.session.refresh_token);
      await page.reload();
      await page.getByText(`Welcome, ${OWNER.email}`).first().waitFor();
      assert.equal(await page.getByRole('button', { name: 'Sign In', exact: true }).count(), 0);
    }));

  it("shows 'Loading' while an expired session is refreshed on load, then the admin", () =>
    withPage(async (page) => {
      await signIn(page, site);
      const { key, session } = await storedSession(page);
      await page.evaluate(
        ({ key, session }) => localStorage.setItem(key, JSON.stringify({ ...session, expires_at: Math.floor(Date.now() / 1000) - 60 })),
        { key, session },
      );
      let release;
      const held = new Promise((resolve) => (release = resolve));
      await page.route('**/auth/v1/token?grant_type=refresh_token', async (route) => {
        await held;
        await route.continue();
      });
      await page.reload();
      await page.getByRole('status').getByText('Loading', { exact: true }).waitFor();
      release();
      await page.getByText(`Welcome, ${OWNER.email}`).first().waitFor();
      const refreshed = await storedSession(page);
      assert.notEqual(refreshed.session.refresh_token, session.refresh_token);
    }));

  it('refreshes the session in the background before it expires', () =>
    withPage(async (page) => {
      await page.clock.install();
      await signIn(page, site);
      const before = await storedSession(page);
      const refresh = page.waitForRequest('**/auth/v1/token?grant_type=refresh_token');
      // Jump to a minute before the hour-long token expires; the refresh ticker then fires.
      await page.clock.fastForward((before.session.expires_in - 60) * 1000);
      await refresh;
      // Polled from here, moving the fake clock on: the page's own timers are the clock's.
      let after = before;
      for (let i = 0; i < 30 && after.session.access_token === before.session.access_token; i++) {
        await page.clock.runFor(1000);
        await new Promise((resolve) => setTimeout(resolve, 100));
        after = await storedSession(page);
      }
      assert.notEqual(after.session.access_token, before.session.access_token);
      assert.notEqual(after.session.refresh_token, before.session.refresh_token);
      assert.ok(await page.getByText(`Welcome, ${OWNER.email}`).first().isVisible());
    }));
});

describe('ending the session', () => {
  it('Sign Out ends every session on the server and returns to the sign-in screen', () =>
    withPage(async (page) => {
      await signIn(page, site);
      const { session } = await storedSession(page);
      const logout = page.waitForRequest('**/auth/v1/logout**');
      await page.getByRole('button', { name: 'Sign Out' }).click();
      assert.equal(new URL((await logout).url()).searchParams.get('scope'), 'global');
      await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      assert.equal(await storedSession(page), null);
      await page.reload();
      await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();

      // The old tokens can no longer get a session: the refresh token is refused and the
      // session the access token names is gone.
      const anonKey = await page.evaluate(() => window.__PLEAT_CONFIG__.anonKey);
      const headers = { apikey: anonKey, 'content-type': 'application/json' };
      const refresh = await fetch(`${site.url}/auth/v1/token?grant_type=refresh_token`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ refresh_token: session.refresh_token }),
      });
      assert.equal(refresh.status, 400);
      assert.equal((await refresh.json()).error_code, 'refresh_token_not_found');
      const user = await fetch(`${site.url}/auth/v1/user`, { headers: { ...headers, authorization: `Bearer ${session.access_token}` } });
      assert.equal(user.status, 403);
      assert.equal((await user.json()).error_code, 'session_not_found');
      // And the old access token can no longer write through /rest/v1.
      const write = await fetch(`${site.url}/rest/v1/services`, {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${session.access_token}` },
        body: JSON.stringify({ title: 'After sign-out', description: 'must not be stored' }),
      });
      assert.equal(write.status, 401);
      assert.equal((await write.json()).code, 'PGRST301');
    }));

  it('signing out in another tab shows this one signed out, with the sign-in over its admin', async () => {
    const page = await site.openPage();
    try {
      await signIn(page, site);
      const other = await page.context().newPage();
      await other.goto(`${site.url}/admin`);
      await other.getByText(`Welcome, ${OWNER.email}`).first().waitFor();
      await other.getByRole('button', { name: 'Sign Out' }).click();
      await other.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      // This tab did not choose to leave: what it had open stays, under the sign-in.
      await page.getByRole('button', { name: 'Sign In Again' }).waitFor();
      await page.getByText('Signed out', { exact: true }).waitFor();
    } finally {
      await page.context().close();
    }
  });

  it('a session ended on the server and expired here returns to the sign-in screen on load', () =>
    withPage(async (page) => {
      await signIn(page, site);
      const { key, session } = await storedSession(page);
      await site.sql('delete from auth.sessions');
      await page.evaluate(
        ({ key, session }) => localStorage.setItem(key, JSON.stringify({ ...session, expires_at: Math.floor(Date.now() / 1000) - 60 })),
        { key, session },
      );
      await page.reload();
      await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      assert.equal(await storedSession(page), null);
    }));

  it('says so when the server cannot be told, and signs out on the next try', () =>
    withPage(async (page) => {
      await signIn(page, site);
      await page.route('**/auth/v1/logout**', (route) => route.abort('connectionrefused'));
      await page.getByRole('button', { name: 'Sign Out' }).click();
      await page.getByRole('alert').getByText('Error signing out. Please try again.').waitFor();
      assert.ok(await page.getByText(`Welcome, ${OWNER.email}`).first().isVisible());
      await page.unroute('**/auth/v1/logout**');
      await page.getByRole('button', { name: 'Sign Out' }).click();
      await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      assert.equal(await storedSession(page), null);
    }));
});
