import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { lotes, products, stock } from '../db/schema';
import { refuse } from './domain-error';

/**
 * Units available for a product, or for one of its lotes (tiles must come from one shade).
 * Unknown product or lote: 404.
 */
export async function availableUnits(db: Db, idprd: number, loteId?: number): Promise<number> {
  const [product] = await db
    .select({ idprd: products.idprd, quantity: stock.quantity })
    .from(products)
    .leftJoin(stock, eq(stock.idprd, products.idprd))
    .where(and(eq(products.idprd, idprd), eq(products.active, true)));
  if (!product) throw refuse('not-found', 'Produto não encontrado.');
  if (loteId === undefined) return product.quantity ?? 0;
  const [lote] = await db
    .select({ quantity: lotes.quantity })
    .from(lotes)
    .where(and(eq(lotes.id, loteId), eq(lotes.idprd, idprd)));
  if (!lote) throw refuse('not-found', 'Lote não encontrado para este produto.');
  return lote.quantity;
}

export const unavailableMessage = (available: number) =>
  `Quantidade indisponível em estoque. Disponível: ${available}`;

/** APP_0034: 200 when `quantity` units are there, else 406 with the pt-BR message the shopper sees. */
export async function checkStock(
  db: Db,
  idprd: number,
  quantity: number,
  loteId?: number,
): Promise<{ resposta: string; disponivel: number }> {
  const available = await availableUnits(db, idprd, loteId);
  if (quantity > available)
    throw refuse('out-of-stock', unavailableMessage(available), { disponivel: available });
  return { resposta: 'Quantidade disponível em estoque.', disponivel: available };
}
