import { describe, expect, it } from 'vitest';
import { filterProducts, orderProducts, suggestFromIndex } from '../../../src/domain/offline-search';
import { buildIndex, type SearchableProduct } from '../../../src/domain/search-index';
import { sortProducts } from '../../../src/domain/search-rules';

// The catalogue as 'Baixar catálogo' keeps it: in relevance order (best sellers first). The toilet
// seat sells most and its brand is 'Porcelana Real', as in the seed.
const product = (
  idprd: number,
  descricao: string,
  descmarca: string,
  preco: number,
  nome_sub_grupo: string,
): SearchableProduct => ({ idprd, descricao, descmarca, idmarca: idprd, preco, nome_sub_grupo });
const copy = [
  product(7, 'Assento Sanitário Soft Close Branco', 'Porcelana Real', 149.9, 'assentos-sanitarios'),
  product(3, 'Porcelanato Polido 60x60 Branco', 'Portobello', 89.9, 'pisosporcelanatos'),
  product(9, 'Assento Sanitário Almofadado', 'Porcelana Real', 79.9, 'assentos-sanitarios'),
  product(1, 'Disco Diamantado Porcelanato 110mm', 'Vonder', 39.9, 'discos'),
  product(5, 'Revestimento Porcelânico 30x60', 'Eliane', 69.9, 'revestimentos'),
];
const index = buildIndex(copy);
const ids = (products: Array<{ idprd: number }>) => products.map((found) => found.idprd);

describe('search rules shared by APP_0027/APP_0028 and the downloaded catalogue', () => {
  it("ranks porcelanato first for 'porcel': the name is searched, not the brand, best sellers first", () => {
    const answer = suggestFromIndex(index, 'porcel');
    expect(ids(answer.produtos)).toEqual([3, 1, 5]);
    expect(answer.produtos[0].descricao).toBe('Porcelanato Polido 60x60 Branco');
    // The suggestions are spelled as shown online, accents kept; the brand is a term too.
    const terms = answer.sugestao.map((term) => term.descricao);
    expect(terms[0]).toBe('porcelanato');
    expect(terms).toContain('porcelânico');
    expect(ids(filterProducts(index, { produto: 'porcel' }))).toEqual([3, 1, 5]);
  });

  it('orders a listing by the keys the server sorts by, the copy standing for sales', () => {
    const found = filterProducts(index, { produto: 'porcel' });
    expect(ids(orderProducts(index, found, 'relevancia'))).toEqual([3, 1, 5]);
    expect(ids(orderProducts(index, found, 'menor_preco'))).toEqual([1, 5, 3]);
    expect(ids(orderProducts(index, found, 'maior_preco'))).toEqual([3, 5, 1]);
    expect(ids(orderProducts(index, found, 'nome'))).toEqual([1, 3, 5]);
  });

  it('breaks ties by product code', () => {
    const same = [product(8, 'B', 'x', 10, 's'), product(2, 'A', 'x', 10, 's')];
    expect(
      ids(sortProducts(same, 'menor_preco', (item, key) => (key === 'preco' ? item.preco : item.idprd))),
    ).toEqual([2, 8]);
  });
});
