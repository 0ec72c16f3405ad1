// The catalogue's limits, in one place for the contract (src/api/catalogue.ts), the
// server, the screens and the service worker, whose offline answers must match the server's.

/** Fewer typed characters than this get no search suggestions. */
export const SUGGESTION_MIN_LENGTH = 2;
/** At most this many suggested terms, and this many product hits. */
export const SUGGESTION_LIMIT = 5;
/** APP_0041: the top sellers (four pages of the home's 12-card grid). */
export const BEST_SELLERS_LIMIT = 48;
/** APP_0027: products per page unless `por_pagina` says otherwise, and the most it may ask for. */
export const LISTING_PAGE_SIZE_DEFAULT = 24;
export const LISTING_PAGE_SIZE_MAX = 48;
/** APP_0027 `ultimas`: the most recent products it may ask for. */
export const LATEST_MAX = 48;
