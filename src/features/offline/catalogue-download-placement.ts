import { paths } from '../../config/paths';

/** What decides whether 'Baixar catálogo para uso offline' is offered on a screen. */
export interface DownloadPlace {
  pathname: string;
  /** A store tablet paired by staff: it offers the download on every screen but the checkout. */
  storeTablet?: boolean;
}

const isUnder = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

/**
 * The download helps where a shopper browses (home, listings and search) and in the account area;
 * a store tablet offers it everywhere. Never over the checkout, where it would sit beside payment.
 */
export function offersCatalogueDownload({ pathname, storeTablet = false }: DownloadPlace): boolean {
  if (isUnder(pathname, paths.checkout)) return false;
  if (storeTablet) return true;
  return (
    pathname === paths.home ||
    pathname === paths.homeAlias ||
    isUnder(pathname, paths.products) ||
    pathname.startsWith('/pesquisar/') ||
    pathname === paths.customerArea
  );
}
