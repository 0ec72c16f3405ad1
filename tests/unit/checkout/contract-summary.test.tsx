import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ContractSummary } from '../../../src/features/checkout/components/contract-summary';
import { checkoutTotals } from '../../../src/features/checkout/lib/checkout-rules';
import type { CartLine, ShippingOption } from '../../../src/storage/db';
import { render } from '../test-utils/render';

// Decreto 7.962/2013 art. 4: the checkout's last step states the contract before the buttons.

const lines: CartLine[] = [
  { id: '12', name: 'Torneira de Mesa Cromada', price: 129.9, quantity: 2, multiploprdvenda: '' } as CartLine,
];
const tiles: CartLine[] = [
  { id: '31', name: 'Piso Cerâmico 60x60', price: 40, quantity: 3, multiploprdvenda: '2,5' } as CartLine,
];
const truck = { id: 102, name: 'Entrega Programada', price: 43.99 } as ShippingOption;

describe('contract summary', () => {
  it('states the items, freight, payment terms, total, the right of withdrawal and links the terms', () => {
    render(
      <ContractSummary
        lines={lines}
        totals={checkoutTotals(lines, truck)}
        method="pix"
        shippingName="Entrega Programada"
      />,
    );
    const summary = screen.getByRole('region', { name: 'Resumo do contrato' });
    const text = summary.textContent!.replace(/\u00a0/g, ' ');
    expect(text).toContain('2 x Torneira de Mesa CromadaR$ 259,80');
    expect(text).toContain('Frete (Entrega Programada)R$ 43,99');
    // Pix takes 5% off the products only (R$ 259,80 -> R$ 246,81), plus the freight.
    expect(text).toContain('TotalR$ 290,80');
    expect(text).toContain('Pagamento: PIX à vista, com 5% de desconto sobre os produtos (R$ 259,80).');
    expect(text).toContain('você pode desistir da compra em até 7 dias após o recebimento');
    expect(screen.getByRole('link', { name: 'Termos e condições de compra' }).getAttribute('href')).toBe(
      '/termos',
    );
  });

  it('counts boxes sold per m² as every screen does: boxes, with their area', () => {
    render(
      <ContractSummary lines={tiles} totals={checkoutTotals(tiles, truck)} method="credit" shippingName="" />,
    );
    const text = screen
      .getByRole('region', { name: 'Resumo do contrato' })
      .textContent!.replace(/\u00a0/g, ' ');
    // 3 boxes of 2,5 m² at R$ 40,00 the m².
    expect(text).toContain('3 cx (7,50 m²) x Piso Cerâmico 60x60R$ 300,00');
  });

  it('offers the card in as many instalments as the total allows, never more', () => {
    const renderFor = (items: CartLine[]) =>
      render(
        <ContractSummary
          lines={items}
          totals={checkoutTotals(items, truck)}
          method="credit"
          shippingName=""
        />,
      );
    // R$ 343,99: 10x of at least R$ 10,00.
    renderFor(tiles);
    expect(screen.getByText(/^Pagamento: cartão de crédito em até 10x;/)).toBeTruthy();
    cleanup();
    // R$ 53,89: 6x of R$ 8,98 would fall under the R$ 10,00 minimum; 5x of R$ 10,78 is the last.
    const cheap = [{ ...lines[0], price: 9.9, quantity: 1 }];
    renderFor(cheap);
    expect(screen.getByText(/^Pagamento: cartão de crédito em até 5x;/)).toBeTruthy();
  });
});
