import { describe, expect, it } from 'vitest';
import { offersCatalogueDownload } from '../../../src/features/offline/catalogue-download-placement';

describe("where 'Baixar catálogo para uso offline' is offered", () => {
  it('on the home page, listings, search and the account area', () => {
    for (const pathname of [
      '/',
      '/home',
      '/produtos',
      '/produtos/banheiro',
      '/produtos/banheiro/chuveiros',
      '/produtos/pesquisar/torneira',
      '/pesquisar/torneira',
      '/meusPedidos',
    ])
      expect(offersCatalogueDownload({ pathname }), pathname).toBe(true);
  });

  it('not over the checkout, the cart, a product or the forms', () => {
    for (const pathname of ['/checkout', '/carrinho', '/produto/12', '/login', '/registro', '/faq'])
      expect(offersCatalogueDownload({ pathname }), pathname).toBe(false);
  });

  it('everywhere but the checkout on a store tablet', () => {
    expect(offersCatalogueDownload({ pathname: '/produto/12', storeTablet: true })).toBe(true);
    expect(offersCatalogueDownload({ pathname: '/checkout', storeTablet: true })).toBe(false);
  });
});
