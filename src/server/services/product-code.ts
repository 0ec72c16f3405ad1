import { sql } from 'drizzle-orm';
import type { ProductSummary } from '../../api/products';
import { SUGGESTION_LIMIT } from '../../domain/catalogue-limits';
import { withCodedProductFirst } from '../../domain/offline-search';
import { productCodeOf } from '../../domain/gtin';
import type { Db } from '../db/client';
import { suggest, type Suggestions } from './search';
import { selectProducts } from './search-products';

// Barcode lookup (store mode): what a handheld scanner or the camera reads is a GTIN-13, and staff
// also type a product's reference (its id). Both search paths (suggestions, listing) ask here.

/**
 * The product a scanner or a person typed the code of: a valid GTIN-13 or a reference (idprd),
 * or undefined (src/domain/gtin.ts says what counts as a code).
 */
export async function findCodedProduct(db: Db, text: string): Promise<ProductSummary | undefined> {
  const code = productCodeOf(text);
  if (!code) return undefined;
  const where = 'gtin' in code ? sql`p.gtin = ${code.gtin}` : sql`p.idprd = ${code.reference}`;
  const [found] = await selectProducts(db, where, sql`p.idprd`, 1);
  return found;
}

/** APP_0028: a typed GTIN's or reference's product first, then the text matches. */
export async function suggestionsWithCodedProduct(db: Db, text: string): Promise<Suggestions> {
  const answer = await suggest(db, text);
  return withCodedProductFirst(answer, await findCodedProduct(db, text), SUGGESTION_LIMIT);
}

/** APP_0027 produto=: a GTIN (13 digits and a check digit, never a word) is its product alone. */
export async function productByGtin(db: Db, text: string | undefined): Promise<ProductSummary | undefined> {
  const code = text ? productCodeOf(text) : undefined;
  return code && 'gtin' in code ? findCodedProduct(db, text!) : undefined;
}
