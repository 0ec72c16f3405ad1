import { desc, eq, sql } from 'drizzle-orm';
import { ORDER_NOT_FOUND_MESSAGE } from '../../../../api/orders';
import { PayRefused } from '../../../pix-emulator/emulator';
import type { RunningEmulator } from '../../../pix-emulator/api';
import { refuse } from '../../domain-error';
import { amountToCentavos } from './api-pix';
import { latestCharge, type PixContext } from './charges';
import { handleReceived } from './reconcile';
import { queryRows } from '../../../db/rows';
import { pixReceived, pixRefunds } from '../../../db/schema';

// Staff commands of Pix: paying through the bundled emulator (the payer's bank), and the list of
// refunds and of Pix received for no order.

const NO_EMULATOR =
  'O emulador de PIX não está em uso: com PIX_API_URL configurado, pagamentos chegam só do provedor.';

/**
 * Pays a code through the emulator as a bank app would, then reads the payment back and settles
 * it at once (the emulator's webhook call would do the same moments later).
 */
export async function payThroughEmulator(
  ctx: PixContext,
  emulator: RunningEmulator | null,
  input: { code: string; amountCentavos?: number },
) {
  if (!emulator) throw refuse('conflict', NO_EMULATOR);
  let pix;
  try {
    pix = await emulator.core.pay(input);
  } catch (error) {
    if (error instanceof PayRefused)
      throw refuse('conflict', `Pagamento recusado pelo banco: ${error.message}`);
    throw error;
  }
  const read = (await ctx.provider.getReceived(pix.endToEndId)) ?? pix;
  const resultado = await handleReceived(ctx, read);
  return { resultado, endToEndId: pix.endToEndId, txid: pix.txid ?? null, valor: pix.valor };
}

/** `pix:confirm <pedido>`: pays the order's newest code through the emulator. */
export async function confirmOrderThroughEmulator(
  ctx: PixContext,
  emulator: RunningEmulator | null,
  orderId: number,
) {
  if (!emulator) throw refuse('conflict', NO_EMULATOR);
  const charge = await latestCharge(ctx.db, orderId);
  if (!charge) {
    const found = await queryRows(ctx.db, sql`SELECT id FROM orders WHERE id = ${orderId}`);
    if (found.length === 0) throw refuse('not-found', ORDER_NOT_FOUND_MESSAGE);
    throw refuse('conflict', `Pedido ${orderId} ainda não tem cobrança PIX (gere o PIX no checkout).`);
  }
  return { pedido: orderId, ...(await payThroughEmulator(ctx, emulator, { code: charge.txid })) };
}

/** `pix:refunds`: every refund with its status, and every Pix received for no order of ours. */
export async function refundsAndUnknown(ctx: PixContext, limit = 100) {
  const refunds = await ctx.db.select().from(pixRefunds).orderBy(desc(pixRefunds.requestedAt)).limit(limit);
  const unknown = await ctx.db
    .select()
    .from(pixReceived)
    .where(eq(pixReceived.outcome, 'desconhecido'))
    .orderBy(desc(pixReceived.receivedAt))
    .limit(limit);
  return {
    devolucoes: refunds.map((row) => ({
      id: row.id,
      pedido: row.orderId,
      valorCentavos: row.amount,
      motivo: row.reason,
      status: row.status,
      detalhe: row.detail,
      solicitadaEm: row.requestedAt.toISOString(),
      devolvidaEm: row.settledAt?.toISOString() ?? null,
    })),
    semPedido: unknown.map((row) => ({
      endToEndId: row.endToEndId,
      txid: row.txid,
      valorCentavos: row.amount,
      recebidoEm: row.receivedAt.toISOString(),
    })),
  };
}

/** '12,34' or '12.34' (reais) as centavos; undefined for anything else. */
export function reaisText(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const match = /^(\d{1,10})(?:[.,](\d{2}))?$/.exec(text.trim());
  return match ? amountToCentavos(`${match[1]}.${match[2] ?? '00'}`) : undefined;
}
