import {
  ORDER_CONFIRMATION_PATTERN,
  ORDER_DETAILS_PATTERN,
  orderConfirmationPath,
  orderDetailsPath,
  QUOTE_DETAILS_PATTERN,
  QUOTES_PATH,
  quoteDetailsPath,
} from '../domain/order-pages';
import { PRODUCT_PATTERN, productPath, STOCK_ALERT_CANCEL_PATH } from '../domain/product-pages';
import { TERMS_PATH } from '../domain/store';

// Every route path of the store, in one place. Links and the router both build paths from here.
export const paths = {
  home: '/',
  homeAlias: '/home',
  product: productPath,
  productPattern: PRODUCT_PATTERN,
  products: '/produtos',
  category: (categoria: string, subcategoria?: string) =>
    `/produtos/${encodeURIComponent(categoria)}${subcategoria ? `/${encodeURIComponent(subcategoria)}` : ''}`,
  categoryPattern: '/produtos/:categoria',
  subcategoryPattern: '/produtos/:categoria/:subcategoria',
  search: (term: string) => `/produtos/pesquisar/${encodeURIComponent(term)}`,
  searchPattern: '/produtos/pesquisar/:produto',
  searchAliasPattern: '/pesquisar/:produto',
  /** Where the header's search form goes without JavaScript (?produto=term); the server redirects. */
  searchForm: '/pesquisar',
  cart: '/carrinho',
  checkout: '/checkout',
  login: '/login',
  loginAlias: '/entrar',
  register: '/registro',
  recoverPassword: '/recuperarSenha',
  resetPassword: '/redefinir',
  customerArea: '/meusPedidos',
  /** 'Listas da obra' (issue 41): signed out the device's, signed in the account's. */
  workLists: '/listas',
  tracking: '/rastreio',
  orderDetails: orderDetailsPath,
  orderDetailsPattern: ORDER_DETAILS_PATTERN,
  orderConfirmation: orderConfirmationPath,
  orderConfirmationPattern: ORDER_CONFIRMATION_PATTERN,
  /** The customer's quotes ('Orçamento', docs/quotes.md) and one quote. */
  quotes: QUOTES_PATH,
  quoteDetails: quoteDetailsPath,
  quoteDetailsPattern: QUOTE_DETAILS_PATTERN,
  faq: '/faq',
  privacy: '/politica',
  deliveryPolicy: '/politicaentrega',
  /** The contract's terms (Decreto 7.962/2013 art. 4): linked from the checkout's last step. */
  terms: TERMS_PATH,
  about: '/sobre',
  contact: '/contato',
  ourProducts: '/nossos-produtos',
  /** Store mode (ours): pairing a tablet, and a hand-off code opened on the shopper's phone. */
  storeMode: '/loja',
  /** Signed-in staff on a paired tablet: the pickup counter, and the manager's day of sales. */
  storePickups: '/loja/retiradas',
  storeSales: '/loja/vendas',
  /** The store's quote requests, and one to answer (docs/quotes.md). */
  storeQuotes: '/loja/orcamentos',
  storeQuote: (id: string | number) => `/loja/orcamentos/${encodeURIComponent(String(id))}`,
  storeQuotePattern: '/loja/orcamentos/:id',
  /** The manager's field measurement: what shoppers' browsers measured (issue 39). */
  storePerformance: '/loja/desempenho',
  cartHandoff: (codigo: string) => `/carrinho/c/${encodeURIComponent(codigo)}`,
  cartHandoffPattern: '/carrinho/c/:codigo',
  /** A shopper's cart shown as a QR ('Mostrar ao vendedor'), opened on a paired tablet. */
  shownCartPattern: '/loja/carrinho/:codigo',
  stockAlertCancel: STOCK_ALERT_CANCEL_PATH,
} as const;
