// Signing in to /admin with an external provider, in the browser, against a real
// OpenID provider (the `oidc-provider` package, started here, see
// tests/js/lib/oidc-provider.mjs): the button the sign-in screen shows when the server
// reports the provider enabled, the provider's own login page, and the landing back in
// the admin. The owner, whose verified address matches, gets the admin as an editor;
// someone else is signed in but is no editor; an address the provider has not verified
// comes back refused with the reason.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { OWNER, startAdminSite } from './lib/admin.mjs';
import { freePort, startOidcProvider } from '../../tests/js/lib/oidc-provider.mjs';

let site;
let provider;
before(async () => {
  const port = await freePort();
  provider = await startOidcProvider({ redirectUris: [`http://127.0.0.1:${port}/auth/v1/callback`] });
  site = await startAdminSite({
    env: {
      PLEAT_ADDR: `127.0.0.1:${port}`,
      PLEAT_DISABLE_SIGNUP: 'false',
      PLEAT_EXTERNAL_OIDC_ENABLED: 'true',
      PLEAT_EXTERNAL_OIDC_CLIENT_ID: provider.clientId,
      PLEAT_EXTERNAL_OIDC_SECRET: provider.clientSecret,
      PLEAT_EXTERNAL_OIDC_URL: provider.issuer,
    },
  });
});
after(async () => {
  await site?.close();
  await provider?.stop();
});

async function withPage(fn) {
  const page = await site.openPage();
  try {
    await fn(page);
  } finally {
    await page.context().close();
  }
}

/** From /admin through the provider's login page as `login`; resolves back on the site. */
async function signInWithProvider(page, login) {
  await page.goto(`${site.url}/admin`);
  await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
  await page.waitForURL((url) => url.toString().startsWith(provider.issuer));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.toString().startsWith(`${site.url}/admin`));
}

/** The signed-in user as GET /auth/v1/user answers it for the page's stored session. */
async function storedUser(page) {
  const { token, anonKey } = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token'));
    return { token: key ? JSON.parse(localStorage.getItem(key)).access_token : null, anonKey: window.__PLEAT_CONFIG__.anonKey };
  });
  assert.ok(token, 'a session is stored');
  const res = await fetch(`${site.url}/auth/v1/user`, { headers: { apikey: anonKey, Authorization: `Bearer ${token}` } });
  assert.equal(res.status, 200);
  return { user: await res.json(), token, anonKey };
}

describe('Sign in with a provider', () => {
  it('the owner signs in with the provider, lands in the admin, and the identity is listed', () =>
    withPage(async (page) => {
      await signInWithProvider(page, OWNER.email);
      await page.getByText(`Welcome, ${OWNER.email}`).first().waitFor();
      const { user } = await storedUser(page);
      assert.deepEqual(user.identities.map((i) => i.provider).sort(), ['email', 'oidc']);
      assert.equal(user.app_metadata.editor, true);
    }));

  it('someone else is signed in but is not an editor', () =>
    withPage(async (page) => {
      await signInWithProvider(page, 'visitor@example.com');
      await page.getByText('Welcome, visitor@example.com').first().waitFor();
      const { user, token, anonKey } = await storedUser(page);
      assert.deepEqual(
        user.identities.map((i) => i.provider),
        ['oidc'],
      );
      assert.equal(user.app_metadata.editor, undefined);
      const res = await fetch(`${site.url}/rest/v1/rpc/is_editor`, {
        method: 'POST',
        headers: { apikey: anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: '{}',
      });
      assert.equal(await res.json(), false);
    }));

  it('an address the provider has not verified comes back refused, with the reason', () =>
    withPage(async (page) => {
      await signInWithProvider(page, 'unverified-guest@example.com');
      await page.getByText('not verified by its provider').waitFor();
      assert.ok(await page.getByRole('button', { name: 'Sign In', exact: true }).isVisible());
    }));
});
