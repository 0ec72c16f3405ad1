import { productImageUrl } from '../config/env';
import { paths } from '../config/paths';
import { ALL_PRODUCTS_TITLE, findCategory, listingTrail } from '../domain/categories';
import { isValidGtin13 } from '../domain/gtin';
import { titleFromSlug } from '../domain/texts';
import {
  SOCIAL_LINKS,
  STORE_LEGAL_NAME,
  STORE_NAME,
  SUPPORT_EMAIL,
  SUPPORT_PHONE_LINK,
} from '../domain/store';
import { loadedProduct } from '../features/catalogue/api/get-product';
import { listingPageTitle } from '../features/catalogue/lib/listing-params';
import { SHARE_IMAGE } from './page-meta';
import type { ScreenName } from './router';
import type { RouteContext } from './screen';

// schema.org structured data (JSON-LD) of the server-rendered pages, as Google's merchant listings,
// breadcrumbs and sitelinks search box read it (docs/html-and-metadata.md). Only the server render
// imports this module (src/entry-server.tsx), so it adds nothing to the browser's JavaScript.

const SCHEMA = 'https://schema.org';

interface Crumb {
  name: string;
  path: string;
}

function breadcrumbList(crumbs: Crumb[], origin: string) {
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: new URL(crumb.path, origin).href,
    })),
  };
}

const HOME_CRUMB: Crumb = { name: 'Início', path: paths.home };

/** The home: the store as an organisation, and the site with its search. */
function storeData(origin: string) {
  const home = new URL(paths.home, origin).href;
  return [
    {
      '@context': SCHEMA,
      '@type': 'Organization',
      name: STORE_NAME,
      legalName: STORE_LEGAL_NAME,
      url: home,
      logo: new URL(SHARE_IMAGE.path, origin).href,
      email: SUPPORT_EMAIL,
      telephone: SUPPORT_PHONE_LINK.replace(/^tel:/, ''),
      sameAs: SOCIAL_LINKS.map((link) => link.url),
    },
    {
      '@context': SCHEMA,
      '@type': 'WebSite',
      name: STORE_NAME,
      url: home,
      inLanguage: 'pt-BR',
      potentialAction: {
        '@type': 'SearchAction',
        target: {
          '@type': 'EntryPoint',
          // The search route with the term as its last segment (paths.search encodes it the same way).
          urlTemplate: new URL(paths.search('{search_term_string}'), origin).href.replace(
            encodeURIComponent('{search_term_string}'),
            '{search_term_string}',
          ),
        },
        'query-input': 'required name=search_term_string',
      },
    },
  ];
}

/** A product page: the product with its offer (price in BRL, stock), and its breadcrumb. */
function productData(id: string | undefined, { queryClient }: RouteContext, origin: string) {
  const detail = loadedProduct(queryClient, id);
  const product = detail?.produtos[0];
  if (!detail || !product) return [];
  const url = new URL(paths.product(product.idprd), origin).href;
  const imageNumbers = detail.imagens.length ? detail.imagens.map((image) => image.n) : [1];
  const perSquareMetre = product.multiploprdvenda !== null;
  const crumbs: Crumb[] = [HOME_CRUMB];
  if (product.nome_grupo)
    crumbs.push({
      name: findCategory(product.nome_grupo)?.label ?? titleFromSlug(product.nome_grupo),
      path: paths.category(product.nome_grupo),
    });
  crumbs.push({ name: product.descricao, path: paths.product(product.idprd) });
  return [
    {
      '@context': SCHEMA,
      '@type': 'Product',
      name: product.descricao,
      description: (product.info_grupo || product.descricao).slice(0, 5000),
      sku: String(product.idprd),
      ...(product.gtin && isValidGtin13(product.gtin) ? { gtin13: product.gtin } : {}),
      image: imageNumbers.map((n) => new URL(productImageUrl(product.idprd, n), origin).href),
      ...(product.descmarca ? { brand: { '@type': 'Brand', name: product.descmarca } } : {}),
      offers: {
        '@type': 'Offer',
        url,
        // The price the page shows first: of one m² for tiles sold in boxes, of one unit otherwise.
        price: product.preco.toFixed(2),
        priceCurrency: 'BRL',
        ...(perSquareMetre
          ? {
              priceSpecification: {
                '@type': 'UnitPriceSpecification',
                price: product.preco.toFixed(2),
                priceCurrency: 'BRL',
                referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MTK' },
              },
            }
          : {}),
        availability: `${SCHEMA}/${(product.estoque ?? 0) > 0 ? 'InStock' : 'OutOfStock'}`,
        itemCondition: `${SCHEMA}/NewCondition`,
        seller: { '@type': 'Organization', name: STORE_NAME },
      },
    },
    breadcrumbList(crumbs, origin),
  ];
}

/** A listing or search page: where it sits in the catalogue. */
function listingData(params: Record<string, string | undefined>, url: URL) {
  const { categoria, subcategoria, produto } = params;
  const crumbs: Crumb[] = [HOME_CRUMB];
  if (produto?.trim()) {
    crumbs.push({ name: listingPageTitle({ produto }), path: url.pathname });
  } else if (!categoria) {
    crumbs.push({ name: ALL_PRODUCTS_TITLE, path: paths.products });
  } else {
    const [category, subcategory] = listingTrail(categoria, subcategoria);
    crumbs.push({ name: category!, path: paths.category(categoria) });
    if (subcategoria && subcategory)
      crumbs.push({ name: subcategory, path: paths.category(categoria, subcategoria) });
  }
  return [breadcrumbList(crumbs, url.origin)];
}

/** The JSON-LD objects of a rendered screen (none for most). */
export function structuredDataFor(
  screen: string | undefined,
  { params, url }: { params: Record<string, string | undefined>; url: URL },
  context: RouteContext,
): object[] {
  switch (screen as ScreenName | undefined) {
    case 'home':
      return storeData(url.origin);
    case 'product':
      return productData(params.id, context, url.origin);
    case 'listing':
      return listingData(params, url);
    default:
      return [];
  }
}
