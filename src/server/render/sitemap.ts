import { paths } from '../../config/paths';
import { CATEGORIES } from '../../domain/categories';
import type { Db } from '../db/client';
import { activeProductCount, activeProductIdAt, activeProductIdsAfter } from '../services/active-products';

// The sitemap of the catalogue (sitemaps.org): the home, the listings of every category and
// subcategory, and every active product. Products are read in keyset batches and written as they
// come, so 50,000 products never sit in memory at once. One file holds at most 50,000 addresses
// (the protocol's limit); a larger catalogue gets an index of parts.

export const SITEMAP_MAX_URLS = 50_000;
const BATCH = 5_000;

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const urlEntry = (loc: string) => `<url><loc>${escapeXml(loc)}</loc></url>\n`;

/** Home, all products, and each category and subcategory listing. */
export function listingPaths(): string[] {
  return [
    paths.home,
    paths.products,
    ...CATEGORIES.flatMap((category) => [
      paths.category(category.slug),
      ...category.subcategories.map((sub) => paths.category(category.slug, sub.segment)),
    ]),
  ];
}

/** How many files the sitemap needs: 1 means /sitemap.xml is itself the list. */
export async function sitemapParts(db: Db, maxUrls = SITEMAP_MAX_URLS): Promise<number> {
  const total = listingPaths().length + (await activeProductCount(db));
  return Math.max(1, Math.ceil(total / maxUrls));
}

/** The index of a sitemap split into parts (`/sitemap.xml?parte=N`). */
export function sitemapIndex(origin: string, parts: number): string {
  const entries = Array.from(
    { length: parts },
    (_, index) => `<sitemap><loc>${escapeXml(`${origin}/sitemap.xml?parte=${index + 1}`)}</loc></sitemap>\n`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('')}</sitemapindex>\n`;
}

/** One part of the sitemap (1-based): the listings first, then products in id order. */
export async function* sitemapUrls(
  db: Db,
  origin: string,
  part = 1,
  maxUrls = SITEMAP_MAX_URLS,
): AsyncGenerator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
  const listings = listingPaths();
  const first = (part - 1) * maxUrls;
  const end = first + maxUrls;
  for (let index = first; index < Math.min(end, listings.length); index += 1)
    yield urlEntry(`${origin}${listings[index]}`);
  let offset = Math.max(0, first - listings.length);
  let remaining = end - Math.max(first, listings.length);
  let after = 0;
  if (offset > 0) {
    // The part starts inside the product list: find the id just before it.
    after = (await activeProductIdAt(db, offset - 1)) ?? Number.MAX_SAFE_INTEGER;
    offset = 0;
  }
  while (remaining > 0) {
    const batch = await activeProductIdsAfter(db, after, Math.min(BATCH, remaining));
    if (batch.length === 0) break;
    yield batch.map((idprd) => urlEntry(`${origin}${paths.product(idprd)}`)).join('');
    after = batch[batch.length - 1]!;
    remaining -= batch.length;
  }
  yield '</urlset>\n';
}
