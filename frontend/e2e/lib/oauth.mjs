// Helpers of the OAuth provider's end-to-end test: the service key of a test's pleat, a
// PKCE pair, and the third-party app's side (a page at its redirect_uri that records
// what came back, and the code exchange at POST /auth/v1/oauth/token).
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

const b64url = (value) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** A legacy HS256 API key (`anon`, `service_role`) signed with the JWT secret the test's pleat runs with. */
export function legacyKey(site, role) {
  const iat = Math.floor(Date.now() / 1000);
  const body = `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({ iss: 'pleat', role, iat, exp: iat + 3600 })}`;
  const sig = createHmac('sha256', site.env.PLEAT_JWT_SECRET).update(body).digest('base64url');
  return `${body}.${sig}`;
}

/** RFC 7636 S256: a random verifier and its challenge. */
export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

/**
 * The app's callback page on a free loopback port (GoTrue allows http redirect URIs only
 * there). Resolves { redirectUri, close() }; the page shows "Back in the app".
 */
export async function startAppCallback() {
  const server = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>App</title><h1>Back in the app</h1>');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    redirectUri: `http://127.0.0.1:${port}/callback`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The URL /auth/v1/oauth/authorize as the app sends the browser there. */
export function authorizeUrl(site, { clientId, redirectUri, challenge, state, scope }) {
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    scope,
  });
  return `${site.url}/auth/v1/oauth/authorize?${params}`;
}

/**
 * The app trades its code for tokens (a public client: PKCE, no secret), with the site's
 * publishable key as any client of the API sends it. Resolves { status, body }.
 */
export async function exchangeCode(site, { clientId, redirectUri, code, verifier }) {
  const response = await fetch(`${site.url}/auth/v1/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', apikey: legacyKey(site, 'anon') },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: clientId,
      code_verifier: verifier,
    }),
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}
