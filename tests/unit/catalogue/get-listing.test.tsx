import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createQueryClient } from '../../../src/app/query-client';
import { getListing, rememberedPage, useListing } from '../../../src/features/catalogue/api/get-listing';
import { listingQuery, type ListingQuery } from '../../../src/features/catalogue/lib/listing-params';

// Only the network boundary is replaced: the fetcher, the contract and the storage module are real.
const requests: URL[] = [];
beforeEach(() => {
  localStorage.clear();
  requests.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      requests.push(url);
      const pagina = Number(url.searchParams.get('pagina'));
      const body = {
        produtos: [{ idprd: pagina, descricao: `Produto ${pagina}`, preco: 10 }],
        agrupamento: [],
        precos: [],
        total: 7,
        pagina,
        por_pagina: 6,
      };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('getListing', () => {
  it('asks for 6 a page with the filters hyphen-joined', async () => {
    await getListing(
      listingQuery({ categoria: 'banheiro' }, new URLSearchParams('marca=7-3&precos=ate50&pagina=2')),
    );
    const search = requests[0].searchParams;
    expect(Object.fromEntries(search)).toEqual({
      grupo: 'banheiro',
      marca: '3-7',
      precos: 'ate50',
      pagina: '2',
      por_pagina: '6',
    });
  });

  it("keeps the pages shown of one listing under 'paginated data', starting over for a new filter", async () => {
    const queryClient = createQueryClient({ retry: false });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const kept = () =>
      Object.keys(JSON.parse(localStorage.getItem('paginated data') ?? '{"paginas":{}}').paginas);
    const page1 = listingQuery({ categoria: 'banheiro' }, new URLSearchParams());
    const page2 = listingQuery({ categoria: 'banheiro' }, new URLSearchParams('pagina=2'));
    // Page 1 came with the server's HTML: already in the cache, never fetched in this browser.
    queryClient.setQueryData(['catalogue', 'listing', page1], await getListing(page1));
    requests.length = 0;
    const { rerender } = renderHook(({ query }: { query: ListingQuery }) => useListing(query), {
      initialProps: { query: page1 },
      wrapper,
    });
    await waitFor(() => expect(kept()).toEqual(['1']));
    rerender({ query: page2 });
    await waitFor(() => expect(kept()).toEqual(['1', '2']));
    expect(rememberedPage(page2)?.produtos[0].descricao).toBe('Produto 2');

    const other = listingQuery({ categoria: 'ferramentas' }, new URLSearchParams());
    expect(rememberedPage(other)).toBeUndefined();
    rerender({ query: other });
    await waitFor(() => expect(rememberedPage(page1)).toBeUndefined());
    expect(kept()).toEqual(['1']);
  });
});
