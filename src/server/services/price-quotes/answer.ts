import { sql } from 'drizzle-orm';
import {
  DEFAULT_DISCOUNT_CAPS,
  QUOTE_ALREADY_ANSWERED_MESSAGE,
  QUOTE_VALIDITY_BUSINESS_DAYS,
  belowCapMessage,
} from '../../../api/price-quotes';
import type { StaffMember } from '../../../api/store-staff';
import { formatBRL, reaisToCentavos } from '../../../domain/money';
import { lowestPrice } from '../../../domain/price-quotes';
import { addBusinessDays, storeDate } from '../../../domain/store-calendar';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { isNationalHoliday } from '../calendar';
import { refuse } from '../domain-error';
import type { StaffRole } from '../staff';
import { quoteLines, storeQuote, type QuoteRow } from './quotes';

// The seller's side of a quote: the discount caps a store's manager sets per role, and the answer.

export type DiscountCaps = Record<StaffRole, number>;

export async function discountCapsOf(db: Db, storeId: number): Promise<DiscountCaps> {
  const rows = await queryRows<{ role: StaffRole; percent: number }>(
    db,
    sql`SELECT role, percent FROM store_discount_caps WHERE store_id = ${storeId}`,
  );
  const caps: DiscountCaps = { ...DEFAULT_DISCOUNT_CAPS };
  for (const row of rows) caps[row.role] = Number(row.percent);
  return caps;
}

export async function setDiscountCaps(
  db: Db,
  storeId: number,
  staffId: number,
  caps: DiscountCaps,
): Promise<DiscountCaps> {
  await db.transaction(async (tx) => {
    for (const [role, percent] of Object.entries(caps))
      await tx.execute(
        sql`INSERT INTO store_discount_caps (store_id, role, percent, updated_by) VALUES (${storeId}, ${role}, ${percent}, ${staffId})
            ON CONFLICT (store_id, role) DO UPDATE SET percent = excluded.percent, updated_by = excluded.updated_by, updated_at = now()`,
      );
  });
  return discountCapsOf(db, storeId);
}

export interface QuoteAnswerInput {
  lines: { position: number; quantity: number; price: number }[];
  validityDays?: number;
}

/**
 * The seller answers, once: each line's quantity and price checked against today's list price and
 * the role's cap, the seller recorded, the validity counted in the store's business days, and the
 * customer's e-mail and pushes queued in the same transaction (`notify`).
 */
export async function answerQuote(
  db: Db,
  storeId: number,
  staff: StaffMember,
  id: number,
  input: QuoteAnswerInput,
  now: Date,
  notify: (tx: Db, row: QuoteRow) => Promise<void>,
): Promise<void> {
  const caps = await discountCapsOf(db, storeId);
  const percent = caps[staff.papel];
  await db.transaction(async (tx) => {
    const row = await storeQuote(tx, storeId, id, true);
    if (row.status !== 'solicitado') throw refuse('conflict', QUOTE_ALREADY_ANSWERED_MESSAGE);
    const lines = await quoteLines(tx, id);
    const listPrices = await queryRows<{ idprd: number; price_centavos: number }>(
      tx,
      sql`SELECT idprd, price_centavos FROM products
          WHERE idprd IN (${sql.join(
            lines.map((line) => sql`${line.idprd}`),
            sql`, `,
          )})`,
    );
    const listOf = new Map(
      listPrices.map((product) => [Number(product.idprd), Number(product.price_centavos)]),
    );
    for (const line of lines) {
      const given = input.lines.find((candidate) => candidate.position === Number(line.position));
      if (!given) throw refuse('invalid', `Informe o preço de ${line.name}.`);
      const list = listOf.get(Number(line.idprd)) ?? Number(line.list_price_centavos);
      const price = reaisToCentavos(given.price);
      const minimum = lowestPrice(list, percent);
      if (price <= 0 || price < minimum)
        throw refuse('invalid', belowCapMessage(line.name, formatBRL(minimum), percent));
      await tx.execute(
        sql`UPDATE price_quote_lines SET quantity = ${given.quantity}, list_price_centavos = ${list},
              unit_price_centavos = ${price}
            WHERE quote_id = ${id} AND position = ${line.position}`,
      );
    }
    const validUntil = addBusinessDays(
      storeDate(now),
      input.validityDays ?? QUOTE_VALIDITY_BUSINESS_DAYS,
      isNationalHoliday,
    );
    await tx.execute(
      sql`UPDATE price_quotes SET status = 'respondido', answered_at = ${now}, answered_by = ${staff.id},
            answered_by_name = ${staff.nome}, valid_until = ${validUntil}::date
          WHERE id = ${id}`,
    );
    await notify(tx, { ...row, status: 'respondido', valid_until: validUntil, answered_by_name: staff.nome });
  });
}
