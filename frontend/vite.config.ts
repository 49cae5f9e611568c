/// <reference types="vitest/config" />
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, URL } from 'node:url'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

// `vite dev` forwards API calls to a locally running `pleat serve`, so the app can
// use its own origin as the Supabase URL (see resolveSupabaseConfig).
const pleatApi = 'http://127.0.0.1:8080'

/**
 * Writes `<file>.br` and `<file>.gz` next to each script, stylesheet and SVG of the built site,
 * compressed at the highest levels, for pleat to send to browsers that accept them
 * (crates/server/src/site/encoded.rs); on-the-fly compression runs at its fastest level and
 * leaves a phone about a quarter more JavaScript to download.
 */
function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'pleat-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    // After Vite has written the bundle and copied public/ (the seed SVGs).
    closeBundle() {
      const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' })
      for (const name of files) {
        if (!/\.(js|css|svg)$/.test(name) || name.startsWith('_pleat')) continue
        const file = path.join(outDir, name)
        const bytes = readFileSync(file)
        const variants = {
          gz: gzipSync(bytes, { level: 9 }),
          br: brotliCompressSync(bytes, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length },
          }),
        }
        for (const [suffix, compressed] of Object.entries(variants)) {
          if (compressed.length < bytes.length) writeFileSync(`${file}.${suffix}`, compressed)
        }
      }
    },
  }
}

const unitTests = 'src/**/*.{test,spec}.{ts,tsx}'

/** The unit test files that replace a module (vi.mock, vi.doMock). */
function filesThatReplaceModules(): string[] {
  const root = fileURLToPath(new URL('./src', import.meta.url))
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(test|spec)\.tsx?$/.test(name))
    .filter((name) => /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(root, name), 'utf8')))
    .map((name) => `src/${name.split(path.sep).join('/')}`)
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/rest': pleatApi,
      '/auth': pleatApi,
      '/storage': pleatApi,
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    // Every browser the site targets (ES modules, Vite's default baseline) knows
    // <link rel="modulepreload">; the polyfill would only add bytes to the entry chunk.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks, so a content or copy change only re-downloads app code.
        // Named packages only: a catch-all node_modules group would pull admin-only
        // libraries (the rich-text editor) into what the landing page loads.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/ },
            // supabase-js with the app's client (lib/supabase.ts): the public pages import
            // both on first use (lib/load-supabase.ts), the admin up front.
            { name: 'supabase', test: /(node_modules[\\/](@supabase|iceberg-js|tslib)[\\/]|src[\\/]lib[\\/]supabase\.ts$)/ },
            // What every public page runs besides React: the class joiner, the read cache and
            // the public reads, the site's texts and the icon and variant helpers, in one
            // chunk rather than many small ones shared with the lazy chunks (each its own
            // request, and gzip compresses them better together).
            {
              name: 'app',
              test: /(node_modules[\\/](tailwind-merge|clsx|class-variance-authority)[\\/]|lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/])|src[\\/]lib[\\/](cn|tailwind-merge-config|use-query|load-supabase|import-with-retry|lazy-with-retry|scroll|color)\.tsx?$|src[\\/]features[\\/][^\\/]+[\\/]api[\\/]get-(hero-content|services|portfolio-items|about-content|testimonials|contact-info|site-settings)\.ts$|src[\\/]features[\\/]site[\\/]site-identity\.ts$|src[\\/]features[\\/]seo[\\/]build-metadata\.ts$|src[\\/]config[\\/]site\.ts$|vite[\\/]preload-helper)/,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    env: {
      VITE_SUPABASE_URL: 'http://127.0.0.1:54321',
      VITE_SUPABASE_ANON_KEY: 'test-anon-key',
    },
    // A fresh jsdom and module graph for each file cost about nine tenths of the run. Files
    // share one per worker instead (setup.ts resets the DOM and the caches after each test,
    // stubbed globals are restored, and the files that fake the clock restore it); only the
    // files that replace a module get their own graph, so a mock never reaches another file.
    unstubGlobals: true,
    unstubEnvs: true,
    // Playwright specs live in e2e/ and run against the real binary, never under vitest.
    projects: [
      { extends: true, test: { name: 'shared', isolate: false, include: [unitTests], exclude: filesThatReplaceModules() } },
      { extends: true, test: { name: 'isolated', include: filesThatReplaceModules() } },
    ],
  },
})
