import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { deferredEntry } from './scripts/deferred-entry.ts';
import { earlyScripts } from './scripts/early-script.ts';
import { precompress } from './scripts/precompress.ts';

const THEME_RED = '#c92a2a';

/** Alternatives of a regular expression for these paths, `/` matching either slash. */
const anyOf = (paths: string[]) => paths.map((path) => path.replaceAll('/', String.raw`[\\/]`)).join('|');

/** A regular expression for these modules of src (paths without the extension). */
const sourceModules = (paths: string[]) => String.raw`src[\\/](` + anyOf(paths) + String.raw`)\.`;

/** A regular expression for these components of src/features/catalogue. */
const catalogueComponents = (names: string[]) =>
  sourceModules(names.map((name) => `features/catalogue/components/${name}`));

/** A regular expression for these parts of @mantine/core (folders or modules under its esm/). */
const mantineParts = (paths: string[]) =>
  String.raw`@mantine[\\/]core[\\/]esm[\\/](` + anyOf(paths) + String.raw`)[\\/.]`;

/**
 * What the home's screen uses from src/features/catalogue: its API and helpers, and these
 * components. A component the home starts using belongs here, or the home loads the other screens'
 * chunk too (`npm run bench -- --only=bundle` lists each page's files). Also Mantine's check mark,
 * which the listing's checkboxes and the product page's lote chips draw: in the listing's chunk,
 * a tile's page loaded that chunk and its stylesheet for it.
 */
const HOME_CATALOGUE = new RegExp(
  String.raw`src[\\/]features[\\/]catalogue[\\/](api|lib)[\\/]|` +
    mantineParts(['components/Checkbox/CheckIcon', 'core']) +
    '|' +
    catalogueComponents([
      'product-shelf',
      'best-sellers',
      'category-shelf',
      'home-banners',
      'banner-carousel',
      'slide-arrows',
      'add-with-quantity',
      'product-grid',
      'empty-products',
    ]),
);

/** The product page's own components, apart from the listing's. */
const PRODUCT_SCREEN = new RegExp(
  catalogueComponents(['product-details', 'product-gallery', 'payment-tabs', 'product-not-found']),
);

/**
 * The product page's parts loaded on their own (`screenPart` in product-details): the options only
 * some products show, and the cart dialog, which no page shows before a tap (its Modal brings
 * Mantine's ScrollArea, floating-ui and react-remove-scroll: about 9 KiB gzip the home and the
 * listing loaded for nothing). Their dynamic import makes each a chunk of its own, which no group
 * may take.
 */
const PRODUCT_PARTS = new RegExp(
  catalogueComponents([
    'product-options',
    'tile-calculator',
    'lote-picker',
    'added-to-cart-dialog',
    'filters-drawer',
    'measure-field',
    'material-calculator',
    'calculator-panel',
    'paint-calculator',
    'masonry-calculators',
    'wall-fields',
  ]),
);

/**
 * Mantine's dialogs and drawers and what they bring (scroll locking, focus trap, the scroll area and
 * its floating-ui): closed on every catalogue page's first screen, so they are a chunk of their own,
 * asked for once the app has taken over (the cart dialog, the listing's filters, the mobile menu) or
 * with the screens that show them (the cart, the checkout), and shared by them. Mantine's pickers
 * (popovers, comboboxes, the segmented control's indicator: a tile's calculator, the checkout's
 * selects) are another, so that the cart does not load them.
 */
const PICKERS = new RegExp(
  mantineParts([
    'components/Popover',
    'components/Combobox',
    'components/FloatingIndicator',
    'components/SegmentedControl',
  ]),
);
/** The entry's libraries by the chunk each is evaluated in, in the order the loader runs them. */
const STACK_SLICES: Array<[string, RegExp]> = [
  ['react', /node_modules[\\/](react|react-dom|scheduler)[\\/]/],
  ['query', /node_modules[\\/]@tanstack[\\/]/],
  ['router', /node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/],
  // Its code only: the CSS of its components stays in the app's one stylesheet.
  ['mantine', /node_modules[\\/](@mantine[\\/][\w-]+|clsx)[\\/][^?]*\.m?js$/],
];

const OVERLAYS = new RegExp(
  mantineParts(['components/ModalBase', 'components/Modal', 'components/Drawer', 'components/ScrollArea']) +
    String.raw`|node_modules[\\/](@floating-ui[\\/][\w-]+|react-remove-scroll(-bar)?|use-sidecar|use-callback-ref|react-style-singleton|get-nonce|detect-node-es|tslib)[\\/]`,
);

/**
 * Small modules the screens past the catalogue share with the product page: the stored cart and
 * checkout form, the freight calculator, Mantine's Grid and Alert. Left to the bundler, each was a
 * file of its own (a few hundred bytes to 4 KB), or rode in the product page's chunk, so the
 * product page and the cart or the checkout loaded 4 to 6 more files (`npm run bench -- --only=bundle`).
 */
const SHARED = new RegExp(
  sourceModules([
    'storage/cart',
    'storage/cart-totals',
    'storage/checkout-form',
    'storage/live',
    'storage/stored-rows',
    'storage/write',
    'domain/cep',
    'domain/shipping',
    'queries/calculate-freight',
    'components/freight-calculator',
    'components/online-only-button',
    'components/error-text',
  ]) +
    '|' +
    mantineParts([
      'components/Grid',
      'components/Alert',
      'components/Divider',
      'core/utils/get-base-value',
      'core/utils/get-breakpoint-value',
      'core/utils/get-sorted-breakpoints',
      'core/utils/get-env',
      'core/utils/noop',
    ]),
);

/**
 * zod and the API's contract helpers: every screen that sends or reads the store's operations with
 * a contract (the cart's hand-off, the checkout, the account) needs them, the catalogue's screens
 * none. Left to the bundler they were two files, split by which screens shared which half.
 */
const VALIDATION = new RegExp(
  String.raw`node_modules[\\/]zod[\\/]|` + sourceModules(['api/define', 'api/fields', 'domain/clean-text']),
);

/**
 * The cart's screen and the small modules it shares with the checkout, the cart shown to a seller
 * and store mode (the shipping choices, the cart's hand-off operations): the cart's first load was
 * 14 files, 8 of them under 2 KB.
 */
const CART_SCREEN = new RegExp(
  sourceModules([
    'features/cart/(api|components)/[\\w-]+',
    'components/shipping-option-list',
    'api/shown-cart',
    'api/store-mode',
  ]) +
    '|' +
    mantineParts(['components/Image']),
);

// The install manifest (pt-BR). Icons and screenshots are drawn by scripts/make-icons.ts.
const manifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Casa & Obra — Materiais de Construção',
  short_name: 'Casa & Obra',
  description:
    'Materiais de construção, pisos, banheiro, cozinha e ferramentas. Compre pelo celular, mesmo com sinal fraco na loja.',
  lang: 'pt-BR',
  dir: 'ltr',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: THEME_RED,
  background_color: '#ffffff',
  categories: ['shopping'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  screenshots: [
    {
      src: '/screenshots/narrow-540x960.png',
      sizes: '540x960',
      type: 'image/png',
      form_factor: 'narrow',
      label: 'Vitrine de produtos no celular',
    },
    {
      src: '/screenshots/wide-1280x720.png',
      sizes: '1280x720',
      type: 'image/png',
      form_factor: 'wide',
      label: 'Vitrine de produtos no computador ou tablet',
    },
  ],
};

// Short class names for CSS modules, the same in both builds (they hash the file and the class):
// a home page's ~40 product cards carry a dozen each, and Vite's default names (`_card_xpxmm_1`)
// made a fifth of its HTML.
const css = { modules: { generateScopedName: '_[hash:base64:5]' } };

// The client's configuration: VITE_*, and the server's CARD_INTEREST_PAID_BY (src/config/env.ts),
// so the pages say the instalments the card provider will quote.
const envPrefix = ['VITE_', 'CARD_INTEREST_PAID_BY'];

// Two builds: the PWA (dist/, with a manifest of its chunks for the server's preloads) and the
// server render (`vite build --ssr src/entry-server.tsx`, dist-ssr/, loaded by src/server/render/).
export default defineConfig(({ isSsrBuild }) => {
  if (isSsrBuild) {
    return {
      plugins: [react()],
      css,
      envPrefix,
      build: { target: 'node20', outDir: 'dist-ssr', emptyOutDir: true, sourcemap: false },
    };
  }
  return {
    envPrefix,
    plugins: [
      react(),
      earlyScripts(),
      deferredEntry(),
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'sw',
        filename: 'sw.ts',
        registerType: 'prompt',
        // Registration is done by src/features/offline (production only, with the update prompt).
        injectRegister: false,
        manifest,
        // The generated manifest and its icons are precached; these are too (iOS home-screen icon).
        includeManifestIcons: true,
        includeAssets: ['icons/apple-touch-icon-180.png'],
        injectManifest: {
          globPatterns: ['**/*.{js,css,html,svg,woff2}'],
        },
        devOptions: { enabled: false },
      }),
      precompress(),
    ],
    css,
    build: {
      target: 'es2022',
      sourcemap: false,
      manifest: true,
      rolldownOptions: {
        output: {
          // Few, larger chunks: on a slow phone each request costs a round trip before the app can
          // take a tap. What the entry imports is one chunk; what the home's screen uses from the
          // catalogue (cards, shelves, banners, adding to the cart, the catalogue's API) another;
          // the small modules the product page shares with the cart and the checkout a third; the
          // product page's components a fourth and the rest of the catalogue's screens (the
          // listing, its filters) a fifth, so that no page loads another's code (npm run bench).
          // A group takes the modules its members import too, unless a group above has them.
          codeSplitting: {
            groups: [
              // The entry's libraries, each a chunk of its own, so that index.html's loader can
              // evaluate them one task each before the app's own code (docs/decisions/047).
              ...STACK_SLICES.map(([name, test], i) => ({
                name,
                test,
                tags: ['$initial' as const],
                priority: 9 - i * 0.1,
              })),
              { name: 'app', tags: ['$initial'], priority: 5 },

              { name: 'catalogue', test: HOME_CATALOGUE, priority: 4 },
              { name: 'shared', test: SHARED, priority: 3 },
              { name: 'validation', test: VALIDATION, priority: 2.5 },
              { name: 'product-screen', test: PRODUCT_SCREEN, priority: 2 },
              {
                name: 'listing-screen',
                test: (id: string) =>
                  /src[\\/]features[\\/]catalogue[\\/]/.test(id) && !PRODUCT_PARTS.test(id),
                priority: 2,
              },
              { name: 'cart-screen', test: CART_SCREEN, priority: 1, includeDependenciesRecursively: false },
              { name: 'overlays', test: OVERLAYS, priority: 1.5 },
              { name: 'pickers', test: PICKERS, priority: 1.4 },
            ],
          },
        },
      },
    },
    server: {
      proxy: {
        '/datasnap': 'http://localhost:8080',
        '/imagens': 'http://localhost:8080',
      },
    },
  };
});
