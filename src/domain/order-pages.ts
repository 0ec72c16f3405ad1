// The addresses of an order's pages, named by the app's routes (src/config/paths.ts) and by the
// server's messages about an order (push notifications, e-mails), which link to them.

export const orderDetailsPath = (id: string | number) => `/detalhes_pedido/${encodeURIComponent(String(id))}`;
export const ORDER_DETAILS_PATTERN = '/detalhes_pedido/:id';
export const orderConfirmationPath = (id: string | number) =>
  `/pedido_confirmado/${encodeURIComponent(String(id))}`;
export const ORDER_CONFIRMATION_PATTERN = '/pedido_confirmado/:id';

/** The customer's quotes (docs/quotes.md), linked from the answered quote's e-mail and push. */
export const QUOTES_PATH = '/orcamentos';
export const quoteDetailsPath = (id: string | number) => `/orcamentos/${encodeURIComponent(String(id))}`;
export const QUOTE_DETAILS_PATTERN = '/orcamentos/:id';
