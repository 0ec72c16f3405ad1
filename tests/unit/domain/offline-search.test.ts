import { describe, expect, it } from 'vitest';
import {
  buildIndex,
  facetsOf,
  filterProducts,
  normalize,
  searchProducts,
  suggest,
  withinOneEdit,
} from '../../../src/domain/offline-search';

const catalogue = buildIndex([
  {
    idprd: 1,
    descricao: 'Porcelanato Acetinado 60x60 Bege',
    descmarca: 'Portobello',
    idmarca: 10,
    nome_grupo: 'pisos-e-revestimentos',
    nome_sub_grupo: 'pisosporcelanatos',
    idsubgrupo: 100,
    preco: 59.9,
  },
  {
    idprd: 2,
    descricao: 'Torneira de Mesa Cromada para Cozinha',
    descmarca: 'Docol',
    idmarca: 11,
    nome_grupo: 'cozinha-e-lavanderia',
    nome_sub_grupo: 'torneiras-para-cozinha',
    idsubgrupo: 200,
    preco: 129.9,
  },
  {
    idprd: 3,
    descricao: 'Chuveiro Elétrico Ducha 220V',
    descmarca: 'Lorenzetti',
    idmarca: 12,
    nome_grupo: 'banheiro',
    nome_sub_grupo: 'chuveiros',
    idsubgrupo: 300,
    preco: 89.9,
  },
  {
    idprd: 4,
    descricao: 'Kit Pincel e Rolo',
    descmarca: 'Atlas',
    idmarca: 13,
    nome_grupo: 'Acessorios para Pintura',
    nome_sub_grupo: 'kit',
    idsubgrupo: 400,
    preco: 25,
  },
]);
const ids = (products: Array<{ idprd: number }>) => products.map((product) => product.idprd);

describe('offline catalogue search', () => {
  it('ignores case and accents', () => {
    expect(normalize('Chuveiro ELÉTRICO')).toBe('chuveiro eletrico');
    expect(ids(searchProducts(catalogue, 'eletrico'))).toEqual([3]);
    expect(ids(searchProducts(catalogue, 'TORNEIRA cromada'))).toEqual([2]);
  });

  it('matches word prefixes, every typed word required', () => {
    expect(ids(searchProducts(catalogue, 'porc'))).toEqual([1]);
    expect(ids(searchProducts(catalogue, 'torn coz'))).toEqual([2]);
    expect(ids(searchProducts(catalogue, 'torneira banheiro'))).toEqual([]);
  });

  it('forgives one typo per word when the exact search finds nothing', () => {
    expect(ids(searchProducts(catalogue, 'porcelanto'))).toEqual([1]);
    expect(ids(searchProducts(catalogue, 'chuvero'))).toEqual([3]);
    expect(ids(searchProducts(catalogue, 'tornira'))).toEqual([2]);
    expect(ids(searchProducts(catalogue, 'xyzxyz'))).toEqual([]);
  });

  it('tells one edit from two', () => {
    expect(withinOneEdit('casa', 'cassa')).toBe(true);
    expect(withinOneEdit('casa', 'csaa')).toBe(true);
    expect(withinOneEdit('casa', 'caza')).toBe(true);
    expect(withinOneEdit('casa', 'czza')).toBe(false);
  });

  it('lists a category or subcategory as the route names it, with brand and subcategory filters', () => {
    expect(ids(filterProducts(catalogue, { grupo: 'banheiro' }))).toEqual([3]);
    expect(ids(filterProducts(catalogue, { grupo: 'Acessorios para Pintura', subgrupo: 'kiy' }))).toEqual([
      4,
    ]);
    expect(ids(filterProducts(catalogue, { marca: [10, 11] }))).toEqual([1, 2]);
    expect(ids(filterProducts(catalogue, { produto: 'c', cat: [300] }))).toEqual([3]);
  });

  it('gives brand then subcategory facets with counts', () => {
    const facets = facetsOf(filterProducts(catalogue, { marca: [10, 11] }));
    expect(facets.map((facet) => `${facet.tipo} ${facet.descricao} ${facet.quantidade}`)).toEqual([
      'marca Docol 1',
      'marca Portobello 1',
      'cat pisosporcelanatos 1',
      'cat torneiras-para-cozinha 1',
    ]);
  });

  it('suggests from 2 typed characters, at most 5 of each group', () => {
    expect(suggest(catalogue, 'c')).toEqual({ sugestao: [], produtos: [] });
    const answer = suggest(catalogue, 'chu');
    expect(answer.produtos).toEqual([{ descricao: 'Chuveiro Elétrico Ducha 220V', RowId: 1, idprd: 3 }]);
    expect(answer.sugestao).toEqual([{ descricao: 'chuveiros', RowId: 1 }]);
  });
});
