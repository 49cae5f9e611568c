// Passkeys in the admin, end to end on the real pleat with Chromium's virtual WebAuthn
// authenticator (DevTools protocol): the owner registers this device in Account, signs
// out, and signs in with the passkey alone; a removed passkey no longer signs in; the
// button is hidden where the browser has no WebAuthn. WebAuthn refuses IP addresses as
// the relying party, so this site runs as http://localhost:PORT with PLEAT_SITE_URL
// saying so (the relying party is derived from it). A passkey is a first step: an
// account with two-step sign-in is asked for its code after it too.
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { assertNoPageErrors } from './lib/site.mjs';
import { addOwner, answerConfirm, eventually, fillSignIn, openSection, startAdminSite, OWNER } from './lib/admin.mjs';
import { authenticator } from './lib/totp.mjs';

const CODE_LABEL = '6-digit code from your authenticator app';

let site;
let origin;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

before(async () => {
  const port = await freePort();
  origin = `http://localhost:${port}`;
  site = await startAdminSite({ env: { PLEAT_ADDR: `127.0.0.1:${port}`, PLEAT_SITE_URL: origin } });
});
after(async () => {
  await site?.close();
});

/** A page in a fresh context with a platform authenticator (user verification always passes). */
async function pageWithAuthenticator() {
  const page = await site.openPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  const credentials = async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  return { page, credentials };
}

async function signInWithPassword(page) {
  await page.goto(`${origin}/admin`);
  await fillSignIn(page, OWNER);
  await page.getByText(`Welcome, ${OWNER.email}`).first().waitFor();
}

async function signOut(page) {
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
}

const passkeyRows = (page) => page.getByRole('list', { name: 'Sign in with a passkey' }).getByRole('listitem');

describe('passkeys', () => {
  it('the owner registers this device, signs out, and signs in with the passkey', async () => {
    const { page, credentials } = await pageWithAuthenticator();
    try {
      await signInWithPassword(page);
      await openSection(page, 'Account');
      await page.getByText('No passkeys yet.').waitFor();
      await page.getByRole('button', { name: 'Register this device' }).click();
      await page.getByText('This device is registered.').waitFor();
      assert.equal((await credentials()).length, 1, 'the authenticator holds one credential');
      await eventually(() => passkeyRows(page).count(), 1);

      await signOut(page);
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await page.getByText(`Welcome, ${OWNER.email}`).first().waitFor();
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });

  it('a removed passkey no longer signs in, and the screen says so', async () => {
    const { page } = await pageWithAuthenticator();
    try {
      await signInWithPassword(page);
      await openSection(page, 'Account');
      await page.getByText('No passkeys yet.').or(passkeyRows(page).first()).waitFor();
      const before = await passkeyRows(page).count();
      await page.getByRole('button', { name: 'Register this device' }).click();
      await page.getByText('This device is registered.').waitFor();
      await eventually(() => passkeyRows(page).count(), before + 1);
      // Remove every passkey of the account, this device's among them.
      for (let left = before + 1; left > 0; left -= 1) {
        const asked = answerConfirm(page, true);
        await passkeyRows(page)
          .first()
          .getByRole('button', { name: /^Remove / })
          .click();
        assert.equal((await asked).text, 'This device will no longer sign you in with it.');
        await eventually(() => passkeyRows(page).count(), left - 1);
      }
      await page.getByText('No passkeys yet.').waitFor();

      await signOut(page);
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      // The authenticator still offers its credential; the server no longer knows it.
      const alert = page.getByRole('alert');
      await alert.waitFor();
      assert.equal(
        await alert.innerText(),
        'This passkey was not accepted. If it was removed from your account, sign in with your password and register this device again in Account.',
      );
      assert.equal(await page.getByText(`Welcome, ${OWNER.email}`).count(), 0);
    } finally {
      await page.context().close();
    }
  });

  it('an account with two-step sign-in still asks for the code after the passkey', async () => {
    const owner = { email: 'two-step@example.com', password: 'Pleat owner pass 2' };
    await addOwner(site, owner);
    const { page } = await pageWithAuthenticator();
    try {
      await page.goto(`${origin}/admin`);
      await fillSignIn(page, owner);
      await page.getByText(`Welcome, ${owner.email}`).first().waitFor();
      await openSection(page, 'Account');
      await page.getByRole('button', { name: 'Register this device' }).click();
      await page.getByText('This device is registered.').waitFor();
      await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
      const app = authenticator(await page.getByTestId('totp-secret').innerText());
      await page.getByLabel(CODE_LABEL).fill((await app.next()).code);
      await page.keyboard.press('Enter');
      await page.getByText('Two-step sign-in is on.').waitFor();

      await signOut(page);
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await page.getByRole('heading', { level: 1, name: 'Two-step sign-in' }).waitFor();
      assert.equal(await page.getByText(`Welcome, ${owner.email}`).count(), 0);
      await page.getByLabel(CODE_LABEL).fill((await app.next()).code);
      await page.keyboard.press('Enter');
      await page.getByText(`Welcome, ${owner.email}`).first().waitFor();
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });

  it('the button is not offered where the browser has no WebAuthn', async () => {
    const page = await site.openPage();
    try {
      await page.addInitScript(() => {
        delete window.PublicKeyCredential;
      });
      await page.goto(`${origin}/admin`);
      await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Sign in with a passkey' }).count(), 0);
    } finally {
      await page.context().close();
    }
  });
});
