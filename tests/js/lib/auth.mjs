// What the auth client tests share: supabase-js clients with an in-memory
// session store and their own client IP, users made through the admin API,
// raw calls to /auth/v1/token, and a recorder for onAuthStateChange.
import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';

export const PASSWORD = 'correct-horse-battery';
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A Storage for supabase-js that lives as long as the object. */
export function memoryStorage() {
  const items = new Map();
  return {
    items,
    getItem: (key) => (items.has(key) ? items.get(key) : null),
    setItem: (key, value) => {
      items.set(key, String(value));
    },
    removeItem: (key) => {
      items.delete(key);
    },
  };
}

let lastIp = 0;
/** A client address of its own, so one test never drains another's per-IP limit. */
export function nextIp() {
  lastIp += 1;
  return `10.${(lastIp >> 16) & 255}.${(lastIp >> 8) & 255}.${lastIp & 255}`;
}

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

/**
 * A supabase-js client as a browser app makes it: the session persisted to
 * `storage`, requests carrying `X-Forwarded-For: ip` (believed only by a pleat
 * started with PLEAT_TRUSTED_PROXIES=127.0.0.1).
 */
export function authClient(pleat, { key = pleat.anonKey, ip = nextIp(), storage = memoryStorage(), autoRefreshToken = false, headers = {} } = {}) {
  const client = createClient(pleat.url, key, {
    auth: { persistSession: true, storage, autoRefreshToken, detectSessionInUrl: false },
    global: { headers: ip ? { 'X-Forwarded-For': ip, ...headers } : headers },
  });
  return client;
}

/** Create a confirmed user with the admin API; returns GoTrue's user JSON. */
export async function createUser(pleat, { email = uniqueEmail(), password = PASSWORD, ...rest } = {}) {
  const res = await fetch(`${pleat.url}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: pleat.serviceKey, Authorization: `Bearer ${pleat.serviceKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, email_confirm: true, ...rest }),
  });
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  return { ...body, password };
}

/** A signed-in supabase-js client for `user` (made with createUser). */
export async function signedIn(pleat, user, options = {}) {
  const client = authClient(pleat, options);
  const { data, error } = await client.auth.signInWithPassword({ email: user.email, password: user.password });
  assert.equal(error, null);
  return { client, session: data.session };
}

/** POST /auth/v1/token?grant_type=… without supabase-js: { status, body, headers }. */
export async function tokenRequest(pleat, grantType, params, { ip, headers = {} } = {}) {
  const res = await fetch(`${pleat.url}/auth/v1/token?grant_type=${grantType}`, {
    method: 'POST',
    headers: {
      apikey: pleat.anonKey,
      'Content-Type': 'application/json',
      'X-Supabase-Api-Version': '2024-01-01',
      ...(ip ? { 'X-Forwarded-For': ip } : {}),
      ...headers,
    },
    body: JSON.stringify(params),
  });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

export const refreshRequest = (pleat, refreshToken, options) =>
  tokenRequest(pleat, 'refresh_token', { refresh_token: refreshToken }, options);

/** The claims of a JWT, unverified. */
export function decodeJwt(token) {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
}

/** How the database stores a refresh token. */
export const tokenHash = (token) => createHash('sha256').update(token).digest();

/** The rows of the refresh tokens of a session, oldest first. */
export async function sessionTokens(pleat, sessionId) {
  const { rows } = await pleat.sql(
    'SELECT id, token_hash, parent, revoked FROM auth.refresh_tokens WHERE session_id = $1 ORDER BY created_at, id',
    [sessionId],
  );
  return rows;
}

/** Every onAuthStateChange event of `client` from now on, in order. */
export function recordEvents(client) {
  const events = [];
  const { data } = client.auth.onAuthStateChange((event, session) => {
    events.push({ event, session });
  });
  return {
    events,
    names: () => events.map((e) => e.event),
    /** Wait (up to `ms`) until `event` has been seen `count` times; returns the last. */
    async next(event, { count = 1, ms = 5000 } = {}) {
      const deadline = Date.now() + ms;
      for (;;) {
        const seen = events.filter((e) => e.event === event);
        if (seen.length >= count) return seen[count - 1];
        if (Date.now() > deadline) assert.fail(`no ${event} event within ${ms} ms; saw ${events.map((e) => e.event).join(', ') || 'none'}`);
        await sleep(20);
      }
    },
    stop: () => data.subscription.unsubscribe(),
  };
}

/** Assert an AuthApiError as supabase-js builds it from a GoTrue error body. */
export function assertApiError(error, { status, code, message }, label = '') {
  const where = label ? `${label}: ` : '';
  assert.ok(error, `${where}expected an error ${code}`);
  assert.equal(error.name, 'AuthApiError', `${where}${error.name}: ${error.message}`);
  assert.equal(error.status, status, `${where}status`);
  assert.equal(error.code, code, `${where}code`);
  if (message instanceof RegExp) assert.match(error.message, message, `${where}message`);
  else if (message !== undefined) assert.equal(error.message, message, `${where}message`);
}
