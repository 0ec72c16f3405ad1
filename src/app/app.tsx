import './styles';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { cssVariablesResolver, theme } from './theme';
import { router } from './router';
import { PwaStatus } from '../features/offline/pwa-status';
import { retryUnlessOffline } from '../components/online-status';

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

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {/* Toasts: top right, 5 s, at most 3 visible (spec §9). */}
      <Notifications position="top-right" autoClose={5000} limit={3} />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <PwaStatus router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
