import { sql } from 'drizzle-orm';
import {
  QUOTE_NOT_ANSWERED_MESSAGE,
  quoteConvertedMessage,
  quoteExpiredMessage,
} from '../../../domain/price-quotes';
import { formatIsoDate } from '../../../domain/store-calendar';
import type { Db } from '../../db/client';
import { refuse } from '../domain-error';
import type { OrderPayload } from '../orders/quote';
import type { OrderExtras } from '../orders/place';
import { customerQuote, dayOf, quoteLines, quoteRow, statusAt, type QuoteRow } from './quotes';

// A quote turned into an order (APP_0050 with `orcamento`): the normal checkout, but the lines,
// quantities and unit prices come from the quote's row. The quote is claimed inside the order's
// reservation (its row locked), so two submissions give one order and a second conversion is refused.

export interface QuoteOrder {
  id: number;
  /** The payload with the quote's lines (the client's prices kept beside them, only to be compared). */
  payload: OrderPayload;
  /** The quoted unit price per product, centavos. */
  prices: Map<number, number>;
  /** The seller who answered is credited with the sale, at the quote's store. */
  extras: OrderExtras;
  /** Inside the reservation: marks the quote converted into `orderId`, or refuses. */
  claim(tx: Db, orderId: number): Promise<void>;
}

/** Refuses a quote that cannot become an order at `now`. */
function checkConvertible(row: QuoteRow, now: Date): void {
  const status = statusAt(row, now);
  if (status === 'solicitado') throw refuse('conflict', QUOTE_NOT_ANSWERED_MESSAGE);
  if (status === 'convertido') throw refuse('conflict', quoteConvertedMessage(row.order_id));
  if (status === 'expirado')
    throw refuse('gone', quoteExpiredMessage(formatIsoDate(dayOf(row.valid_until)!)));
}

export async function quoteOrder(
  db: Db,
  customerId: number,
  payload: OrderPayload,
  id: number,
  now: Date,
): Promise<QuoteOrder> {
  const row = await customerQuote(db, customerId, id);
  checkConvertible(row, now);
  const lines = await quoteLines(db, id);
  const sent = new Map(payload.produtos.map((line) => [line.id, line]));
  return {
    id,
    payload: {
      ...payload,
      produtos: lines.map((line) => ({
        ...sent.get(Number(line.idprd)),
        id: Number(line.idprd),
        name: line.name,
        quantity: Number(line.quantity),
        selectedLote: null,
      })),
    },
    prices: new Map(lines.map((line) => [Number(line.idprd), Number(line.unit_price_centavos)])),
    extras: {
      saleStoreId: Number(row.store_id),
      saleTabletId: null,
      saleChannel: 'orcamento',
      saleStaffId: row.answered_by === null ? null : Number(row.answered_by),
    },
    async claim(tx, orderId) {
      const locked = await quoteRow(tx, id, true);
      if (!locked) throw refuse('not-found', 'Orçamento não encontrado.');
      checkConvertible(locked, now);
      await tx.execute(
        sql`UPDATE price_quotes SET status = 'convertido', order_id = ${orderId}, converted_at = ${now} WHERE id = ${id}`,
      );
    },
  };
}
