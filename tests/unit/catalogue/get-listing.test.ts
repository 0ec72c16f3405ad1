import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getListing, rememberedPage } from '../../../src/features/catalogue/api/get-listing';
import { listingQuery } from '../../../src/features/catalogue/lib/listing-params';

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

  it("keeps the fetched pages of one listing under 'paginated data', starting over for a new filter", async () => {
    const page1 = listingQuery({ categoria: 'banheiro' }, new URLSearchParams());
    const page2 = listingQuery({ categoria: 'banheiro' }, new URLSearchParams('pagina=2'));
    await getListing(page1);
    await getListing(page2);
    expect(rememberedPage(page2)?.produtos[0].descricao).toBe('Produto 2');
    expect(Object.keys(JSON.parse(localStorage.getItem('paginated data')!).paginas)).toEqual(['1', '2']);

    const other = listingQuery({ categoria: 'ferramentas' }, new URLSearchParams());
    expect(rememberedPage(other)).toBeUndefined();
    await getListing(other);
    expect(rememberedPage(page1)).toBeUndefined();
    expect(Object.keys(JSON.parse(localStorage.getItem('paginated data')!).paginas)).toEqual(['1']);
  });
});
