// Brute-force protection, on by default: a per-IP bucket on /token (burst 30)
// and, after 5 wrong passwords for an account from one address, a growing delay
// for that address (1 minute, then 2, 4 … 15), both 429 over_request_rate_limit
// with Retry-After. The owner elsewhere is not locked out. X-Forwarded-For is
// believed only from PLEAT_TRUSTED_PROXIES.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startPleat } from './lib/pleat.mjs';
import { PASSWORD, assertApiError, authClient, createUser, refreshRequest, tokenRequest, uniqueEmail } from './lib/auth.mjs';

const BURST = 30;
const IP_LIMITED = { status: 429, code: 'over_request_rate_limit', message: 'Request rate limit reached' };
const THROTTLED = {
  status: 429,
  code: 'over_request_rate_limit',
  message: 'Too many sign-in attempts; try again later',
};
const INVALID = { status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' };

// The buckets refill at 1 request per 5 minutes here (PLEAT_RATE_LIMIT_TOKEN_REFRESH),
// so a burst spent slowly on a busy machine is still spent when the next comes.
const SLOW_REFILL = { PLEAT_RATE_LIMIT_TOKEN_REFRESH: '1' };

const bogusRefresh = (pleat, options) => refreshRequest(pleat, 'B'.repeat(43), options);

/** Spend `n` requests of a bucket; each must be an ordinary answer, not 429. */
async function spend(pleat, n, options) {
  for (let i = 0; i < n; i += 1) {
    const { status, body } = await bogusRefresh(pleat, options);
    assert.equal(status, 400, `request ${i + 1} of the burst: ${JSON.stringify(body)}`);
    assert.equal(body.code, 'refresh_token_not_found');
  }
}

function assertRetryAfter(headers, min, max) {
  const value = headers.get('retry-after');
  assert.match(value ?? '', /^\d+$/, `Retry-After: ${value}`);
  assert.ok(Number(value) >= min && Number(value) <= max, `Retry-After ${value} not in [${min}, ${max}]`);
}

describe('per IP, straight from the socket (no trusted proxy)', () => {
  let direct;
  before(async () => {
    direct = await startPleat({ env: SLOW_REFILL });
  });
  after(() => direct?.stop());

  test(`after a burst of ${BURST} token requests the next is 429 with Retry-After`, async () => {
    const user = await createUser(direct);
    await spend(direct, BURST);
    const limited = await bogusRefresh(direct);
    assert.equal(limited.status, 429);
    assert.deepEqual(limited.body, { code: IP_LIMITED.code, message: IP_LIMITED.message });
    // One request back at 1 per 5 minutes.
    assertRetryAfter(limited.headers, 1, 300);
    assert.equal(limited.headers.get('x-supabase-api-version'), '2024-01-01');

    // The password grant is limited alike, before any password is checked.
    const { data, error } = await authClient(direct, { ip: null }).auth.signInWithPassword({ email: user.email, password: PASSWORD });
    assertApiError(error, IP_LIMITED);
    assert.deepEqual(data, { user: null, session: null });
  });

  test('a forged X-Forwarded-For from an untrusted peer does not escape the limit', async () => {
    const forged = await bogusRefresh(direct, { ip: '198.51.100.77' });
    assert.equal(forged.status, 429);
    assert.equal(forged.body.code, IP_LIMITED.code);
  });

  test('the legacy error format carries the 429 too', async () => {
    const res = await fetch(`${direct.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: direct.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail(), password: PASSWORD }),
    });
    assert.equal(res.status, 429);
    assert.deepEqual(await res.json(), { code: 429, error_code: IP_LIMITED.code, msg: IP_LIMITED.message });
    assert.match(res.headers.get('retry-after') ?? '', /^\d+$/);
  });
});

describe('behind a trusted proxy (PLEAT_TRUSTED_PROXIES=127.0.0.1)', () => {
  let proxied;
  before(async () => {
    proxied = await startPleat({ env: { ...SLOW_REFILL, PLEAT_TRUSTED_PROXIES: '127.0.0.1' } });
  });
  after(() => proxied?.stop());

  test('each forwarded client has its own bucket', async () => {
    await spend(proxied, BURST, { ip: '10.77.0.1' });
    assert.equal((await bogusRefresh(proxied, { ip: '10.77.0.1' })).status, 429);
    // A proxy appends the peer it saw; the nearest untrusted hop is the client.
    assert.equal((await bogusRefresh(proxied, { ip: '10.77.0.1, 127.0.0.1' })).status, 429);
    const other = await bogusRefresh(proxied, { ip: '10.77.0.2' });
    assert.equal(other.status, 400);
    assert.equal(other.body.code, 'refresh_token_not_found');
    // What a client writes to the left of the proxy's entry is not believed.
    assert.equal((await bogusRefresh(proxied, { ip: '10.77.0.3, 10.77.0.1' })).status, 429);
  });

  test('5 wrong passwords from one address throttle that address (429, Retry-After), not the owner elsewhere', async () => {
    const user = await createUser(proxied);
    const ip = '10.78.0.1';
    for (let i = 1; i <= 5; i += 1) {
      const { error } = await authClient(proxied, { ip }).auth.signInWithPassword({ email: user.email, password: `wrong-${i}-password` });
      assertApiError(error, INVALID, `attempt ${i}`);
    }
    const right = await tokenRequest(proxied, 'password', { email: user.email, password: PASSWORD }, { ip });
    assert.equal(right.status, 429);
    assert.deepEqual(right.body, { code: THROTTLED.code, message: THROTTLED.message });
    // A minute after the fifth failure.
    assertRetryAfter(right.headers, 55, 60);
    const viaClient = await authClient(proxied, { ip }).auth.signInWithPassword({ email: user.email.toUpperCase(), password: PASSWORD });
    assertApiError(viaClient.error, THROTTLED);

    const elsewhere = await authClient(proxied, { ip: '10.78.9.9' }).auth.signInWithPassword({ email: user.email, password: PASSWORD });
    assert.equal(elsewhere.error, null, 'the owner from another address gets in at once');
    assert.equal(elsewhere.data.user.id, user.id);
  });

  test('the throttle is per account: another account signs in from the same IP', async () => {
    const guessed = await createUser(proxied);
    const other = await createUser(proxied);
    const ip = '10.79.0.1';
    for (let i = 0; i < 5; i += 1) {
      assert.equal((await tokenRequest(proxied, 'password', { email: guessed.email, password: 'wrong-password' }, { ip })).status, 400);
    }
    assert.equal((await tokenRequest(proxied, 'password', { email: guessed.email, password: PASSWORD }, { ip })).status, 429);
    const ok = await tokenRequest(proxied, 'password', { email: other.email, password: PASSWORD }, { ip });
    assert.equal(ok.status, 200);
    assert.equal(ok.body.user.id, other.id);
  });

  test('fewer than 5 failures, then a success, clears the count', async () => {
    const user = await createUser(proxied);
    const ip = '10.80.0.1';
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < 4; i += 1) {
        assert.equal((await tokenRequest(proxied, 'password', { email: user.email, password: 'wrong-password' }, { ip })).status, 400);
      }
      assert.equal((await tokenRequest(proxied, 'password', { email: user.email, password: PASSWORD }, { ip })).status, 200);
    }
  });

  test('an unknown email is throttled the same way, so a 429 reveals no account', async () => {
    const email = uniqueEmail('ghost');
    const ip = '10.81.0.1';
    for (let i = 0; i < 5; i += 1) {
      const { status, body } = await tokenRequest(proxied, 'password', { email, password: 'whatever-password' }, { ip });
      assert.deepEqual([status, body.code], [400, INVALID.code]);
    }
    const sixth = await tokenRequest(proxied, 'password', { email, password: 'whatever-password' }, { ip });
    assert.equal(sixth.status, 429);
    assert.deepEqual(sixth.body, { code: THROTTLED.code, message: THROTTLED.message });
  });
});
