import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { recheckCart } from '../../../src/features/offline/cart-recheck';
import { recheckRetryDelay } from '../../../src/features/offline/cart-recheck-sync';
import { addToCart } from '../../../src/storage/cart';
import { readCartLines, readCartNotices } from '../../../src/storage/stored-rows';
import { db } from '../../../src/storage/db';

const torneira = { idprd: 12, descricao: 'Torneira de Mesa Cromada', preco: '129,90', codundvenda: 'UN' };
const chuveiro = { idprd: 34, descricao: 'Chuveiro Elétrico', preco: '89,90', codundvenda: 'UN' };

interface Product {
  preco: number;
  estoque: number;
}

/** The catalogue server at the network boundary: product detail and stock answers from a table. */
function server(products: Record<number, Product>) {
  const requests: string[] = [];
  const fetchImpl = (async (input: string) => {
    const url = new URL(String(input), 'http://loja.test');
    requests.push(`${url.pathname.split('/').pop()}?${url.searchParams.toString()}`);
    const codigo = Number(url.searchParams.get('codigo'));
    const product = products[codigo];
    if (!product)
      return new Response(JSON.stringify({ resposta: 'Produto não encontrado.' }), { status: 404 });
    if (url.pathname.endsWith('APP_0027')) {
      const detail = {
        produtos: [{ idprd: codigo, descricao: `Produto ${codigo}`, preco: product.preco }],
        lotes: [],
        imagens: [],
        precos: [],
        agrupamento: [],
      };
      return new Response(JSON.stringify(detail), { status: 200 });
    }
    const qtde = Number(url.searchParams.get('qtde'));
    if (qtde > product.estoque) {
      const refusal = {
        resposta: `Quantidade indisponível em estoque. Disponível: ${product.estoque}`,
        disponivel: product.estoque,
      };
      return new Response(JSON.stringify(refusal), { status: 406 });
    }
    return new Response(JSON.stringify({ resposta: 'OK' }), { status: 200 });
  }) as typeof fetch;
  return { requests, fetchImpl };
}

beforeEach(async () => {
  await Promise.all([db.cartLines.clear(), db.checkoutSession.clear()]);
  sessionStorage.clear();
});

describe('recheckCart', () => {
  it('takes a new price into the cart and flags the line with the old and new price', async () => {
    await addToCart(torneira);
    await addToCart(chuveiro, { quantity: 2 });
    const { fetchImpl, requests } = server({
      12: { preco: 139.9, estoque: 10 },
      34: { preco: 89.9, estoque: 10 },
    });

    expect(await recheckCart(fetchImpl)).toEqual({ flagged: 1, unchecked: 0 });

    const lines = await readCartLines();
    expect(lines.find((line) => line.id === '12')?.price).toBe(139.9);
    expect(lines.find((line) => line.id === '34')?.price).toBe(89.9);
    expect(await readCartNotices()).toEqual({ '12': 'Preço atualizado: de R$ 129,90 para R$ 139,90.' });
    expect(requests).toEqual(
      expect.arrayContaining([
        'APP_0027?codigo=12',
        'APP_0034?codigo=12&qtde=1',
        'APP_0034?codigo=34&qtde=2',
      ]),
    );
  });

  it("flags a stock shortfall with the server's message and keeps the quantity", async () => {
    await addToCart(chuveiro, { quantity: 5 });
    const { fetchImpl } = server({ 34: { preco: 89.9, estoque: 3 } });

    await recheckCart(fetchImpl);

    expect((await readCartLines())[0]?.quantity).toBe(5);
    expect(await readCartNotices()).toEqual({ '34': 'Quantidade indisponível em estoque. Disponível: 3' });
  });

  it('leaves the cart alone when nothing changed or the network is down', async () => {
    await addToCart(torneira);
    expect(await recheckCart(server({ 12: { preco: 129.9, estoque: 10 } }).fetchImpl)).toEqual({
      flagged: 0,
      unchecked: 0,
    });
    const down = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await recheckCart(down)).toEqual({ flagged: 0, unchecked: 1 });
    expect((await readCartLines())[0]?.price).toBe(129.9);
    expect(await readCartNotices()).toEqual({});
  });

  it('asks nothing for an empty cart', async () => {
    const { fetchImpl, requests } = server({});
    expect(await recheckCart(fetchImpl)).toEqual({ flagged: 0, unchecked: 0 });
    expect(requests).toEqual([]);
  });
});

describe('the back-online check retried until it succeeds', () => {
  it('waits 2 s after the first failure, twice as long after each next one, and never more than a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 12].map(recheckRetryDelay)).toEqual([
      2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });
});
