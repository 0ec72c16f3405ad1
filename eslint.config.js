import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';

// The layers of docs/decisions/018-layers-held-by-lint.md, held by lint (import-x/no-restricted-paths). Each area
// of ours may import itself and only the areas LAYERS lists for it; anything else is a lint error.
// A nested area with its own entry (src/server/render) is left out of its parent's rule, and each
// feature folder is its own area: features never import each other. To move a boundary, edit LAYERS.
// Paths are resolved from this file's folder, so the zones hold whatever folder ESLint runs from.
const ROOT = fileURLToPath(new URL('.', import.meta.url));
const ENTRIES = ['src/main.tsx', 'src/entry-server.tsx'];
// What the screen layers (app, features, components) share beneath them.
const UNDER_SCREENS = [
  'src/queries',
  'src/hooks',
  'src/browser',
  'src/storage',
  'src/api',
  'src/config',
  'src/domain',
];
const LAYERS = {
  'src/app': ['src/features', 'src/components', ...UNDER_SCREENS],
  'src/features/*': ['src/components', ...UNDER_SCREENS],
  // React components only: what they fetch, their hooks and their calls on the page live in the rooms below.
  'src/components': UNDER_SCREENS,
  // Fetchers, query options and query hooks over the contract.
  'src/queries': ['src/api', 'src/domain'],
  // React hooks that are not queries (network state, hydration, the page title).
  'src/hooks': ['src/domain'],
  // Calls on the page outside React: scrolling below the header, a field typed before hydration, toasts.
  'src/browser': [],
  // The page's own script before the app has taken over (inlined in index.html): no React, no Dexie.
  'src/early': ['src/api', 'src/browser', 'src/config', 'src/domain', 'src/storage'],
  'src/storage': ['src/api', 'src/config', 'src/domain'],
  // Client configuration (Vite env, route paths).
  'src/config': ['src/domain'],
  // The contract: shared by the client, the server and the service worker.
  'src/api': ['src/domain'],
  'src/domain': [],
  // The service worker: no React, no Dexie screens, no server.
  sw: ['src/api', 'src/config', 'src/domain'],
  'src/server': ['src/api', 'src/domain'],
  // The one server place that renders the client app to HTML.
  'src/server/render': ['src/app', 'src/entry-server.tsx', 'src/config', 'src/api', 'src/domain'],
};
const features = readdirSync(`${ROOT}src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => `src/features/${entry.name}`);
const AREAS = [...ENTRIES, ...Object.keys(LAYERS).filter((area) => area !== 'src/features/*'), ...features];

const within = (path, area) => path === area || path.startsWith(`${area}/`);
/** The area's files, without the nested areas that have rules of their own. */
function filesOf(area) {
  const nested = AREAS.filter((other) => other !== area && within(other, area)).map((other) =>
    other.slice(area.length + 1),
  );
  return nested.length ? [`./${area}/*.*`, `./${area}/!(${nested.join('|')})/**`] : `./${area}`;
}
function zone(area, allowed) {
  const from = AREAS.filter(
    (other) => !within(area, other) && !within(other, area) && !allowed.some((ok) => within(other, ok)),
  );
  const message = allowed.length
    ? `${area} may import only ${allowed.join(', ')} (eslint.config.js LAYERS).`
    : `${area} imports nothing of ours (eslint.config.js LAYERS).`;
  return { target: filesOf(area), from: from.map((other) => `./${other}`), message };
}
const zones = [
  ...Object.entries(LAYERS)
    .filter(([area]) => area !== 'src/features/*')
    .map(([area, allowed]) => zone(area, allowed)),
  ...features.map((feature) => zone(feature, LAYERS['src/features/*'])),
  {
    target: './src/server/services/payments',
    from: './src/server/services/orders',
    message: 'Payments never import orders: orders call payments, and hand in what they need (PixOrders).',
  },
];

// import-x's TypeScript settings (parsers, extensions) with its built-in resolver instead of the
// TypeScript resolver package it names by default.
const typescriptSettings = Object.fromEntries(
  Object.entries(importX.flatConfigs.typescript.settings).filter(([key]) => key !== 'import-x/resolver'),
);

const restrictPackages = (packages, message) => ({
  'no-restricted-imports': ['error', { paths: packages.map((name) => ({ name, message })) }],
});

export default tseslint.config(
  { ignores: ['dist', 'dist-ssr', 'data', '.test-data', 'bench-results', 'node_modules', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{js,cjs,mjs}', 'scripts/**', 'tests/**', 'src/server/**'],
    languageOptions: { globals: globals.node },
  },
  { files: ['src/**/*.{ts,tsx}'], languageOptions: { globals: globals.browser } },
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      ...typescriptSettings,
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
      // Packages are not parsed: the rules concern our own modules.
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones, basePath: ROOT }],
      // An import that resolves to nothing is a mistake, not a pass for the layer rules.
      'import-x/no-unresolved': 'error',
    },
  },
  // A file in a folder no layer names has no rule of its own: it is an error until LAYERS names it.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: [...ENTRIES, ...Object.keys(LAYERS).map((area) => `${area}/**`)],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'Program', message: 'This folder is in no layer: name it in eslint.config.js LAYERS.' },
      ],
    },
  },
  // What the layers may not import from packages: the contract and the rules run on the server too.
  {
    files: ['src/domain/**', 'src/api/**'],
    rules: restrictPackages(
      ['react', 'react-dom', '@mantine/core', 'dexie', '@tanstack/react-query'],
      'src/domain and src/api also run on the server and in the service worker.',
    ),
  },
  {
    files: ['src/server/**'],
    ignores: ['src/server/render/**'],
    rules: restrictPackages(
      ['react', 'react-dom', 'react-dom/server', '@mantine/core', 'dexie'],
      'Only src/server/render renders React on the server.',
    ),
  },
  // Small units: a module past 300 lines is split by job. Data (the seed catalogue) is exempt.
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    ignores: ['src/server/db/seed/catalogue-data.ts'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  {
    files: ['tests/**', 'scripts/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
