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
// What the app and the two entries may import: the screens and what they share.
const SCREENS = ['src/features', 'src/components', ...UNDER_SCREENS];
const LAYERS = {
  // The entries: the browser's and the server render's. Neither imports the server (src/server/render
  // imports the server's entry, not the other way round), the early script or the service worker.
  'src/main.tsx': ['src/app', ...SCREENS],
  'src/entry-server.tsx': ['src/app', ...SCREENS],
  'src/app': SCREENS,
  'src/features/*': ['src/components', ...UNDER_SCREENS],
  // React components only: what they fetch, their hooks and their calls on the page live in the rooms below.
  'src/components': UNDER_SCREENS,
  // Fetchers, query options and query hooks over the contract.
  'src/queries': ['src/api', 'src/domain'],
  // React hooks that are not queries (network state, hydration, the page title).
  'src/hooks': ['src/domain'],
  // Calls on the page outside React: scrolling below the header, a field typed before hydration, toasts.
  'src/browser': ['src/domain'],
  // The page's own script before the app has taken over (inlined in index.html): no React, no Dexie.
  // Of src/storage only the early adds' queue, which opens the database without Dexie.
  'src/early': ['src/api', 'src/browser', 'src/config', 'src/domain', 'src/storage/early-adds.ts'],
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
const AREAS = [...Object.keys(LAYERS).filter((area) => area !== 'src/features/*'), ...features];

const within = (path, area) => path === area || path.startsWith(`${area}/`);
/** The area's files, without the nested areas that have rules of their own. */
function filesOf(area) {
  const nested = AREAS.filter((other) => other !== area && within(other, area)).map((other) =>
    other.slice(area.length + 1),
  );
  return nested.length ? [`./${area}/*.*`, `./${area}/!(${nested.join('|')})/**`] : `./${area}`;
}
/**
 * The zones of one area: every other area is forbidden but those `allowed` names. An allowed file
 * or folder inside an area that is not allowed as a whole (src/early's one module of src/storage)
 * is an exception of that area's own zone.
 */
function zonesOf(area, allowed) {
  const forbidden = AREAS.filter(
    (other) => !within(area, other) && !within(other, area) && !allowed.some((ok) => within(other, ok)),
  );
  const exceptions = (other) =>
    allowed.filter((ok) => within(ok, other) && ok !== other).map((ok) => `./${ok.slice(other.length + 1)}`);
  const message = allowed.length
    ? `${area} may import only ${allowed.join(', ')} (eslint.config.js LAYERS).`
    : `${area} imports nothing of ours (eslint.config.js LAYERS).`;
  const target = filesOf(area);
  const whole = forbidden.filter((other) => exceptions(other).length === 0);
  const partly = forbidden.filter((other) => exceptions(other).length > 0);
  return [
    { target, from: whole.map((other) => `./${other}`), message },
    ...partly.map((other) => ({ target, from: `./${other}`, except: exceptions(other), message })),
  ];
}
const zones = [
  ...Object.entries(LAYERS)
    .filter(([area]) => area !== 'src/features/*')
    .flatMap(([area, allowed]) => zonesOf(area, allowed)),
  ...features.flatMap((feature) => zonesOf(feature, LAYERS['src/features/*'])),
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
/** Only these packages (and their subpaths) and our own modules by relative path; nothing else. */
const allowPackages = (packages, message) => {
  const allowed = [...packages.map((name) => name.replaceAll('.', String.raw`\.`)), String.raw`\.{1,2}`];
  const regex = `^(?!(?:${allowed.join('|')})(?:/|$))`;
  return { 'no-restricted-imports': ['error', { patterns: [{ regex, message }] }] };
};

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
  // The packages the layers that run everywhere may import: an allow-list, so a new package (React,
  // Dexie, node:fs) is refused until it is named here. The rules and the contract run on the server,
  // in the service worker and in the early script; the early script runs before the app, inlined in
  // index.html, so it imports no package at all.
  {
    files: ['src/domain/**'],
    rules: allowPackages(
      ['credit-card-type'],
      'src/domain runs on the server, in the service worker and in the early script: it may import only credit-card-type (eslint.config.js).',
    ),
  },
  {
    files: ['src/api/**'],
    rules: allowPackages(
      ['zod'],
      'src/api runs on the server and in the service worker: it may import only zod (eslint.config.js).',
    ),
  },
  {
    files: ['src/early/**'],
    rules: allowPackages(
      [],
      'src/early is inlined in index.html and runs before the app: it imports no package (eslint.config.js).',
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
