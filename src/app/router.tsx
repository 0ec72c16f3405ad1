import type { LoaderFunctionArgs, RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { LISTING_SEARCH_PARAMS } from '../features/catalogue/lib/listing-params';
import { MainLayout } from './layout/main-layout';
import { RouteError } from './layout/route-error';
import type { RouteContext, ScreenModule } from './screen';

/** Route handle: the screen module's name (`src/app/routes/{screen}.tsx`), for the server's preloads. */
export interface ScreenHandle extends PageCaching {
  screen: string;
  module?: ScreenModule;
}

/**
 * Whether the server renders a screen and caches it for everyone. Personal unless a route says
 * otherwise (src/app/page-policy.ts): a route added without thinking about it is never shared.
 */
export interface PageCaching {
  /** Nothing personal on the screen: rendered by the server and cached publicly. */
  publicPage?: true;
  /** The search parameters the screen reads; the page cache keys on these alone. */
  cacheParams?: readonly string[];
}

const PUBLIC: PageCaching = { publicPage: true, cacheParams: [] };
const PUBLIC_LISTING: PageCaching = { publicPage: true, cacheParams: LISTING_SEARCH_PARAMS };

const SCREENS = {
  home: () => import('./routes/home'),
  product: () => import('./routes/product'),
  listing: () => import('./routes/listing'),
  cart: () => import('./routes/cart'),
  'cart-hand-off': () => import('./routes/cart-hand-off'),
  'shown-cart': () => import('./routes/shown-cart'),
  'store-mode': () => import('./routes/store-mode'),
  'store-pickups': () => import('./routes/store-pickups'),
  'store-sales': () => import('./routes/store-sales'),
  'store-performance': () => import('./routes/store-performance'),
  'store-quotes': () => import('./routes/store-quotes'),
  quotes: () => import('./routes/quotes'),
  login: () => import('./routes/login'),
  register: () => import('./routes/register'),
  'recover-password': () => import('./routes/recover-password'),
  'reset-password': () => import('./routes/reset-password'),
  'customer-area': () => import('./routes/customer-area'),
  'work-lists': () => import('./routes/work-lists'),
  'order-details': () => import('./routes/order-details'),
  'order-confirmation': () => import('./routes/order-confirmation'),
  faq: () => import('./routes/faq'),
  privacy: () => import('./routes/privacy'),
  'delivery-policy': () => import('./routes/delivery-policy'),
  terms: () => import('./routes/terms'),
  about: () => import('./routes/about'),
  contact: () => import('./routes/contact'),
  'our-products': () => import('./routes/our-products'),
  'not-found': () => import('./routes/not-found'),
  checkout: () => import('./routes/checkout'),
  'stock-alert-cancel': () => import('./routes/stock-alert-cancel'),
} satisfies Record<string, () => Promise<ScreenModule>>;

export type ScreenName = keyof typeof SCREENS;

/**
 * Every route of the store. Screens are lazy (each route's code loads with its first visit); each
 * one's loader puts its data in the query cache before it renders, on the server (the HTML holds the
 * data) and on client navigations. In the browser a failed load does not stop the screen: it shows
 * its own error state.
 */
export function createRoutes(context: RouteContext): RouteObject[] {
  const screen = (name: ScreenName, path?: string, caching: PageCaching = {}): RouteObject => {
    const handle: ScreenHandle = { screen: name, ...caching };
    return {
      path,
      handle,
      lazy: async () => {
        const module: ScreenModule = await SCREENS[name]();
        handle.module = module;
        const { load } = module;
        return {
          Component: module.Component,
          loader: load
            ? (args: LoaderFunctionArgs) =>
                context.server ? load(args, context) : load(args, context).catch(() => null)
            : undefined,
        };
      },
    };
  };
  return [
    {
      element: <MainLayout />,
      errorElement: <RouteError />,
      // The layout renders at once; the lazy screen inside shows its own loading state.
      hydrateFallbackElement: null,
      children: [
        screen('home', paths.home, PUBLIC),
        screen('home', paths.homeAlias, PUBLIC),
        screen('product', paths.productPattern, PUBLIC),
        screen('listing', paths.products, PUBLIC_LISTING),
        screen('listing', paths.searchPattern, PUBLIC_LISTING),
        screen('listing', paths.searchAliasPattern, PUBLIC_LISTING),
        screen('listing', paths.categoryPattern, PUBLIC_LISTING),
        screen('listing', paths.subcategoryPattern, PUBLIC_LISTING),
        screen('cart', paths.cart),
        screen('cart-hand-off', paths.cartHandoffPattern),
        screen('shown-cart', paths.shownCartPattern),
        screen('store-mode', paths.storeMode),
        screen('store-pickups', paths.storePickups),
        screen('store-sales', paths.storeSales),
        screen('store-performance', paths.storePerformance),
        screen('store-quotes', paths.storeQuotes),
        screen('store-quotes', paths.storeQuotePattern),
        screen('quotes', paths.quotes),
        screen('quotes', paths.quoteDetailsPattern),
        screen('login', paths.login),
        screen('login', paths.loginAlias),
        screen('register', paths.register),
        screen('recover-password', paths.recoverPassword),
        screen('reset-password', paths.resetPassword),
        screen('stock-alert-cancel', paths.stockAlertCancel),
        screen('customer-area', paths.customerArea),
        screen('work-lists', paths.workLists),
        screen('order-details', paths.tracking),
        screen('order-details', paths.orderDetailsPattern),
        screen('order-confirmation', paths.orderConfirmationPattern),
        screen('faq', paths.faq, PUBLIC),
        screen('privacy', paths.privacy, PUBLIC),
        screen('delivery-policy', paths.deliveryPolicy, PUBLIC),
        screen('terms', paths.terms, PUBLIC),
        screen('about', paths.about, PUBLIC),
        screen('contact', paths.contact, PUBLIC),
        screen('our-products', paths.ourProducts, PUBLIC),
        screen('not-found', '*', PUBLIC),
      ],
    },
    // Checkout has its own header, so it sits outside the main layout.
    {
      ...screen('checkout', paths.checkout),
      errorElement: <RouteError />,
      hydrateFallbackElement: null,
    },
  ];
}
