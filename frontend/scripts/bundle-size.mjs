// Prints what the built site's landing page loads (the entry script and its preloaded
// chunks and the stylesheet, gzipped) against the chunks loaded on demand: supabase-js
// (only when the page lacks inlined data, to send the contact form, and in the admin),
// admin, project popup, /portfolio, legal pages. Run after `npm run build`:
// `npm run size` (or `node scripts/bundle-size.mjs OTHER_DIST`). `npm run lighthouse`
// measures the same from what the browser really loads.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist'));
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
