import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { render } from '../test-utils/render';
import { OrderItems } from '../../../src/features/orders/components/order-items';

const cells = (name: string) =>
  within(screen.getByRole('row', { name: new RegExp(name) }))
    .getAllByRole('cell')
    .map((cell) => (cell.textContent ?? '').replace(/\s/g, ' '));

describe('an order’s items', () => {
  it('counts boxes of a tile sold per m², with the m² they cover and the price per m²', () => {
    render(
      <OrderItems
        items={[
          {
            id: 1,
            idprd: 1219,
            name: 'Porcelanato Acetinado 60x60',
            quantity: 2,
            codundvenda: 'M2',
            price: 59.9,
            total_item: 258.77,
            multiploprdvenda: 2.16,
          },
          {
            id: 2,
            idprd: 1175,
            name: 'Torneira de Parede',
            quantity: 3,
            codundvenda: 'UN',
            price: 24.9,
            total_item: 74.7,
            multiploprdvenda: null,
          },
        ]}
      />,
    );
    // 2 boxes x 2,16 m² = 4,32 m², x R$ 59,90 = R$ 258,77: the figures agree with each other.
    expect(cells('Porcelanato')).toEqual([
      'Porcelanato Acetinado 60x60',
      '2 cx (4,32 m²)',
      'R$ 59,90/m²',
      'R$ 258,77',
    ]);
    expect(cells('Torneira')).toEqual(['Torneira de Parede', '3 UN', 'R$ 24,90', 'R$ 74,70']);
  });
});
