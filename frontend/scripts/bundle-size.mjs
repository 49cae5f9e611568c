// Prints what the built site's landing page loads (the entry script and its preloaded
// chunks and the stylesheet, gzipped) against the chunks loaded on demand: supabase-js
// (only when the page lacks inlined data, to send the contact form, and in the admin),
// admin, project popup, /portfolio, legal pages. Run after `npm run build`:
// `npm run size` (or `node scripts/bundle-size.mjs OTHER_DIST`). `npm run lighthouse`
// measures the same from what the browser really loads. With `--budget` it exits 1 when
// the landing page's JavaScript is over LANDING_BUDGET_KB: the test command checks it, so
// admin code that slips into the landing chunk (a module shared by both brings every
// export the admin uses) fails the run instead of a later Lighthouse figure.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const checkBudget = args.includes('--budget');
const distArg = args.find((arg) => !arg.startsWith('--'));
// gzip kB; raise it only for code the public pages need, with the Lighthouse figures to show.
const LANDING_BUDGET_KB = 118;
const dist = path.resolve(distArg ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist'));
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const gz = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1).padStart(7)} kB`;

const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
const all = readdirSync(path.join(dist, 'assets'))
  .filter((f) => /\.(js|css)$/.test(f))
  .map((f) => `assets/${f}`);
// supabase-js and the app's client (lib/load-supabase.ts imports them when first needed).
const afterPaint = all.filter((f) => /^assets\/supabase-[\w-]+\.js$/.test(f) && !initial.includes(f));
const lazy = all.filter((f) => !initial.includes(f) && !afterPaint.includes(f));

function table(title, files) {
  console.log(title);
  let total = 0;
  for (const file of files.sort()) {
    const size = gz(file);
    total += size;
    console.log(`  ${kb(size)}  ${file}`);
  }
  console.log(`  ${kb(total)}  total (gzip)`);
  return total;
}

const upFront = table(
  'Landing page, up front (index.html):',
  initial.filter((f) => f.endsWith('.js')),
);
table('supabase-js, on demand (a read the page lacks, the contact form, the admin):', afterPaint);
table(
  'Landing page stylesheet:',
  initial.filter((f) => f.endsWith('.css')),
);
table('Loaded on demand:', lazy);
console.log(`landing JavaScript: ${(upFront / 1024).toFixed(1)} kB gzip`);
if (checkBudget && upFront / 1024 > LANDING_BUDGET_KB) {
  console.error(
    `landing JavaScript is ${(upFront / 1024).toFixed(1)} kB gzip, over its budget of ${LANDING_BUDGET_KB} kB: ` +
      'move code only the admin or other pages need out of the modules the landing page imports',
  );
  process.exit(1);
}
