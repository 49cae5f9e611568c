// Starts the real `pleat` binary serving the built site (frontend/dist) on a fresh
// database of its own (created on TEST_DATABASE_URL, migrated and seeded by pleat at
// start, dropped at the end), as tests/js/lib/pleat.mjs does for the API tests.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const FRONTEND = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ROOT = path.resolve(FRONTEND, '..');
const JWT_SECRET = 'pleat-e2e-tests-secret-0123456789abcdef';

function adminUrl() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: run the e2e tests with scripts/test, or export it');
  return url;
}

function databaseUrl(name) {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(text) {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Returns { url, bin, env, sql(text, params), stop() }. */
export async function startPleat({ env = {} } = {}) {
  const siteDir = path.join(FRONTEND, 'dist');
  if (!existsSync(path.join(siteDir, 'index.html'))) {
    throw new Error(`${siteDir}/index.html is missing: run \`npm run build\` in frontend/ first`);
  }
  const bin = process.env.PLEAT_BIN ?? path.join(ROOT, 'target/debug/pleat');
  if (!existsSync(bin)) throw new Error(`${bin} is missing: run \`cargo build -p pleat-server\` first`);

  const name = `e2e_${randomUUID().replaceAll('-', '')}`;
  await admin(`CREATE DATABASE "${name}"`);
  const dbUrl = databaseUrl(name);

  const childEnv = {
    PATH: process.env.PATH,
    RUST_LOG: process.env.RUST_LOG ?? 'warn',
    DATABASE_URL: dbUrl,
    PLEAT_ADDR: '127.0.0.1:0',
    PLEAT_JWT_SECRET: JWT_SECRET,
    PLEAT_DATA_DIR: path.join(ROOT, 'target', 'e2e-data', name),
    PLEAT_SITE_DIR: siteDir,
    PLEAT_MIGRATIONS_DIR: path.join(ROOT, 'migrations'),
    ...env,
  };
  const child = spawn(bin, ['serve'], { env: childEnv, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    const onExit = (code) => reject(new Error(`pleat exited with ${code} before serving`));
    child.once('exit', onExit);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = out.match(/serving at (http:\/\/[^\s]+)/);
      if (m) {
        child.off('exit', onExit);
        resolve(m[1].replace(/\/$/, ''));
      }
    });
  });

  const sql = async (text, params) => {
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    try {
      return await client.query(text, params);
    } finally {
      await client.end();
    }
  };

  let stopped = false;
  return {
    url,
    /** The binary and environment this pleat runs with, for its CLI (`pleat user add`, say). */
    bin,
    env: childEnv,
    sql,
    async stop() {
      if (stopped) return;
      stopped = true;
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
