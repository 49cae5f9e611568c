// A node:test reporter for `npm run e2e` with E2E_TIMINGS set (e2e/run.mjs adds it): the
// wall time of each file (from its first event to its last, hooks included) and of each
// test, slowest first, so the stage's cost can be measured file by file.
import path from 'node:path';

export default async function* timings(source) {
  const files = new Map();
  const tests = [];
  for await (const event of source) {
    const file = event.data?.file;
    if (!file) continue;
    const now = performance.now();
    const span = files.get(file) ?? { first: now, last: now };
    span.last = now;
    files.set(file, span);
    if ((event.type === 'test:pass' || event.type === 'test:fail') && event.data.details?.type !== 'suite') {
      tests.push({ file: path.basename(file), name: event.data.name, ms: event.data.details?.duration_ms ?? 0 });
    }
  }
  const rows = [...files].map(([file, { first, last }]) => ({ file: path.basename(file), ms: last - first }));
  rows.sort((a, b) => b.ms - a.ms);
  yield 'files (first event to last):\n';
  for (const { file, ms } of rows) yield `${(ms / 1000).toFixed(1).padStart(7)} s  ${file}\n`;
  tests.sort((a, b) => b.ms - a.ms);
  yield '\ntests:\n';
  for (const { file, name, ms } of tests) yield `${(ms / 1000).toFixed(1).padStart(7)} s  ${file}: ${name}\n`;
}
