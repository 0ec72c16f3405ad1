import { sql } from 'drizzle-orm';
import { formatBRL } from '../../../domain/money';
import { PIX_DISCOUNT_LABEL } from '../../../domain/payment-options';
import { freightLabel } from '../../../domain/shipping';
import { WITHDRAWAL_TERMS } from '../../../domain/withdrawal';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';

// The order confirmation e-mail carries the contract's summary (Decreto 7.962/2013 art. 4): the
// items, their prices, the freight, the payment terms, the total and the right of withdrawal, with
// the link to the full terms, as the checkout's last step showed them.

/** The summary's lines for the order, centavos from the database. */
export async function contractLines(db: Db, orderId: number, termsUrl: string): Promise<string[]> {
  const items = await queryRows<{ name: string; quantity: number; total_item: number }>(
    db,
    sql`SELECT name, quantity, total_item FROM order_items WHERE order_id = ${orderId} ORDER BY id`,
  );
  const [order] = await queryRows<{
    freight: number;
    shipping_name: string;
    total: number;
    amount_due: number;
    payment_method: 'pix' | 'card';
    installments: number;
    installment_value: number;
    card_brand: string | null;
    card_last4: string | null;
  }>(
    db,
    sql`SELECT freight, shipping_name, total, amount_due, payment_method, installments, installment_value,
               card_brand, card_last4
        FROM orders WHERE id = ${orderId}`,
  );
  if (!order) return [];
  const money = (centavos: number | string) => formatBRL(Number(centavos));
  const digits = order.card_last4 ? ` final ${order.card_last4}` : '';
  const card = order.card_brand ? ` ${order.card_brand}${digits}` : '';
  const payment =
    order.payment_method === 'pix'
      ? `Pagamento: PIX à vista, com ${PIX_DISCOUNT_LABEL} sobre os produtos: ${money(order.amount_due)}.`
      : Number(order.installments) > 1
        ? `Pagamento: cartão de crédito${card}, ${order.installments}x de ${money(order.installment_value)}, total ${money(order.amount_due)}.`
        : `Pagamento: cartão de crédito${card}, à vista: ${money(order.amount_due)}.`;
  return [
    'Resumo do contrato:',
    ...items.map((item) => `${item.quantity} x ${item.name}: ${money(item.total_item)}`),
    `Frete (${order.shipping_name}): ${freightLabel(Number(order.freight))}`,
    `Total: ${money(order.total)}`,
    payment,
    WITHDRAWAL_TERMS,
    `Termos e condições de compra: ${termsUrl}`,
  ];
}
