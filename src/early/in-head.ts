import { keepTaps } from './keep-taps';

// Inlined in index.html's <head> (scripts/early-script.ts): runs before the page's body is parsed,
// so no tap on the server-rendered page is missed before the app has taken it over.
keepTaps(window);
