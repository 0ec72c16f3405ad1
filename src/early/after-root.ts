import { loadApp } from './load-app';

// Inlined in index.html right after the app's root (scripts/early-script.ts): the page's main
// image is in the document by then.
loadApp(window);
