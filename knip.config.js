// Dead-code check (docs/decisions/018-layers-held-by-lint.md), run by `npm run lint`: unused files, exports and
// dependencies. `--production` also reports code that only tests use; a tool kept in src/ for the
// tests on purpose (a document generator, a BR Code parser) carries an `@internal` JSDoc tag.
/** @type {import('knip').KnipConfig} */
export default {
  entry: [
    'scripts/*.{ts,mjs}!',
    // `npm run store` (tsx src/server/cli.ts): production, though knip reads it only as a script.
    'src/server/cli.ts!',
    // The server render's entry (`vite build --ssr src/entry-server.tsx`), loaded by src/server/render.
    'src/entry-server.tsx!',
    // index.html's inline scripts, bundled into it by scripts/early-script.ts.
    'src/early/in-head.ts!',
    'src/early/after-root.ts!',
    // Started as a separate process by tests/bench/api.ts, not imported.
    'tests/bench/hello-server.ts',
    // Built alone by tests/bench/bundle.ts (the stack's floor), not imported.
    'tests/bench/stack-floor.tsx',
    // The Adyen adapter: contract-tested against Adyen's published OpenAPI files, not yet wired into
    // the app (the checkout has no Adyen card component yet, so CARD_PROVIDER=adyen is refused:
    // docs/payments.md).
    'src/server/services/payments/cards/adyen.ts!',
  ],
  project: ['src/**/*.{ts,tsx}!', 'sw/**/*.ts!', 'scripts/**/*.{ts,mjs}!', 'tests/**/*.{ts,tsx}'],
  // An export its own module uses (a limit, a message) is not dead.
  ignoreExportsUsedInFile: true,
  // axe-core is injected into the page from its file (tests/e2e/axe.ts resolves axe.min.js).
  ignoreDependencies: ['axe-core'],
  // scripts/ensure-chromium.mjs and ensure-java.mjs install Chromium and Java with Debian's apt-get;
  // the HTML check (tests/e2e/html-validity.test.ts) runs `java`; the mutual-TLS test makes its
  // certificates with openssl (Debian's, present wherever Node's own TLS is).
  ignoreBinaries: ['apt-get', 'java', 'openssl'],
};
