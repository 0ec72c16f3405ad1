/**
 * The catalogue contract (its zod schemas) loads with the first request that needs it, not with a
 * screen's code: a server-rendered page hydrates from data already parsed on the server.
 */
export const loadCatalogueContract = () => import('./catalogue');

/** Freight and the postal-code lookup, loaded the same way with the first calculation. */
export const loadFreightContract = () => import('./freight');
