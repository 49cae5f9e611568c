// A node:test reporter for `npm run e2e` with E2E_TIMINGS set (e2e/run.mjs adds it): the
// wall time of each file (from the runner taking it off the queue to its end, hooks and the
// process's start included) and of each test, slowest first, so the stage's cost can be
// measured file by file.
import path from 'node:path';

export default async function* timings(source) {
  const files = new Map();
  const tests = [];
  for await (const event of source) {
    const file = event.data?.file;
    if (!file) continue;
    const now = performance.now();
    // The file itself is a test named by its path: queued at the start, taken off the
    // queue when it starts running.
    if (event.data.name === file && event.type === 'test:dequeue') files.set(file, { first: now, last: now });
    const span = files.get(file);
    if (span) span.last = now;
    if ((event.type === 'test:pass' || event.type === 'test:fail') && event.data.details?.type !== 'suite') {
      tests.push({ file: path.basename(file), name: event.data.name, ms: event.data.details?.duration_ms ?? 0 });
    }
  }
  const rows = [...files].map(([file, { first, last }]) => ({ file: path.basename(file), ms: last - first }));
  rows.sort((a, b) => b.ms - a.ms);
  yield 'files (from starting to ending):\n';
  for (const { file, ms } of rows) yield `${(ms / 1000).toFixed(1).padStart(7)} s  ${file}\n`;
  tests.sort((a, b) => b.ms - a.ms);
  yield '\ntests:\n';
  for (const { file, name, ms } of tests) yield `${(ms / 1000).toFixed(1).padStart(7)} s  ${file}: ${name}\n`;
}
