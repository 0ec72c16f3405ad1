import type { ReactElement, ReactNode } from 'react';
import { render as testingLibraryRender } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { createQueryClient } from '../../../src/app/query-client';
import { theme } from '../../../src/app/theme';

interface RenderOptions {
  route?: string;
  /** Answers already in the query cache, as a server gave them before (kept fresh: no refetch). */
  answers?: ReadonlyArray<readonly [QueryKey, unknown]>;
}

/** One render helper for component tests: Mantine, a fresh query client and a router. */
export function render(ui: ReactElement, { route = '/', answers = [] }: RenderOptions = {}) {
  const queryClient = createQueryClient({ retry: false, staleTime: 0, networkMode: 'online' });
  for (const [key, data] of answers) {
    queryClient.setQueryDefaults(key, { staleTime: Infinity });
    queryClient.setQueryData(key, data);
  }
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
  return { ...testingLibraryRender(ui, { wrapper }), queryClient };
}
