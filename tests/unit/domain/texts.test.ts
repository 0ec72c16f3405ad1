import { describe, expect, it } from 'vitest';
import { itemCountLabel, ordersFoundLabel, titleFromSlug } from '../../../src/domain/texts';

describe('texts', () => {
  it("says 'item' or 'itens'", () => {
    expect(itemCountLabel(1)).toBe('1 item');
    expect(itemCountLabel(0)).toBe('0 itens');
    expect(itemCountLabel(3)).toBe('3 itens');
  });

  it('counts orders found', () => {
    expect(ordersFoundLabel(1)).toBe('1 pedido encontrado');
    expect(ordersFoundLabel(0)).toBe('0 pedidos encontrados');
    expect(ordersFoundLabel(12)).toBe('12 pedidos encontrados');
  });

  it('turns hyphens into spaces', () => {
    expect(titleFromSlug('pias-e-cubas-para-cozinha')).toBe('pias e cubas para cozinha');
    expect(titleFromSlug('Acessorios%20para%20Pintura')).toBe('Acessorios para Pintura');
    expect(titleFromSlug('100%-algodao')).toBe('100% algodao');
    expect(titleFromSlug(undefined)).toBe('');
  });
});
