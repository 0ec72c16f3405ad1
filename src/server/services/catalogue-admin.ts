import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { products } from '../db/schema';
import { refuse } from './domain-error';

/** A price change made at the counter (and the browser tests' way to reprice a product). */
export async function setProductPrice(db: Db, idprd: number, priceCentavos: number): Promise<void> {
  const updated = await db
    .update(products)
    .set({ priceCentavos })
    .where(eq(products.idprd, idprd))
    .returning({ idprd: products.idprd });
  if (updated.length === 0) throw refuse('not-found', 'Produto não encontrado.');
}

/** Takes a product off sale (or back): it leaves listings and detail, and orders refuse it. */
export async function setProductActive(db: Db, idprd: number, active: boolean): Promise<void> {
  const updated = await db
    .update(products)
    .set({ active })
    .where(eq(products.idprd, idprd))
    .returning({ idprd: products.idprd });
  if (updated.length === 0) throw refuse('not-found', 'Produto não encontrado.');
}
