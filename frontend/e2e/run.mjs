// `npm run e2e`: starts one headless Chromium for the whole run, then `node --test` over the
// e2e files (or the paths given), each file connecting to that browser through
// E2E_BROWSER_WS_ENDPOINT instead of launching its own. Stops the browser when the tests end
// and exits as they did; if the browser dies first, the run stops with a clear failure
// rather than leaving files to wait on it.
import { spawn } from 'node:child_process';
import { BROWSER_ENDPOINT_ENV, launchBrowserServer } from './lib/browser.mjs';

const paths = process.argv.slice(2);
// E2E_TIMINGS=FILE writes each file's and each test's wall time there, slowest first.
const timings = process.env.E2E_TIMINGS
  ? ['--test-reporter=./e2e/lib/timings.mjs', `--test-reporter-destination=${process.env.E2E_TIMINGS}`]
  : [];
const server = await launchBrowserServer();
let stopping = false;

const tests = spawn(
  process.execPath,
  [
    '--test',
    `--test-concurrency=${process.env.E2E_CONCURRENCY || 2}`,
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    ...timings,
    ...(paths.length ? paths : ['e2e/']),
  ],
  { stdio: 'inherit', env: { ...process.env, [BROWSER_ENDPOINT_ENV]: server.wsEndpoint() } },
);

server.process().once('exit', (code, signal) => {
  if (stopping) return;
  console.error(`e2e: the shared Chromium exited (${signal ?? `code ${code}`}) before the tests ended; stopping them`);
  process.exitCode = 1;
  tests.kill('SIGTERM');
});

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => tests.kill(signal));
}

tests.once('exit', async (code, signal) => {
  stopping = true;
  await server.close().catch((error) => console.error(`e2e: stopping the shared Chromium: ${error.message}`));
  if (process.exitCode) process.exit(process.exitCode);
  if (signal) {
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
});
