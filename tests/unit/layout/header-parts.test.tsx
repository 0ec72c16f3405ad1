import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '../test-utils/render';
import { AccountLink } from '../../../src/app/layout/account-link';
import { CartLink } from '../../../src/app/layout/cart-link';
import { CategoryBar } from '../../../src/app/layout/category-bar';
import { MobileMenu } from '../../../src/app/layout/mobile-menu';
import { CATEGORIES } from '../../../src/domain/categories';
import { writeSession } from '../../../src/storage/session-keys';

beforeEach(() => sessionStorage.clear());

describe('cart link', () => {
  it('hides the badge at 0 and counts the lines stored in cartItemCount', () => {
    render(<CartLink />);
    const link = screen.getByRole('link', { name: 'Carrinho' });
    expect(link.getAttribute('href')).toBe('/carrinho');
    expect(link.textContent).toBe('');

    act(() => writeSession('cartItemCount', 1));
    expect(screen.getByRole('link', { name: 'Carrinho, 1 item' }).textContent).toBe('1');
    act(() => writeSession('cartItemCount', 3));
    expect(screen.getByRole('link', { name: 'Carrinho, 3 itens' }).textContent).toBe('3');
    act(() => writeSession('cartItemCount', 0));
    expect(screen.getByRole('link', { name: 'Carrinho' }).textContent).toBe('');
  });
});

describe('account block', () => {
  it("offers 'Minha Conta' / 'Entrar / Cadastrar' to a visitor, even with a blank stored name", () => {
    writeSession('nome', '   ');
    render(<AccountLink />);
    const link = screen.getByRole('link', { name: /Minha Conta/ });
    expect(link.getAttribute('href')).toBe('/login');
    expect(link.textContent).toContain('Entrar / Cadastrar');
  });

  it("shows the stored name and 'Meus Pedidos' once signed in", () => {
    render(<AccountLink />);
    act(() => writeSession('nome', 'Maria Souza'));
    expect(screen.getByText('Maria Souza')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Meus Pedidos' }).getAttribute('href')).toBe('/meusPedidos');
    expect(screen.queryByText('Minha Conta')).toBeNull();
  });
});

describe('desktop category bar', () => {
  // A desktop's window: every min-width query of the theme's breakpoints matches (setup.ts's
  // stub matches none, a phone).
  const phoneMatchMedia = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = (query: string) => ({
      ...phoneMatchMedia(query),
      matches: query.includes('min-width'),
    });
  });
  afterEach(() => {
    window.matchMedia = phoneMatchMedia;
  });

  it('links every category and subcategory, spelled exactly', () => {
    render(<CategoryBar />);
    const hrefs = Array.from(document.querySelectorAll('nav a')).map((a) =>
      decodeURIComponent(a.getAttribute('href') ?? ''),
    );
    for (const category of CATEGORIES) {
      expect(hrefs).toContain(`/produtos/${category.slug}`);
      for (const sub of category.subcategories)
        expect(hrefs).toContain(`/produtos/${category.slug}/${sub.segment}`);
    }
    expect(hrefs).toContain('/produtos/Acessorios para Pintura/Broxa, Trincha e Rolo');
  });

  it('opens one dropdown at a time by hover or by its button, and Escape closes it', async () => {
    const user = userEvent.setup();
    render(<CategoryBar />);
    const nav = screen.getByRole('navigation', { name: 'Categorias' });
    const banheiro = within(nav).getByRole('button', { name: 'Subcategorias de Banheiro' });
    const ferramentas = within(nav).getByRole('button', { name: 'Subcategorias de Ferramentas' });

    await user.hover(within(nav).getByRole('link', { name: 'Banheiro' }));
    expect(banheiro.getAttribute('aria-expanded')).toBe('true');
    await user.hover(within(nav).getByRole('link', { name: 'Ferramentas' }));
    expect(banheiro.getAttribute('aria-expanded')).toBe('false');
    expect(ferramentas.getAttribute('aria-expanded')).toBe('true');
    await user.unhover(within(nav).getByRole('link', { name: 'Ferramentas' }));
    expect(ferramentas.getAttribute('aria-expanded')).toBe('false');

    await user.click(banheiro);
    expect(banheiro.getAttribute('aria-expanded')).toBe('true');
    expect(within(nav).getByRole('link', { name: 'Chuveiros' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(banheiro.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(banheiro);
  });
});

describe('mobile menu', () => {
  it("uses the mobile labels and the 'kiy' segment, and every link closes it", async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<MobileMenu opened onClose={onClose} />);
    const drawer = await screen.findByRole('dialog');
    expect(
      within(drawer)
        .getByRole('link', { name: /Minha Conta/ })
        .getAttribute('href'),
    ).toBe('/login');
    expect(within(drawer).getByRole('link', { name: 'Entrar' }).getAttribute('href')).toBe('/entrar');

    await user.click(within(drawer).getByRole('button', { name: 'Acessórios para Pintura' }));
    const kit = await within(drawer).findByRole('link', { name: 'Kit' });
    expect(decodeURIComponent(kit.getAttribute('href')!)).toBe('/produtos/Acessorios para Pintura/kiy');

    await user.click(within(drawer).getByRole('button', { name: 'Banheiro' }));
    // One name, one place: two links that once shared a name now say what they open.
    const torneiras = await within(drawer).findAllByRole('link', { name: 'Torneiras para Banheiro' });
    expect(torneiras.map((a) => a.getAttribute('href'))).toEqual([
      '/produtos/banheiro/torneiras-para-banheiro',
    ]);
    const loucas = within(drawer).getAllByRole('link', { name: 'Louças Sanitárias' });
    expect(loucas.map((a) => a.getAttribute('href'))).toEqual(['/produtos/banheiro/loucas-sanitarias']);

    await user.click(kit);
    expect(onClose).toHaveBeenCalled();
  });
});
