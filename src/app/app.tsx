import './styles';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { cssVariablesResolver, theme } from './theme';
import { router } from './router';
// Loaded with the shell: the browser's install offer, and typing into a form, may come before the
// app-status UI below loads.
import '../features/offline/install-prompt';
import '../features/offline/typed-input';
import { retryUnlessOffline } from '../components/online-status';

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

const StoreModeStatus = lazy(() =>
  import('./store-mode-status').then((module) => ({ default: module.StoreModeStatus })),
);

const queryClient = new QueryClient({
  defaultOptions: {
    // offlineFirst: offline, a query still asks once, so the service worker can answer from its cache.
    queries: {
      staleTime: 60_000,
      retry: retryUnlessOffline,
      refetchOnWindowFocus: false,
      networkMode: 'offlineFirst',
    },
  },
});

const subscribeToRouter = (listener: () => void) => router.subscribe(listener);
const routerReady = () => router.state.initialized;

/** Renders its children once the first route is on screen and the browser is idle (at most 2 s). */
function AfterFirstScreen({ children }: { children: ReactNode }) {
  const ready = useSyncExternalStore(subscribeToRouter, routerReady, routerReady);
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

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <AfterFirstScreen>
          {/* Toasts: top right, 5 s, at most 3 visible (spec §9). */}
          <Notifications position="top-right" autoClose={5000} limit={3} />
          <PwaStatus router={router} />
          <StoreModeStatus router={router} />
        </AfterFirstScreen>
      </QueryClientProvider>
    </MantineProvider>
  );
}
