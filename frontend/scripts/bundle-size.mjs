// Prints what the built site's landing page loads (the entry script, its preloaded
// chunks and the stylesheet, gzipped) against the chunks loaded on demand (admin,
// project popup, legal pages). Run after `npm run build`: `npm run size`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const gz = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1).padStart(7)} kB`;

const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
const all = readdirSync(path.join(dist, 'assets')).filter((f) => /\.(js|css)$/.test(f)).map((f) => `assets/${f}`);
const lazy = all.filter((f) => !initial.includes(f));

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

const landingJs = table('Landing page (loaded up front):', initial.filter((f) => f.endsWith('.js')));
table('Landing page stylesheet:', initial.filter((f) => f.endsWith('.css')));
table('Loaded on demand:', lazy);
console.log(`landing JavaScript: ${(landingJs / 1024).toFixed(1)} kB gzip`);
