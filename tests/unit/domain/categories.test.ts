import { describe, expect, it } from 'vitest';
import {
  CATEGORIES,
  canonicalSubcategory,
  categoryMenu,
  findCategory,
  findSubcategory,
  listingTitle,
} from '../../../src/domain/categories';

describe('categories', () => {
  it('has the six categories with the route spellings, in menu order', () => {
    expect(CATEGORIES.map((category) => category.slug)).toEqual([
      'Acessorios para Pintura',
      'banheiro',
      'cozinha-e-lavanderia',
      'ferramentas',
      'pisos-e-revestimentos',
      'mat-hidraulico',
    ]);
  });

  it('has every subcategory segment exactly as spelled', () => {
    const segments = Object.fromEntries(
      CATEGORIES.map((category) => [category.slug, category.subcategories.map((s) => s.segment)]),
    );
    expect(segments).toEqual({
      'Acessorios para Pintura': ['Broxa, Trincha e Rolo', 'lixa', 'tinta', 'bandeja', 'kit'],
      banheiro: [
        'acessorios-para-banheiro',
        'acessorios-para-chuveiro',
        'assentos-sanitarios',
        'chuveiros',
        'cubas',
        'duchas-higienicas',
        'moveis-para-banheiro',
        'loucas-sanitarias',
        'torneiras-para-banheiro',
      ],
      'cozinha-e-lavanderia': [
        'pias-e-cubas-para-cozinha',
        'produtos-para-lavanderia',
        'purificadores',
        'torneiras-para-cozinha',
      ],
      ferramentas: ['disco', 'ferramentas-manuais', 'aplicacao-e-acabamento'],
      'pisos-e-revestimentos': ['pisosporcelanatos', 'revestimentos', 'piso-popular'],
      'mat-hidraulico': [
        'acessorios',
        'registro-base-e-valvula',
        'caixa-sifonada-inspecao-e-gordura',
        'caixa-dagua',
        'ralo-e-grelha',
        'sifao',
      ],
    });
  });

  it("gives the mobile menu the 'kiy' link labelled Kit and the odd 'loucas-sanitarias' label", () => {
    const mobile = categoryMenu('mobile');
    const desktop = categoryMenu('desktop');
    expect(mobile[0].links.at(-1)).toEqual({
      label: 'Kit',
      categoria: 'Acessorios para Pintura',
      subcategoria: 'kiy',
    });
    expect(desktop[0].links.at(-1)).toEqual({
      label: 'Kit',
      categoria: 'Acessorios para Pintura',
      subcategoria: 'kit',
    });
    const louças = (menu: typeof mobile) =>
      menu[1].links.find((link) => link.subcategoria === 'loucas-sanitarias');
    expect(louças(mobile)?.label).toBe('Louças Sanitárias');
    expect(louças(desktop)?.label).toBe('Louças Sanitárias');
    expect(desktop[4].links.map((link) => link.label)).toEqual(['Porcelanatos', 'Revestimentos', 'Pisos']);
  });

  it("resolves 'kiy' to 'kit' and finds categories ignoring case and accents", () => {
    expect(canonicalSubcategory('kiy')).toBe('kit');
    expect(canonicalSubcategory('chuveiros')).toBe('chuveiros');
    expect(findSubcategory('kiy', 'Acessorios para Pintura')?.subcategory.segment).toBe('kit');
    expect(findCategory('acessórios PARA pintura')?.slug).toBe('Acessorios para Pintura');
    expect(findCategory('jardinagem')).toBeUndefined();
    expect(findSubcategory('chuveiros', 'ferramentas')).toBeUndefined();
    expect(findSubcategory('chuveiros')?.category.slug).toBe('banheiro');
  });

  it("titles a listing with the menu's labels, or Todos os produtos", () => {
    expect(listingTitle()).toBe('Todos os produtos');
    expect(listingTitle('cozinha-e-lavanderia')).toBe('Cozinha e Lavanderia');
    expect(listingTitle('pisos-e-revestimentos', 'pisosporcelanatos')).toBe(
      'Pisos e Revestimentos / Porcelanatos',
    );
    expect(listingTitle('banheiro', 'duchas-higienicas')).toBe('Banheiro / Duchas Higiênicas');
    expect(listingTitle('Acessorios para Pintura', 'kiy')).toBe('Acessórios para Pintura / Kit');
  });

  it('titles a segment the menu does not know with hyphens as spaces', () => {
    expect(listingTitle('jardim-e-varanda')).toBe('jardim e varanda');
    expect(listingTitle('banheiro', 'espelhos-redondos')).toBe('Banheiro / espelhos redondos');
  });
});
