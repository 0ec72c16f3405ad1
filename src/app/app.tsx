import './styles';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { useTabletMarker } from '../storage/tablet-marker';
import { useAppReady } from './app-ready';
import { theme } from './theme';
// Loaded with the shell: the browser's install offer, and typing into a form, may come before the
// app-status UI below loads.
import '../features/offline/install-prompt';
import '../features/offline/typed-input';

type BrowserRouter = ReturnType<typeof createBrowserRouter>;

// The toast host and the app-status UI (install offer, catalogue download, offline notice, update
// prompt, service-worker registration) wait for the first screen (npm run bench: off the first
// route's JS, and no layout shift: rendered before the lazy route, they sat at the top of the page
// and were pushed down when it arrived). A toast shown earlier waits in the store until the host mounts.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);
const PwaStatus = lazy(() =>
  import('../features/offline/pwa-status').then((module) => ({ default: module.PwaStatus })),
);

const PushRenewal = lazy(() => import('./push-renewal').then((module) => ({ default: module.PushRenewal })));

const StoreModeStatus = lazy(() =>
  import('./store-mode-status').then((module) => ({ default: module.StoreModeStatus })),
);

/** Renders its children once the first route is on screen and the browser is idle (at most 2 s). */
function AfterFirstScreen({ router, children }: { router: BrowserRouter; children: ReactNode }) {
  const ready = useSyncExternalStore(
    (listener) => router.subscribe(listener),
    () => router.state.initialized,
    () => false,
  );
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!ready || idle) return;
    const done = () => setIdle(true);
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(done, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(done, 200);
    return () => clearTimeout(timer);
  }, [ready, idle]);
  return idle ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** Mantine and the query client: the same on the server render and in the browser. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    // The theme's variables and breakpoint classes come with the stylesheet (src/app/theme.css), not
    // as <style> elements in the body, which is invalid HTML (scripts/make-theme-css.ts).
    <MantineProvider theme={theme} withCssVariables={false} withGlobalClasses={false}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

/** Whether this browser lets the store send notifications (the renewal has nothing to do otherwise). */
const notificationsAllowed = () =>
  typeof Notification !== 'undefined' && Notification.permission === 'granted';

export function App({ router, queryClient }: { router: BrowserRouter; queryClient: QueryClient }) {
  useAppReady(useCallback((to: string) => void router.navigate(to), [router]));
  // Only a paired store tablet watches for idleness, and only a device that allows notifications
  // renews its subscription: an ordinary shopper's phone loads neither (their code and contracts
  // cost a slow phone's CPU while the page is being taken over).
  const pairedTablet = useTabletMarker() !== null;
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
      <AfterFirstScreen router={router}>
        {/* Toasts: top right, 5 s, at most 3 visible. */}
        <Notifications position="top-right" autoClose={5000} limit={3} />
        <PwaStatus router={router} />
        {pairedTablet && <StoreModeStatus router={router} />}
        {notificationsAllowed() && <PushRenewal />}
      </AfterFirstScreen>
    </AppProviders>
  );
}
