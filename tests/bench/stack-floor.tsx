import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { Button, MantineProvider } from '@mantine/core';
import { hydrate, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';

// The least a page of this stack loads before it can take a tap (tests/bench/bundle.ts): a
// server-rendered page hydrated as src/main.tsx hydrates the store's, through React Router's data
// router with the server's loader data and TanStack Query's cache from the HTML, inside Mantine's
// provider, showing one Mantine button. No code of the store's own. Built by the bench only.

function Screen() {
  const { data } = useQuery({ queryKey: ['produto'], queryFn: () => Promise.resolve('Comprar') });
  return <Button>{data}</Button>;
}

const state = JSON.parse(document.getElementById('dados-da-pagina')?.textContent ?? '{}');
const queryClient = new QueryClient();
hydrate(queryClient, state.queries);
const router = createBrowserRouter([{ path: '/', Component: Screen }], { hydrationData: state.router });
startTransition(() => {
  hydrateRoot(
    document.getElementById('root')!,
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
});
