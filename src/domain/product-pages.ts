// The addresses of a product's pages, named by the app's routes (src/config/paths.ts) and by the
// server's back-in-stock messages (src/server/services/stock-alerts.ts), which link to them.

export const productPath = (id: string | number) => `/produto/${encodeURIComponent(String(id))}`;
export const PRODUCT_PATTERN = '/produto/:id';
/** The one-tap link of a back-in-stock alert (?token=): cancels it, no sign-in needed. */
export const STOCK_ALERT_CANCEL_PATH = '/avise-me/cancelar';
