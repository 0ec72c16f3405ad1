import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '../test-utils/render';
import { BestSellers, BestSellersPages } from '../../../src/features/catalogue/components/best-sellers';
import type { ProductSummary } from '../../../src/api/products';

const product = (n: number): ProductSummary => ({
  idprd: n,
  descricao: `Produto ${n}`,
  descmarca: 'Marca',
  preco: 100,
  nome_grupo: 'banheiro',
  nome_sub_grupo: 'chuveiros',
  multiploprdvenda: null,
  codundvenda: n % 2 ? 'UN' : '',
});
const products = Array.from({ length: 30 }, (_, i) => product(i + 1));
const names = () =>
  screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

describe('best-sellers grid', () => {
  it('shows 12 cards a page with the unit in parentheses, the Pix value and "até 6x sem juros"', () => {
    render(<BestSellersPages products={products} />);
    expect(names()).toEqual(
      products.slice(0, 12).map((p) => (p.codundvenda ? `${p.descricao} (UN)` : p.descricao)),
    );
    const first = screen.getAllByRole('article')[0];
    // R$ 100,00 less 5% for Pix.
    expect(first.textContent?.replace(/\s/g, ' ')).toContain('R$ 95,00 no Pix');
    expect(within(first).getByText(/até 6x sem juros/)).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Produto 1 (UN)' }).getAttribute('href')).toBe(
      '/produto/1',
    );
  });

  it("gives a tile's instalments per box, as its page does, with its prices per m²", () => {
    // R$ 29,90 the m², 2,5 m² a box: R$ 74,75 a box is 6x of R$ 12,46; the m² price alone allows 2x.
    const tile = { ...product(1), preco: 29.9, multiploprdvenda: 2.5, codundvenda: 'M2' };
    render(<BestSellersPages products={[tile]} />);
    const card = screen.getByRole('article');
    const words = card.textContent?.replace(/\s/g, ' ');
    expect(words).toContain('R$ 28,41/m² no Pix');
    expect(words).toContain('R$ 29,90/m² até 6x sem juros por caixa');
  });

  it('pages with 1 boundary and 1 sibling and shows the chosen page', async () => {
    render(<BestSellersPages products={products} />);
    const pages = screen.getByRole('navigation', { name: 'Páginas de mais vendidos' });
    expect(
      within(pages)
        .getAllByRole('button', { name: /^Página \d$/ })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3']);
    await userEvent.setup().click(within(pages).getByRole('button', { name: 'Página 3' }));
    expect(names()).toEqual(products.slice(24, 30).map((p) => p.descricao + (p.codundvenda ? ' (UN)' : '')));
    expect(within(pages).getByRole('button', { name: 'Página 3' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('best-sellers section', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the empty state and logs 'Erro ao carregar produtos' when APP_0041 fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ resposta: 'falhou' }), { status: 500 })),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<BestSellers />);
    expect(await screen.findByText('Nenhum produto disponível no momento.')).toBeTruthy();
    expect(screen.getByText('Volte em breve para ver novos produtos!')).toBeTruthy();
    expect(warn.mock.calls.some(([message]) => message === 'Erro ao carregar produtos')).toBe(true);
  });

  it('says the store could not be reached when APP_0041 gets no answer at all', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<BestSellers />);
    expect(await screen.findByText('Não foi possível conectar à loja.')).toBeTruthy();
    expect(screen.getByText('Verifique sua conexão e tente novamente.')).toBeTruthy();
    expect(screen.queryByText('Nenhum produto disponível no momento.')).toBeNull();
  });

  it('shows the same empty state when the list is empty, under the Mais vendidos heading', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ produtos: [] }), { status: 200 })),
    );
    render(<BestSellers />);
    expect(await screen.findByText('Nenhum produto disponível no momento.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Mais vendidos' })).toBeTruthy();
  });
});
