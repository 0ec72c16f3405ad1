import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { render } from '../test-utils/render';
import { SearchBox } from '../../../src/features/catalogue/components/search-box';

// Only the network boundary is replaced: the box, its query hook and the contract parsing are real.
type Answer = {
  sugestao: { descricao: string; RowId: number }[];
  produtos: { descricao: string; RowId: number; idprd: number; gtin?: string }[];
};
let answer: Answer | ((term: string) => Answer) = { sugestao: [], produtos: [] };
let status = 200;
const requests: string[] = [];

beforeEach(() => {
  requests.length = 0;
  status = 200;
  answer = { sugestao: [], produtos: [] };
  sessionStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      requests.push(url.pathname + url.search);
      const term = url.searchParams.get('produto') ?? '';
      const body =
        status === 200 ? (typeof answer === 'function' ? answer(term) : answer) : { resposta: 'falhou' };
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function Location() {
  const location = useLocation();
  return <output aria-label="endereço">{location.pathname}</output>;
}

function renderBox() {
  return render(
    <>
      <SearchBox />
      <Location />
    </>,
  );
}

const many = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({ descricao: `${prefix} ${i + 1}`, RowId: i + 1, idprd: 100 + i }));

describe('header search box', () => {
  it('asks for nothing with fewer than 2 characters', async () => {
    const user = userEvent.setup();
    renderBox();
    await user.type(screen.getByRole('combobox', { name: 'Buscar produtos' }), 'p');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(requests).toEqual([]);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('shows Sugestão before Produtos, at most 5 each, with 40x40 thumbnails', async () => {
    answer = { sugestao: many('piso', 7), produtos: many('Piso cerâmico', 8) };
    const user = userEvent.setup();
    renderBox();
    await user.type(screen.getByRole('combobox', { name: 'Buscar produtos' }), 'piso');

    const listbox = await screen.findByRole('listbox', undefined, { timeout: 3000 });
    const groups = within(listbox).getAllByRole('group');
    expect(groups.map((group) => group.textContent?.match(/^(Sugestão|Produtos)/)?.[0])).toEqual([
      'Sugestão',
      'Produtos',
    ]);
    expect(within(groups[0]).getAllByRole('option')).toHaveLength(5);
    const productRows = within(groups[1]).getAllByRole('option');
    expect(productRows).toHaveLength(5);
    const thumbnail = productRows[0].querySelector('img')!;
    expect(thumbnail.getAttribute('width')).toBe('40');
    expect(thumbnail.getAttribute('height')).toBe('40');
    expect(thumbnail.getAttribute('src')).toBe('/imagens/100/1.png');
    expect(requests.every((r) => r.startsWith('/datasnap/rest/TFireFlay/APP_0028?produto=pis'))).toBe(true);
    // Debounced: typing four letters quickly costs one request, not three.
    expect(requests).toEqual(['/datasnap/rest/TFireFlay/APP_0028?produto=piso']);
  });

  it("says 'Nenhum resultado encontrado' when nothing matches", async () => {
    const user = userEvent.setup();
    renderBox();
    await user.type(screen.getByRole('combobox', { name: 'Buscar produtos' }), 'xyzw');
    expect(await screen.findByText('Nenhum resultado encontrado')).toBeTruthy();
  });

  it('only logs a failed call and shows no suggestion', async () => {
    status = 500;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    renderBox();
    await user.type(screen.getByRole('combobox', { name: 'Buscar produtos' }), 'piso');
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Erro ao buscar dados da API', expect.anything()));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.queryByText('Nenhum resultado encontrado')).toBeNull();
  });

  it('Enter stores the term as pesquisa and opens the search results', async () => {
    const user = userEvent.setup();
    renderBox();
    await user.type(screen.getByRole('combobox', { name: 'Buscar produtos' }), 'cuba inox{Enter}');
    expect(sessionStorage.getItem('pesquisa')).toBe('cuba inox');
    expect(screen.getByRole('status', { name: 'endereço' }).textContent).toBe(
      '/produtos/pesquisar/cuba%20inox',
    );
  });

  it('arrows and Enter pick a suggestion, which fills the text', async () => {
    answer = { sugestao: many('torneira', 2), produtos: [] };
    const user = userEvent.setup();
    renderBox();
    const input = screen.getByRole('combobox', { name: 'Buscar produtos' });
    await user.type(input, 'torn');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBeTruthy();
    await user.keyboard('{Enter}');
    expect((input as HTMLInputElement).value).toBe('torneira 2');
    // Picking fills the text; it does not search yet.
    expect(screen.getByRole('status', { name: 'endereço' }).textContent).toBe('/');
    expect(sessionStorage.getItem('pesquisa')).toBeNull();
  });

  it('Escape closes the list', async () => {
    answer = { sugestao: many('tinta', 1), produtos: [] };
    const user = userEvent.setup();
    renderBox();
    await user.type(screen.getByRole('combobox', { name: 'Buscar produtos' }), 'tin');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  });

  it('a product row opens the product page', async () => {
    answer = { sugestao: [], produtos: many('Chuveiro', 1) };
    const user = userEvent.setup();
    renderBox();
    await user.type(screen.getByRole('combobox', { name: 'Buscar produtos' }), 'chuv');
    await user.click(await screen.findByRole('option', { name: 'Chuveiro 1' }));
    expect(screen.getByRole('status', { name: 'endereço' }).textContent).toBe('/produto/100');
  });
});

describe('header search box on a results address', () => {
  it('shows the searched term', () => {
    render(<SearchBox />, { route: '/produtos/pesquisar/cuba%20inox' });
    expect((screen.getByRole('combobox', { name: 'Buscar produtos' }) as HTMLInputElement).value).toBe(
      'cuba inox',
    );
  });

  it('a GTIN or a reference typed with Enter, as a handheld scanner does, opens its product', async () => {
    const user = userEvent.setup();
    answer = (term) =>
      term === '7890000010016'
        ? { sugestao: [], produtos: [{ descricao: 'Porcelanato Bege', RowId: 1, idprd: 1001, gtin: term }] }
        : term === '1042'
          ? { sugestao: [], produtos: [{ descricao: 'Torneira', RowId: 1, idprd: 1042 }] }
          : { sugestao: [], produtos: [] };
    renderBox();
    const box = screen.getByRole('combobox', { name: 'Buscar produtos' }) as HTMLInputElement;
    await user.type(box, '7890000010016{Enter}');
    await waitFor(() => expect(screen.getByLabelText('endereço').textContent).toBe('/produto/1001'));
    // The box empties for the next scan.
    expect(box.value).toBe('');
    await user.type(box, '1042{Enter}');
    await waitFor(() => expect(screen.getByLabelText('endereço').textContent).toBe('/produto/1042'));
  });

  it('a code no product has, or a wrong check digit, goes to the search results', async () => {
    const user = userEvent.setup();
    renderBox();
    const box = screen.getByRole('combobox', { name: 'Buscar produtos' });
    await user.type(box, '7890000010017{Enter}');
    await waitFor(() =>
      expect(screen.getByLabelText('endereço').textContent).toBe('/produtos/pesquisar/7890000010017'),
    );
    await user.clear(box);
    await user.type(box, '99{Enter}');
    await waitFor(() => expect(screen.getByLabelText('endereço').textContent).toBe('/produtos/pesquisar/99'));
  });
});
