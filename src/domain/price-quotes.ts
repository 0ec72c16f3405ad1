// Quotes' rules and refusals (docs/quotes.md), one reading for the server and the screens: the
// discount cap's lowest price, and why a quote cannot be bought.

/** The lowest unit price a role may give on a list price: the cap's discount, rounded up to the centavo. */
export const lowestPrice = (listCentavos: number, percent: number) =>
  Math.ceil((listCentavos * (100 - percent)) / 100);

export const QUOTE_NOT_ANSWERED_MESSAGE = 'Este orçamento ainda não foi respondido pela loja.';
export const quoteExpiredMessage = (lastDay: string) =>
  `Este orçamento venceu em ${lastDay}. Use 'Solicitar novamente' para receber novos preços.`;
export const quoteConvertedMessage = (orderId: number | null) =>
  orderId ? `Este orçamento já virou o pedido ${orderId}.` : 'Este orçamento já virou um pedido.';

/** The seller panel's button to the quote requests, with how many wait for an answer (null: unknown). */
export const quotesToAnswerLabel = (count: number | null) =>
  count ? `Orçamentos (${count} a responder)` : 'Orçamentos';
