/**
 * Every DataSnap operation lives under this path on the retailer's server and on ours. Kept apart
 * from the schemas so the HTTP client loads without zod.
 */
export const DATASNAP_PATH = '/datasnap/rest/TFireFlay';
