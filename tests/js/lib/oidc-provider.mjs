// A real OpenID Connect provider for the tests: the `oidc-provider` package
// (the certified Node implementation) on a local port, with its development
// login pages. Anyone may sign in with any login; the login is the account's
// email (verified unless it starts with "unverified-"). Sign-ins are driven
// with plain HTTP (`signInAtProvider`), as a browser would follow them.
import http from 'node:http';
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import Provider from 'oidc-provider';
import { exportJWK, generateKeyPair } from 'jose';

/** A port nothing listens on now (for pleat, whose callback URL the provider must know first). */
export async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Start a provider whose one client (`clientId`, `clientSecret`) may send
 * users back to `redirectUris`. Returns { issuer, clientId, clientSecret, stop }.
 */
export async function startOidcProvider({ redirectUris, clientId = `client-${randomUUID().slice(0, 8)}`, clientSecret = randomUUID() }) {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };
  const server = http.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${server.address().port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The claims in the ID token itself, as Google's carry them.
    conformIdTokenClaims: false,
    cookies: { keys: [randomUUID()] },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({
        sub: id,
        email: id,
        email_verified: !id.startsWith('unverified-'),
        name: `Name of ${id.split('@')[0]}`,
      }),
    }),
    // First-party client: no consent page after the login.
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * Follow a sign-in from `url` (pleat's /authorize, or the provider's own
 * authorization URL) through the provider's login page as `login`, until a
 * redirect to an address starting with `stopAt`; returns that address.
 */
export async function signInAtProvider(url, login, stopAt) {
  const cookies = new Map();
  let request = { url, method: 'GET', body: undefined };
  for (let step = 0; step < 20; step += 1) {
    const host = new URL(request.url).host;
    const jar = [...cookies.entries()].filter(([k]) => k.startsWith(`${host} `)).map(([k, v]) => `${k.split(' ')[1]}=${v}`);
    const res = await fetch(request.url, {
      method: request.method,
      redirect: 'manual',
      headers: {
        ...(jar.length ? { cookie: jar.join('; ') } : {}),
        ...(request.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: request.body,
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      cookies.set(`${host} ${pair.slice(0, i)}`, pair.slice(i + 1));
    }
    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location'), request.url).toString();
      if (next.startsWith(stopAt)) return next;
      request = { url: next, method: 'GET', body: undefined };
      continue;
    }
    const html = await res.text();
    const form = html.match(/<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/);
    if (!form) throw new Error(`no redirect and no form at ${request.url} (${res.status}): ${html.slice(0, 300)}`);
    const fields = new URLSearchParams();
    for (const input of form[2].matchAll(/<input([^>]*)>/g)) {
      const name = input[1].match(/name="([^"]+)"/)?.[1];
      if (!name) continue;
      const value = input[1].match(/value="([^"]*)"/)?.[1] ?? '';
      fields.set(name, name === 'login' ? login : name === 'password' ? 'any-password' : value);
    }
    request = { url: new URL(form[1], request.url).toString(), method: 'POST', body: fields.toString() };
  }
  throw new Error('the sign-in did not end');
}

/**
 * An ID token the provider issues to its client for `login` (as a native app
 * would get one), with `nonce` in it when given.
 */
export async function idTokenFor(provider, login, { nonce, redirectUri }) {
  const auth = new URL(`${provider.issuer}/auth`);
  auth.search = new URLSearchParams({
    client_id: provider.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    state: randomUUID(),
    ...(nonce ? { nonce } : {}),
  }).toString();
  const back = await signInAtProvider(auth.toString(), login, redirectUri);
  const code = new URL(back).searchParams.get('code');
  const res = await fetch(`${provider.issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: provider.clientId,
      client_secret: provider.clientSecret,
    }).toString(),
  });
  const body = await res.json();
  if (!body.id_token) throw new Error(`no id_token: ${JSON.stringify(body)}`);
  return body.id_token;
}
