// Which files each page kind downloads on a first visit, read from the built Vite manifest (run
// `npm run build` first; `npm test` does). vite.config.ts's chunk map names module paths: a rename
// there, or a module moving between groups, silently changes what a page downloads. This test
// names the files, so such a change fails here and is decided on purpose. The bench
// (`npm run bench -- --only=bundle`) weighs the same files (tests/bench/first-load.ts); this only
// lists them, no sizes and no timing.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstLoads, readManifest, ROUTE_MODULES } from '../../bench/first-load';

const dist = resolve(process.env.PWA_DIST_DIR ?? 'dist');

/** A built file's name without its content hash: assets/catalogue-D4MSMKhp.js is catalogue.js. */
const named = (files: Iterable<string>) =>
  [...files].map((file) => file.replace(/^assets\//, '').replace(/-[\w-]{8}\.(js|css)$/, '.$1')).sort();

/** What each page downloads besides the entry's files. */
const ROUTE_FILES: Record<string, string[]> = {
  '/ (home)': ['catalogue.css', 'catalogue.js', 'home.js'],
  '/produtos/{categoria} (listing, search)': [
    'catalogue.css',
    'catalogue.js',
    'listing-screen.css',
    'listing-screen.js',
    'listing.js',
  ],
  '/produto/{id}': [
    'catalogue.css',
    'catalogue.js',
    'product-screen.css',
    'product-screen.js',
    'product.js',
    'shared.js',
  ],
  '/produto/{id} of a tile in lotes': [
    // The calculators' and the lote picker's Mantine parts: the pickers (SegmentedControl's
    // indicator) and the overlays (the lote picker's ScrollArea); the calculators answer with the
    // cart dialog, so it comes with them here rather than after the takeover.
    'FloatingIndicator.css',
    'FloatingIndicator.js',
    'Modal.css',
    'added-to-cart-dialog.js',
    'catalogue.css',
    'catalogue.js',
    'listing-screen.css',
    'listing-screen.js',
    'overlays.js',
    'pickers.js',
    'product-options.css',
    'product-options.js',
    'product-screen.css',
    'product-screen.js',
    'product.js',
    'shared.js',
  ],
  '/sobre (static page)': [
    'about.js',
    'catalogue.css',
    'catalogue.js',
    'content-columns.css',
    'content-columns.module.js',
    'shared.js',
    'static-page.js',
  ],
  '/carrinho': [
    // 'Mostrar ao vendedor' opens a Modal: the overlays' chunk (Modal, ScrollArea, scroll locking).
    'Modal.css',
    'cart-screen.js',
    'cart.js',
    'catalogue.css',
    'catalogue.js',
    'listing-screen.css',
    'listing-screen.js',
    'overlays.js',
    'shared.js',
    'validation.js',
  ],
  '/checkout': [
    'FloatingIndicator.css',
    'FloatingIndicator.js',
    'Modal.css',
    // The address step's select, shared with the quote request's form (docs/quotes.md).
    'NativeSelect.js',
    'Progress.js',
    'address.js',
    'card.js',
    'cart-screen.js',
    'catalogue.css',
    'catalogue.js',
    'checkout.css',
    'checkout.js',
    'customer-fields.js',
    'freight.js',
    'listing-screen.css',
    'listing-screen.js',
    // A quote's checkout (`?orcamento=`): its query (the contract loads when asked) and its refusals.
    'my-quotes.js',
    'orders.js',
    'overlays.js',
    'pickers.js',
    'pix-panel.css',
    'pix-panel.js',
    'price-quotes.js',
    'shared.js',
    'validation.js',
    // The withdrawal's terms (src/domain/withdrawal.ts) for the contract summary, and its answer's
    // schema (src/api/withdrawal.ts) that the order's contract names: two chunks of one name.
    'withdrawal.js',
    'withdrawal.js',
    'zod.js',
  ],
};

describe("each page's first-load files in the build", () => {
  it('reads the manifest of a build (run `npm run build` first)', () => {
    expect(() => readManifest(dist)).not.toThrow();
  });

  it('loads the entry alone before any screen: the app, its four libraries, the bundler runtime and one stylesheet', () => {
    const { entry } = firstLoads(readManifest(dist));
    // The libraries each in a chunk of its own, which index.html's loader evaluates one task each
    // before the app (docs/decisions/047).
    expect(named([...entry.js, ...entry.css])).toEqual([
      'index.css',
      'index.js',
      'mantine.js',
      'query.js',
      'react.js',
      'rolldown-runtime.js',
      'router.js',
    ]);
  });

  it('loads, for each page kind, only the files listed for it', () => {
    const { entry, routes } = firstLoads(readManifest(dist));
    expect(routes.map((route) => route.route)).toEqual(ROUTE_MODULES.map((route) => route.route));
    const added = Object.fromEntries(
      routes.map((route) => [
        route.route,
        named([...route.js, ...route.css].filter((file) => !entry.js.has(file) && !entry.css.has(file))),
      ]),
    );
    expect(added).toEqual(ROUTE_FILES);
  });
});
