import { describe, expect, it } from 'vitest';
import {
  filtersFromSearch,
  listingQuery,
  searchFromFilters,
} from '../../../src/features/catalogue/lib/listing-params';

describe('listing filters in the URL', () => {
  it('writes brand and category lists hyphen-joined, one price range, and leaves page 1 out', () => {
    const search = searchFromFilters({ marca: [7, 3], cat: [12], precos: '50a100' });
    expect(search.toString()).toBe('marca=3-7&cat=12&precos=50a100');
    expect(searchFromFilters({ marca: [], cat: [], precos: '' }, 3).toString()).toBe('pagina=3');
  });

  it('reads back what it wrote, so a shared link shows the same listing', () => {
    const filters = { marca: [3, 7], cat: [12, 14], precos: '0a50' };
    expect(filtersFromSearch(searchFromFilters(filters, 2))).toEqual({ ...filters, pagina: 2 });
  });

  it('ignores malformed values instead of failing', () => {
    const parsed = filtersFromSearch(new URLSearchParams('marca=3-x-3-0&cat=&precos=<b>&pagina=-2'));
    expect(parsed).toEqual({ marca: [3], cat: [], precos: '', pagina: 1 });
  });

  it('combines the route (category, subcategory, search term) with the filters', () => {
    const query = listingQuery(
      { categoria: 'banheiro', subcategoria: 'chuveiros' },
      new URLSearchParams('marca=5&pagina=2'),
    );
    expect(query).toEqual({
      produto: '',
      grupo: 'banheiro',
      subgrupo: 'chuveiros',
      marca: [5],
      cat: [],
      precos: '',
      pagina: 2,
    });
    expect(listingQuery({ produto: ' torneira ' }, new URLSearchParams()).produto).toBe('torneira');
  });
});
