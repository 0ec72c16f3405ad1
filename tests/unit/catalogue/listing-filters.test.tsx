import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '../test-utils/render';
import { AppliedFilters } from '../../../src/features/catalogue/components/applied-filters';
import { ListingFilters } from '../../../src/features/catalogue/components/listing-filters';
import type { Facet, PriceRange } from '../../../src/api/products';

const facets: Facet[] = [
  { tipo: 'marca', id: 3, descricao: 'Deca', quantidade: 10 },
  { tipo: 'marca', id: 7, descricao: 'Lorenzetti', quantidade: 4 },
  { tipo: 'cat', id: 12, descricao: 'Chuveiros', quantidade: 9 },
  { tipo: 'cat', id: 14, descricao: 'Cubas', quantidade: 5 },
];
const ranges: PriceRange[] = [
  { codigo: '0a50', ate: 'Até R$ 50,00', minimo: 0, maximo: 50, quantidade: 6 },
  { codigo: '50a100', ate: 'R$ 50,00 até R$ 100,00', minimo: 50, maximo: 100, quantidade: 8 },
];

describe('ListingFilters', () => {
  it('applies brands (several), categories (several) and one price range only on Filtrar', async () => {
    const onApply = vi.fn();
    render(
      <ListingFilters
        facets={facets}
        priceRanges={ranges}
        applied={{ marca: [], cat: [], precos: '' }}
        onApply={onApply}
        idPrefix="t"
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: /Deca/ }));
    await user.click(screen.getByRole('checkbox', { name: /Lorenzetti/ }));
    await user.click(screen.getByRole('checkbox', { name: /Cubas/ }));
    await user.click(screen.getByRole('radio', { name: /Até R\$ 50,00/ }));
    await user.click(screen.getByRole('radio', { name: /R\$ 50,00 até R\$ 100,00/ }));
    expect(onApply).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(onApply).toHaveBeenCalledWith({ marca: [3, 7], cat: [14], precos: '50a100' });
  });

  it('shows the server labels and counts, starts from the applied filters and can clear them', async () => {
    const onApply = vi.fn();
    render(
      <ListingFilters
        facets={facets}
        priceRanges={ranges}
        applied={{ marca: [7], cat: [], precos: '0a50' }}
        onApply={onApply}
        idPrefix="t"
      />,
    );
    expect((screen.getByRole('checkbox', { name: 'Lorenzetti (4)' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Deca (10)' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('radio', { name: 'Até R$ 50,00 (6)' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Limpar filtros' }));
    expect(onApply).toHaveBeenCalledWith({ marca: [], cat: [], precos: '' });
  });
});

describe('chosen filters stay removable', () => {
  it('keeps a chosen brand the answer no longer lists, ticked, so it can be unticked', async () => {
    const onApply = vi.fn();
    render(
      <ListingFilters
        facets={facets.filter((facet) => facet.id !== 7)}
        priceRanges={ranges}
        applied={{ marca: [7], cat: [], precos: 'acima1000' }}
        onApply={onApply}
        idPrefix="t"
      />,
    );
    const user = userEvent.setup();
    const gone = screen.getByRole('checkbox', { name: /código 7/ }) as HTMLInputElement;
    expect(gone.checked).toBe(true);
    expect((screen.getByRole('radio', { name: /acima1000/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(gone);
    await user.click(screen.getByRole('radio', { name: 'Qualquer preço' }));
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(onApply).toHaveBeenCalledWith({ marca: [], cat: [], precos: '' });
  });

  it('shows the applied filters as chips that remove themselves', async () => {
    const onApply = vi.fn();
    render(
      <AppliedFilters
        applied={{ marca: [3, 7], cat: [14], precos: '50a100' }}
        facets={facets}
        priceRanges={ranges}
        onApply={onApply}
      />,
    );
    const user = userEvent.setup();
    const group = screen.getByRole('group', { name: 'Filtros aplicados' });
    expect(group.textContent).toContain('Marca: Deca');
    await user.click(screen.getByRole('button', { name: 'Remover filtro Marca: Lorenzetti' }));
    expect(onApply).toHaveBeenLastCalledWith({ marca: [3], cat: [14], precos: '50a100' });
    await user.click(screen.getByRole('button', { name: 'Remover filtro Categoria: Cubas' }));
    expect(onApply).toHaveBeenLastCalledWith({ marca: [3, 7], cat: [], precos: '50a100' });
    await user.click(screen.getByRole('button', { name: 'Remover filtro Preço: R$ 50,00 até R$ 100,00' }));
    expect(onApply).toHaveBeenLastCalledWith({ marca: [3, 7], cat: [14], precos: '' });
    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    expect(onApply).toHaveBeenLastCalledWith({ marca: [], cat: [], precos: '' });
  });
});
