// Starts the real `pleat` binary on a database of its own for a test file, and
// gives the test what a supabase-js app would have: the URL and the API keys.
import { execFile, spawn } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import pg from 'pg';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const JWT_SECRET = 'pleat-client-tests-secret-0123456789abcdef';

const b64url = (value) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** An HS256 JWT, signed with `secret` (forged tokens pass another secret). */
export function signJwt(claims, { secret = JWT_SECRET, header = { alg: 'HS256', typ: 'JWT' } } = {}) {
  const body = `${b64url(header)}.${b64url(claims)}`;
  const sig = header.alg === 'none' ? '' : createHmac('sha256', secret).update(body).digest('base64url');
  return `${body}.${sig}`;
}

export function apiKey(role, extra = {}) {
  const iat = Math.floor(Date.now() / 1000);
  return signJwt({ iss: 'pleat', role, iat, exp: iat + 3600, ...extra });
}

function adminUrl() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: run the tests with scripts/test');
  return url;
}

function databaseUrl(name) {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Create a database, optionally load `setupSql` after the migrations, and start
 * pleat on it. Returns { url, anonKey, serviceKey, dbUrl, sql, stop }.
 */
export async function startPleat({ setupSql, env = {} } = {}) {
  const name = `js_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const dbUrl = databaseUrl(name);
  const bin = process.env.PLEAT_BIN ?? path.join(ROOT, 'target/debug/pleat');

  const baseEnv = (dataDir) => ({
    PATH: process.env.PATH,
    RUST_LOG: process.env.RUST_LOG ?? 'warn',
    DATABASE_URL: dbUrl,
    PLEAT_ADDR: '127.0.0.1:0',
    PLEAT_JWT_SECRET: JWT_SECRET,
    PLEAT_DATA_DIR: path.join(ROOT, 'target', 'js-data', dataDir),
    PLEAT_SITE_DIR: path.join(ROOT, 'frontend', 'dist'),
    PLEAT_MIGRATIONS_DIR: path.join(ROOT, 'migrations'),
  });
  const start = (extraEnv, dataDir = name) =>
    new Promise((resolve, reject) => {
      const child = spawn(bin, ['serve'], {
        env: { ...baseEnv(dataDir), ...extraEnv },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      child.stdout.on('data', (chunk) => {
        out += chunk;
        const m = out.match(/serving at (http:\/\/[^\s]+)/);
        if (m) resolve({ child, url: m[1] });
      });
      child.on('exit', (code) => reject(new Error(`pleat exited with ${code} before serving`)));
    });

  // First start migrates; then the test's own schema goes in and pleat reloads.
  const sql = async (text, params) => {
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    try {
      return await client.query(text, params);
    } finally {
      await client.end();
    }
  };
  let { child, url } = await start(env);
  if (setupSql) {
    await sql(setupSql);
    await sql(`NOTIFY pgrst, 'reload schema'`);
  }
  return {
    url,
    anonKey: apiKey('anon'),
    serviceKey: apiKey('service_role'),
    /** The database pleat runs on, for a connection the test holds open (a lock, a transaction). */
    dbUrl,
    sql,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
    /**
     * A second pleat on the same database with the same settings (plus
     * `extraEnv`) but a data directory of its own, as another replica behind a
     * load balancer would run. Returns { url, stop }.
     */
    async replica(extraEnv = {}) {
      const second = await start({ ...env, ...extraEnv }, `${name}-replica-${randomUUID().slice(0, 8)}`);
      return {
        url: second.url,
        async stop() {
          const exited = new Promise((resolve) => second.child.once('exit', resolve));
          second.child.kill('SIGTERM');
          await exited;
        },
      };
    },
    /**
     * Run `pleat ARGS…` (e.g. `keys rotate`) on this database with the
     * server's settings, as its operator would. Resolves with
     * { code, stdout, stderr } (a failing command resolves too).
     */
    cli(...args) {
      return new Promise((resolve) => {
        execFile(bin, args, { env: { ...baseEnv(name), ...env } }, (error, stdout, stderr) => {
          resolve({ code: error ? (error.code ?? 1) : 0, stdout, stderr });
        });
      });
    },
    /** Kill pleat with `signal` (e.g. SIGKILL, as a crash) and start it again on the same database; returns the new URL. */
    async restart(signal = 'SIGTERM') {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
      ({ child, url } = await start(env));
      this.url = url;
      return url;
    },
  };
}
