// Lighthouse (mobile defaults: simulated slow 4G and a 4x slower CPU) against the real
// `pleat` serving the production build (frontend/dist) on a fresh database of its own.
// Prints the four category scores of `/` and `/portfolio`, the JavaScript each page
// loads without any interaction (from Lighthouse's network records, gzip), and the
// bundle sizes (`npm run size`). Figures only: it exits 0 whatever the scores.
//
//   npm run build && npm run lighthouse
//
// Environment:
//   PLEAT_BIN     the binary to run (default: ../target/release/pleat)
//   PLEAT_SITE_DIR  the built site to serve (default: dist)
//   CHROME_PATH   the browser (default: /usr/bin/chromium)
//   LIGHTHOUSE_RUNS  runs per page (default 1); the median performance run is reported
//   LIGHTHOUSE_JSON  a folder to write each page's full report (JSON) to
//   LIGHTHOUSE_PAGES  the pages to measure, comma-separated (default: /,/portfolio)
//   LIGHTHOUSE_PHOTOS=1  measure with the owner's photos instead of the shipped SVG art:
//                    the hero, the about section and every project get 2560×1920 JPEGs
//                    (what the admin stores from a phone photo) in the site-media bucket
//
// With no DATABASE_URL, pleat starts a managed PostgreSQL cluster in a temporary
// PLEAT_DATA_DIR (initdb, migrations and the seed), exactly as in production; both
// are removed at the end.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const FRONTEND = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = path.resolve(FRONTEND, '..');
const DIST = path.resolve(process.env.PLEAT_SITE_DIR ?? path.join(FRONTEND, 'dist'));
const BIN = process.env.PLEAT_BIN ?? path.join(ROOT, 'target/release/pleat');
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1) || 1);
const PAGES = (process.env.LIGHTHOUSE_PAGES ?? '/,/portfolio')
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

function check() {
  if (!existsSync(path.join(DIST, 'index.html'))) {
    throw new Error(`${DIST}/index.html is missing: run \`npm run build\` first`);
  }
  if (!existsSync(BIN)) {
    throw new Error(`${BIN} is missing: run \`cargo build --release -p pleat-server\` (or set PLEAT_BIN)`);
  }
  if (!existsSync(CHROME)) throw new Error(`${CHROME} is missing: install Chromium with apt or set CHROME_PATH`);
}

/** Starts `pleat serve` on a free port with a managed cluster in a temporary data dir. */
async function startPleat() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pleat-lighthouse-'));
  const env = {
    PATH: process.env.PATH,
    RUST_LOG: process.env.RUST_LOG ?? 'warn',
    PLEAT_ADDR: '127.0.0.1:0',
    PLEAT_DATA_DIR: dataDir,
    PLEAT_SITE_DIR: DIST,
    PLEAT_MIGRATIONS_DIR: path.join(ROOT, 'migrations'),
  };
  const child = spawn(BIN, ['serve'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('pleat did not start serving within 120 s')), 120_000);
    const onExit = (code) => {
      clearTimeout(timer);
      reject(new Error(`pleat exited with ${code} before serving`));
    };
    child.once('exit', onExit);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = out.match(/serving at (http:\/\/[^\s]+)/);
      if (m) {
        clearTimeout(timer);
        child.off('exit', onExit);
        resolve(m[1].replace(/\/$/, ''));
      }
    });
  }).catch((error) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  return {
    url,
    env,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM'); // pleat stops its managed PostgreSQL on the way out
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** gzip -9 size of a file the site serves (same measure as `npm run size`). */
function gzipOfDist(pathname) {
  const file = path.join(DIST, decodeURIComponent(pathname));
  if (!file.startsWith(DIST) || !existsSync(file)) return null;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/** The scripts a page loaded with no interaction, from the report's network records. */
function scriptsOf(lhr, origin) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  return items
    .filter((item) => item.resourceType === 'Script')
    .map((item) => {
      const url = new URL(item.url);
      const local = url.origin === origin;
      return {
        path: local ? url.pathname : item.url,
        transfer: item.transferSize ?? 0,
        gzip: local ? gzipOfDist(url.pathname) : null,
      };
    });
}

function median(reports) {
  const sorted = [...reports].sort((a, b) => (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0));
  return sorted[Math.floor(sorted.length / 2)];
}

function printReport(page, lhr, origin, scores) {
  console.log(`\n== ${page} (Lighthouse ${lhr.lighthouseVersion}, ${lhr.configSettings.formFactor})`);
  for (const id of CATEGORIES) {
    const all = scores.map((s) => s[id]).join(' ');
    const shown = Math.round((lhr.categories[id].score ?? 0) * 100);
    console.log(`  ${lhr.categories[id].title.padEnd(16)} ${String(shown).padStart(3)}${RUNS > 1 ? `   (runs: ${all})` : ''}`);
  }
  const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];
  console.log(`  ${metrics.map((id) => `${lhr.audits[id].title.replace(/ /g, '\u00a0')} ${lhr.audits[id].displayValue}`).join(' · ')}`);

  const failing = [];
  for (const id of CATEGORIES.slice(1)) {
    for (const ref of lhr.categories[id].auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit.score !== null && audit.score < 1) failing.push(`${id}: ${audit.id} (${audit.title})`);
    }
  }
  for (const ref of lhr.categories.performance.auditRefs) {
    const audit = lhr.audits[ref.id];
    if (ref.weight > 0 && audit.score !== null && audit.score < 0.9) {
      failing.push(`performance: ${audit.id} ${audit.displayValue ?? ''} (score ${audit.score})`);
    }
  }
  if (failing.length) console.log(`  flagged:\n${failing.map((f) => `    - ${f}`).join('\n')}`);

  const scripts = scriptsOf(lhr, origin);
  console.log('  JavaScript loaded (no interaction):');
  for (const s of scripts) {
    console.log(`    ${kb(s.gzip ?? s.transfer).padStart(9)} gzip  ${kb(s.transfer).padStart(9)} sent  ${s.path}`);
  }
  const gzipTotal = scripts.reduce((sum, s) => sum + (s.gzip ?? s.transfer), 0);
  const sentTotal = scripts.reduce((sum, s) => sum + s.transfer, 0);
  console.log(`  ${page} JavaScript: ${kb(gzipTotal)} gzip (${scripts.length} files; ${kb(sentTotal)} as sent)`);
  const transfer = lhr.audits['total-byte-weight']?.numericValue ?? 0;
  console.log(`  ${page} transfer: ${kb(transfer)} in all (every request, as sent)`);
  const images = (lhr.audits['network-requests']?.details?.items ?? []).filter((item) => item.resourceType === 'Image');
  const imageBytes = images.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  console.log(`  ${page} images: ${kb(imageBytes)} in ${images.length} requests`);
  for (const item of images) console.log(`    ${kb(item.transferSize ?? 0).padStart(9)}  ${item.url.replace(origin, '')}`);
  return { js: gzipTotal, transfer, imageBytes };
}

async function audit(url, chrome) {
  // Lighthouse's default config: mobile form factor, simulated slow 4G and 4x CPU slowdown.
  const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
  return result.lhr;
}

/**
 * Whether every landing section had its content once the page loaded, with no scroll, key
 * or touch (what Lighthouse measured): a visit in the same browser, as Lighthouse leaves it.
 */
async function landingContent(url, chrome) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const page = await browser.contexts()[0].newPage({ viewport: { width: 412, height: 823 } });
    await page.goto(`${url}/`, { waitUntil: 'load' });
    const counts = await page.evaluate(() => ({
      hero: document.querySelectorAll('#hero h1').length,
      services: document.querySelectorAll('#services h3').length,
      projects: document.querySelectorAll('#portfolio [data-testid="portfolio-card"]').length,
      about: document.querySelectorAll('#about h2').length,
      testimonials: document.querySelectorAll('[data-testid="testimonial"]').length,
      contactForm: document.querySelectorAll('#contact form').length,
      loading: document.querySelectorAll('[aria-busy="true"]').length,
    }));
    const missing = Object.entries(counts).filter(([key, n]) => (key === 'loading' ? n > 0 : n === 0));
    await page.close();
    return `${missing.length === 0 ? 'every section has its content' : `MISSING ${missing.map(([k]) => k).join(', ')}`} ${JSON.stringify(counts)}`;
  } finally {
    await browser.close().catch(() => {});
  }
}

/** A width × height JPEG drawn in the browser: a gradient with a photo's texture. */
async function photo(chrome, hue) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    const base64 = await page.evaluate(async (hue) => {
      const canvas = new OffscreenCanvas(2560, 1920);
      const ctx = canvas.getContext('2d');
      const gradient = ctx.createLinearGradient(0, 0, 2560, 1920);
      gradient.addColorStop(0, `hsl(${hue} 45% 35%)`);
      gradient.addColorStop(1, `hsl(${hue + 40} 50% 78%)`);
      ctx.fillStyle = gradient;
      ctx.fillRect(0, 0, 2560, 1920);
      for (let i = 0; i < 60000; i++) {
        ctx.fillStyle = `hsla(${(hue + i * 13) % 360} 40% ${20 + (i % 60)}% / 0.5)`;
        ctx.fillRect((i * 7919) % 2560, (i * 104729) % 1920, 4 + (i % 40), 3 + (i % 25));
      }
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.88 });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(binary);
    }, hue);
    await page.close();
    return Buffer.from(base64, 'base64');
  } finally {
    await browser.close().catch(() => {});
  }
}

/** Uploads photos as the admin stores them and points the hero, about and projects at them. */
async function usePhotos(pleat, chrome) {
  const keys = spawnSync(BIN, ['keys'], { env: pleat.env, encoding: 'utf8' });
  const key = /service_role key: (\S+)/.exec(keys.stdout)?.[1];
  if (!key) throw new Error(`pleat keys printed no service_role key: ${keys.stderr}`);
  const headers = { apikey: key, Authorization: `Bearer ${key}` };
  const upload = async (name, hue) => {
    const body = await photo(chrome, hue);
    const res = await fetch(`${pleat.url}/storage/v1/object/site-media/${name}`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'image/jpeg', 'Cache-Control': 'max-age=31536000' },
      body,
    });
    if (!res.ok) throw new Error(`upload of ${name} failed: ${res.status} ${await res.text()}`);
    console.log(`  uploaded ${name}: ${kb(body.length)}`);
    return `/storage/v1/object/public/site-media/${name}`;
  };
  const patch = async (table, filter, row) => {
    const res = await fetch(`${pleat.url}/rest/v1/${table}?${filter}`, {
      method: 'PATCH',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify(row),
    });
    if (!res.ok) throw new Error(`PATCH ${table} failed: ${res.status} ${await res.text()}`);
  };
  console.log('Photos (LIGHTHOUSE_PHOTOS=1):');
  await patch('hero_content', 'id=not.is.null', { background_image: await upload('hero/lighthouse/hero-1a2b.jpg', 30) });
  await patch('about_content', 'id=not.is.null', { image_url: await upload('about/lighthouse/about-3c4d.jpg', 200) });
  const items = await (await fetch(`${pleat.url}/rest/v1/portfolio_items?select=id`, { headers })).json();
  for (const [i, item] of items.entries()) {
    const first = await upload(`portfolio/lighthouse/project-${i}-a.jpg`, 60 * i);
    const second = await upload(`portfolio/lighthouse/project-${i}-b.jpg`, 60 * i + 25);
    await patch('portfolio_items', `id=eq.${item.id}`, { image_url: first, images: [first, second] });
  }
}

/** Visits each page once and requests every image its srcsets offer, at every width. */
async function warmImages(url, chrome) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    const urls = new Set();
    for (const path of PAGES) {
      await page.goto(`${url}${path}`, { waitUntil: 'networkidle' });
      const found = await page.evaluate(() =>
        [...document.querySelectorAll('img[srcset], source[srcset]')].flatMap((el) => el.srcset.split(', ').map((c) => c.split(' ')[0])),
      );
      for (const u of found) urls.add(new URL(u, url).toString());
    }
    await page.close();
    for (const u of urls) await (await fetch(u)).arrayBuffer();
    console.log(`  warmed ${urls.size} image renderings`);
  } finally {
    await browser.close().catch(() => {});
  }
}

async function main() {
  check();
  const pleat = await startPleat();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const summary = [];
  try {
    console.log(`pleat ${BIN} serving ${DIST} at ${pleat.url}`);
    if (process.env.LIGHTHOUSE_PHOTOS === '1') {
      await usePhotos(pleat, chrome);
      // One unmeasured visit of each page at Lighthouse's size, so the transform's
      // renderings are cached as they are for every visitor after the first.
      await warmImages(pleat.url, chrome);
    }
    // One unmeasured visit first, so the server and the database are warm.
    await fetch(`${pleat.url}/rest/v1/site_settings?select=*`).catch(() => {});
    for (const page of PAGES) {
      const reports = [];
      for (let i = 0; i < RUNS; i++) reports.push(await audit(`${pleat.url}${page}`, chrome));
      const lhr = median(reports);
      const scores = reports.map((r) => Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((r.categories[id].score ?? 0) * 100)])));
      if (process.env.LIGHTHOUSE_JSON) {
        mkdirSync(process.env.LIGHTHOUSE_JSON, { recursive: true });
        const name = page === '/' ? 'landing' : page.replace(/\W+/g, '-').replace(/^-|-$/g, '');
        writeFileSync(path.join(process.env.LIGHTHOUSE_JSON, `${name}.json`), JSON.stringify(lhr, null, 1));
      }
      const { js, transfer, imageBytes } = printReport(page, lhr, pleat.url, scores);
      summary.push({
        page,
        ...Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id].score ?? 0) * 100)])),
        js,
        transfer,
        imageBytes,
      });
    }
    console.log(`\n== / after load with no interaction: ${await landingContent(pleat.url, chrome)}`);
  } finally {
    await chrome.kill();
    await pleat.stop();
  }

  console.log('\n== Summary (targets: performance ≥ 95, accessibility 100, best practices 100, SEO 100, landing JS ≤ 150 kB gzip)');
  for (const s of summary) {
    console.log(
      `  ${s.page.padEnd(11)} performance ${s.performance}  accessibility ${s.accessibility}  best-practices ${s['best-practices']}  seo ${s.seo}  JS ${kb(s.js)} gzip  transfer ${kb(s.transfer)}  images ${kb(s.imageBytes)}`,
    );
  }

  console.log('\n== Bundle sizes (npm run size)');
  const size = spawnSync(process.execPath, [path.join(FRONTEND, 'scripts/bundle-size.mjs'), DIST], { encoding: 'utf8' });
  process.stdout.write(size.stdout);
  if (size.stderr) process.stderr.write(size.stderr);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
