import type { LoaderFunctionArgs, RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { MainLayout } from './layout/main-layout';
import { RouteError } from './layout/route-error';
import type { RouteContext, ScreenModule } from './screen';

/** Route handle: the screen module's name (`src/app/routes/{screen}.tsx`), for the server's preloads. */
export interface ScreenHandle {
  screen: string;
  module?: ScreenModule;
}

const SCREENS = {
  home: () => import('./routes/home'),
  product: () => import('./routes/product'),
  listing: () => import('./routes/listing'),
  cart: () => import('./routes/cart'),
  'cart-hand-off': () => import('./routes/cart-hand-off'),
  'store-mode': () => import('./routes/store-mode'),
  login: () => import('./routes/login'),
  register: () => import('./routes/register'),
  'recover-password': () => import('./routes/recover-password'),
  'reset-password': () => import('./routes/reset-password'),
  'customer-area': () => import('./routes/customer-area'),
  'order-details': () => import('./routes/order-details'),
  'order-confirmation': () => import('./routes/order-confirmation'),
  faq: () => import('./routes/faq'),
  privacy: () => import('./routes/privacy'),
  'delivery-policy': () => import('./routes/delivery-policy'),
  about: () => import('./routes/about'),
  contact: () => import('./routes/contact'),
  'our-products': () => import('./routes/our-products'),
  'not-found': () => import('./routes/not-found'),
  checkout: () => import('./routes/checkout'),
} satisfies Record<string, () => Promise<ScreenModule>>;

export type ScreenName = keyof typeof SCREENS;

/**
 * Every route of the store. Screens are lazy (each route's code loads with its first visit); each
 * one's loader puts its data in the query cache before it renders, on the server (the HTML holds the
 * data) and on client navigations. In the browser a failed load does not stop the screen: it shows
 * its own error state.
 */
export function createRoutes(context: RouteContext): RouteObject[] {
  const screen = (name: ScreenName, path?: string): RouteObject => {
    const handle: ScreenHandle = { screen: name };
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
        screen('home', paths.home),
        screen('home', paths.homeAlias),
        screen('product', paths.productPattern),
        screen('listing', paths.products),
        screen('listing', paths.searchPattern),
        screen('listing', paths.searchAliasPattern),
        screen('listing', paths.categoryPattern),
        screen('listing', paths.subcategoryPattern),
        screen('cart', paths.cart),
        screen('cart-hand-off', paths.cartHandoffPattern),
        screen('store-mode', paths.storeMode),
        screen('login', paths.login),
        screen('login', paths.loginAlias),
        screen('register', paths.register),
        screen('recover-password', paths.recoverPassword),
        screen('reset-password', paths.resetPassword),
        screen('customer-area', paths.customerArea),
        screen('order-details', paths.tracking),
        screen('order-details', paths.orderDetailsPattern),
        screen('order-confirmation', paths.orderConfirmationPattern),
        screen('faq', paths.faq),
        screen('privacy', paths.privacy),
        screen('delivery-policy', paths.deliveryPolicy),
        screen('about', paths.about),
        screen('contact', paths.contact),
        screen('our-products', paths.ourProducts),
        screen('not-found', '*'),
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
