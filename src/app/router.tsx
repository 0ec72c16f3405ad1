import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { MainLayout } from './layout/main-layout';
import { RouteError } from './layout/route-error';

// Routes are thin and lazy (STYLE.md rule 6): each module exports `Component` (and maybe `loader`).
const screen = (load: () => Promise<object>): Pick<RouteObject, 'lazy'> => ({
  lazy: load as RouteObject['lazy'],
});

export const routes: RouteObject[] = [
  {
    element: <MainLayout />,
    errorElement: <RouteError />,
    // The layout renders at once; the lazy screen inside shows its own loading state.
    hydrateFallbackElement: null,
    children: [
      { path: paths.home, ...screen(() => import('./routes/home')) },
      { path: paths.homeAlias, ...screen(() => import('./routes/home')) },
      { path: paths.productPattern, ...screen(() => import('./routes/product')) },
      { path: paths.products, ...screen(() => import('./routes/listing')) },
      { path: paths.searchPattern, ...screen(() => import('./routes/listing')) },
      { path: paths.searchAliasPattern, ...screen(() => import('./routes/listing')) },
      { path: paths.categoryPattern, ...screen(() => import('./routes/listing')) },
      { path: paths.subcategoryPattern, ...screen(() => import('./routes/listing')) },
      { path: paths.cart, ...screen(() => import('./routes/cart')) },
      { path: paths.cartHandoffPattern, ...screen(() => import('./routes/cart-hand-off')) },
      { path: paths.storeMode, ...screen(() => import('./routes/store-mode')) },
      { path: paths.login, ...screen(() => import('./routes/login')) },
      { path: paths.loginAlias, ...screen(() => import('./routes/login')) },
      { path: paths.register, ...screen(() => import('./routes/register')) },
      { path: paths.recoverPassword, ...screen(() => import('./routes/recover-password')) },
      { path: paths.resetPassword, ...screen(() => import('./routes/reset-password')) },
      { path: paths.customerArea, ...screen(() => import('./routes/customer-area')) },
      { path: paths.tracking, ...screen(() => import('./routes/order-details')) },
      { path: paths.orderDetailsPattern, ...screen(() => import('./routes/order-details')) },
      { path: paths.orderConfirmationPattern, ...screen(() => import('./routes/order-confirmation')) },
      { path: paths.faq, ...screen(() => import('./routes/faq')) },
      { path: paths.privacy, ...screen(() => import('./routes/privacy')) },
      { path: paths.deliveryPolicy, ...screen(() => import('./routes/delivery-policy')) },
      { path: paths.about, ...screen(() => import('./routes/about')) },
      { path: paths.contact, ...screen(() => import('./routes/contact')) },
      { path: paths.ourProducts, ...screen(() => import('./routes/our-products')) },
      { path: '*', ...screen(() => import('./routes/not-found')) },
    ],
  },
  // Checkout has its own header (spec §2), so it sits outside the main layout.
  {
    path: paths.checkout,
    errorElement: <RouteError />,
    hydrateFallbackElement: null,
    ...screen(() => import('./routes/checkout')),
  },
];

export const router = createBrowserRouter(routes);
