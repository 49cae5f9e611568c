// Refresh tokens: every refresh rotates; a just-rotated token still works
// within PLEAT_REFRESH_TOKEN_REUSE_INTERVAL (a client that lost the answer),
// after it a reuse revokes the whole session; concurrent refreshes of one
// token never leave two live children.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startPleat } from './lib/pleat.mjs';
import {
  assertApiError, authClient, createUser, decodeJwt, nextIp, recordEvents, refreshRequest, sessionTokens, signedIn, sleep, tokenHash,
} from './lib/auth.mjs';

const NOT_FOUND = { status: 400, code: 'refresh_token_not_found', message: 'Invalid Refresh Token: Refresh Token Not Found' };
const ALREADY_USED = { status: 400, code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' };

let pleat;
before(async () => {
  pleat = await startPleat({ env: { PLEAT_TRUSTED_PROXIES: '127.0.0.1' } });
});
after(() => pleat?.stop());

describe('refreshSession', () => {
  test('rotates: a new refresh token in the same session, the old one revoked', async () => {
    const user = await createUser(pleat);
    const { client, session: first } = await signedIn(pleat, user);
    const { data, error } = await client.auth.refreshSession();
    assert.equal(error, null);
    const second = data.session;
    assert.notEqual(second.refresh_token, first.refresh_token);
    assert.match(second.refresh_token, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(data.user.id, user.id);
    const sessionId = decodeJwt(first.access_token).session_id;
    assert.equal(decodeJwt(second.access_token).session_id, sessionId);
    assert.equal((await client.auth.getSession()).data.session.refresh_token, second.refresh_token);

    const rows = await sessionTokens(pleat, sessionId);
    assert.equal(rows.length, 2);
    assert.deepEqual(rows[0].token_hash, tokenHash(first.refresh_token));
    assert.equal(rows[0].revoked, true);
    assert.deepEqual(rows[1].token_hash, tokenHash(second.refresh_token));
    assert.equal(rows[1].revoked, false);
    assert.equal(rows[1].parent, rows[0].id);
  });

  test('the new access token works for getUser', async () => {
    const user = await createUser(pleat);
    const { client } = await signedIn(pleat, user);
    const { data } = await client.auth.refreshSession();
    const res = await client.auth.getUser(data.session.access_token);
    assert.equal(res.error, null);
    assert.equal(res.data.user.id, user.id);
  });

  test('an unknown refresh token is refresh_token_not_found', async () => {
    const client = authClient(pleat);
    const { data, error } = await client.auth.refreshSession({ refresh_token: 'A'.repeat(43) });
    assertApiError(error, NOT_FOUND);
    assert.deepEqual(data, { user: null, session: null });
  });

  test('an empty refresh token is validation_failed', async () => {
    const { status, body } = await refreshRequest(pleat, '', { ip: nextIp() });
    assert.equal(status, 400);
    assert.deepEqual(body, { code: 'validation_failed', message: 'refresh_token required' });
  });
});

describe('reuse within the interval (default 10 s)', () => {
  test('the previous token gets the current child back, not a new one', async () => {
    const user = await createUser(pleat);
    const { client, session: first } = await signedIn(pleat, user);
    const second = (await client.auth.refreshSession()).data.session;

    // A client that lost the refresh answer presents the old token again.
    const other = authClient(pleat);
    const { data, error } = await other.auth.refreshSession({ refresh_token: first.refresh_token });
    assert.equal(error, null);
    assert.equal(data.session.refresh_token, second.refresh_token);
    assert.equal(decodeJwt(data.session.access_token).session_id, decodeJwt(second.access_token).session_id);

    const sessionId = decodeJwt(first.access_token).session_id;
    assert.equal((await sessionTokens(pleat, sessionId)).length, 2, 'no token was added');
    const third = await client.auth.refreshSession();
    assert.equal(third.error, null, 'the child is still live');
    assert.notEqual(third.data.session.refresh_token, second.refresh_token);
  });

  test('concurrent refreshes of one token all get the same child, and only it is live', async () => {
    const user = await createUser(pleat);
    const { session } = await signedIn(pleat, user);
    const ip = nextIp();
    const answers = await Promise.all(Array.from({ length: 10 }, () => refreshRequest(pleat, session.refresh_token, { ip })));
    for (const a of answers) assert.equal(a.status, 200, JSON.stringify(a.body));
    const children = new Set(answers.map((a) => a.body.refresh_token));
    assert.equal(children.size, 1, `distinct children: ${[...children].join(', ')}`);
    const [child] = children;
    assert.notEqual(child, session.refresh_token);

    const sessionId = decodeJwt(session.access_token).session_id;
    for (const a of answers) assert.equal(decodeJwt(a.body.access_token).session_id, sessionId);
    const live = (await sessionTokens(pleat, sessionId)).filter((r) => !r.revoked);
    assert.equal(live.length, 1);
    assert.deepEqual(live[0].token_hash, tokenHash(child));

    const next = await refreshRequest(pleat, child, { ip });
    assert.equal(next.status, 200);
    assert.notEqual(next.body.refresh_token, child);
  });

  test('concurrent refreshes through supabase-js clients sharing a token', async () => {
    const user = await createUser(pleat);
    const { session } = await signedIn(pleat, user);
    const clients = Array.from({ length: 5 }, () => authClient(pleat));
    const results = await Promise.all(clients.map((c) => c.auth.refreshSession({ refresh_token: session.refresh_token })));
    for (const r of results) assert.equal(r.error, null);
    assert.equal(new Set(results.map((r) => r.data.session.refresh_token)).size, 1);
  });
});

describe('reuse after the interval (PLEAT_REFRESH_TOKEN_REUSE_INTERVAL=1)', () => {
  let strict;
  before(async () => {
    strict = await startPleat({ env: { PLEAT_REFRESH_TOKEN_REUSE_INTERVAL: '1', PLEAT_TRUSTED_PROXIES: '127.0.0.1' } });
  });
  after(() => strict?.stop());

  test('within 1 s the old token still works', async () => {
    const user = await createUser(strict);
    const { client, session: first } = await signedIn(strict, user);
    const second = (await client.auth.refreshSession()).data.session;
    const again = await refreshRequest(strict, first.refresh_token, { ip: nextIp() });
    assert.equal(again.status, 200);
    assert.equal(again.body.refresh_token, second.refresh_token);
  });

  test('after it the reuse is refresh_token_already_used and the whole session is revoked', async () => {
    const user = await createUser(strict);
    const { client: victim, session: first } = await signedIn(strict, user);
    const recorder = recordEvents(victim);
    const second = (await victim.auth.refreshSession()).data.session;
    await sleep(2100);

    // Someone replays the stolen first token.
    const attacker = authClient(strict);
    const replay = await attacker.auth.refreshSession({ refresh_token: first.refresh_token });
    assertApiError(replay.error, ALREADY_USED);
    assert.deepEqual(replay.data, { user: null, session: null });

    // The session is gone: its newest token and its access token fail too.
    const newest = await victim.auth.refreshSession();
    assertApiError(newest.error, NOT_FOUND);
    const sessionId = decodeJwt(second.access_token).session_id;
    assert.deepEqual(await sessionTokens(strict, sessionId), []);
    const { rows } = await strict.sql('SELECT count(*)::int AS n FROM auth.sessions WHERE id = $1', [sessionId]);
    assert.equal(rows[0].n, 0);
    // supabase-js keeps a session whose access token has not expired after a
    // failed refresh; the server's session_not_found is what signs it out.
    const me = await victim.auth.getUser();
    assert.deepEqual(me.data, { user: null });
    assert.equal(me.error.name, 'AuthSessionMissingError');
    assert.equal((await recorder.next('SIGNED_OUT')).session, null);
    assert.equal((await victim.auth.getSession()).data.session, null);
    recorder.stop();
  });

  test("a reuse revokes only that session; the user's other sessions live on", async () => {
    const user = await createUser(strict);
    const { client: a, session: first } = await signedIn(strict, user);
    const { client: b } = await signedIn(strict, user);
    await a.auth.refreshSession();
    await sleep(2100);
    const replay = await refreshRequest(strict, first.refresh_token, { ip: nextIp() });
    assert.equal(replay.status, 400);
    assert.equal(replay.body.code, 'refresh_token_already_used');
    assertApiError((await a.auth.refreshSession()).error, NOT_FOUND);
    const other = await b.auth.getUser();
    assert.equal(other.error, null);
    assert.equal(other.data.user.id, user.id);
    assert.equal((await b.auth.refreshSession()).error, null);
  });
});
