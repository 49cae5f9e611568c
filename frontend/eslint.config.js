// ESLint for the app, its end-to-end tests and its scripts (`npm run lint`). Besides the
// recommended JavaScript, TypeScript and React hooks rules it keeps the folders' arrows
// pointing one way (see `layers` and `features` below) and forbids import cycles.
import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import { importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * What each top folder of src/ may not import. app/ is where pages and features meet;
 * features use components/, lib/ and config/; components/ are the app's building blocks
 * and know no feature; lib/ and config/ are the bottom.
 */
const layers = {
  app: [],
  features: ['app'],
  components: ['app', 'features'],
  lib: ['app', 'features', 'components'],
  config: ['app', 'features', 'components', 'lib'],
}

/**
 * The features in an order where each may import only those before it, so no two
 * features can depend on each other, directly or round a loop. A new arrow between
 * features that this order forbids means a piece belongs lower down (components/,
 * lib/, the one feature that owns it) or in app/, which wires features together.
 */
const features = [
  'reorder',
  'admin',
  'history',
  'media',
  'site',
  'auth',
  'contact-details',
  'account',
  'backups',
  'messages',
  'hero',
  'about',
  'services',
  'testimonials',
  'settings',
  'contact',
  'portfolio',
  'seo',
  'presence',
]

const zones = [
  ...Object.entries(layers).flatMap(([layer, forbidden]) =>
    forbidden.map((other) => ({
      target: `./src/${layer}`,
      from: `./src/${other}`,
      message: `src/${layer}/ may not import from src/${other}/ (eslint.config.js, layers).`,
    })),
  ),
  ...features.flatMap((feature, i) =>
    features.slice(i + 1).map((later) => ({
      target: `./src/features/${feature}`,
      from: `./src/features/${later}`,
      message: `features/${feature} comes before features/${later} (eslint.config.js, features): move the shared piece down, or wire the two in app/.`,
    })),
  ),
]

export default tseslint.config(
  // The generated tailwind-merge tables are checked by their generator, not by hand.
  { ignores: ['dist/', 'src/lib/tailwind-merge-config.ts', 'src/lib/database.types.ts'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // As tsc's noUnusedParameters: a leading underscore marks a parameter kept for its place.
    rules: { '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest']],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // The TypeScript parser for the modules no-cycle reads, and the @/ alias resolved as tsc does.
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.app.json' })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': ['error', { zones }],
    },
  },
  {
    // Node scripts and the end-to-end tests (whose page.evaluate callbacks run in the browser).
    files: ['e2e/**/*.mjs', 'scripts/**/*.mjs', 'vite.config.ts', 'eslint.config.js'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
)
