import { COB_PAID } from './api-pix';
import { describe, type PixContext } from './charges';
import { PixProviderError } from './client';
import { chargesToRemove, markRemoved } from './pix-charge';
import { isToRequest, openRefunds } from './pix-refund';
import { applyRefundStatus, settleReceived } from './settle';

// What the store still owes the provider: charges to remove (the order no longer wants them) and
// refunds to request or follow. Each is recorded first in the database, so a failure here is only
// a delay: the next run (after the next order change, and every reconciliation) tries again.

/** Charges whose order no longer wants them: removed, so the bank refuses their code. */
export async function removeUnwantedCharges(ctx: PixContext, limit = 50): Promise<number> {
  const owed = await chargesToRemove(ctx.db, limit);
  let removed = 0;
  for (const charge of owed) {
    try {
      const cob = await ctx.provider.getCharge(charge.txid);
      if (cob?.status === COB_PAID) {
        // Paid before the removal could land: the money is handled (paid, or owed back).
        for (const pix of cob.pix ?? []) await settleReceived(ctx, pix);
      } else if (cob?.status === 'ATIVA') {
        await ctx.provider.removeCharge(charge.txid);
      }
      await markRemoved(ctx.db, charge.id);
      removed += 1;
    } catch (error) {
      ctx.log.warn({ err: describe(error), txid: charge.txid }, 'pix charge not removed yet; will try again');
    }
  }
  return removed;
}

const refundText = (orderId: number | null) =>
  orderId === null ? 'Devolução - Casa & Obra' : `Devolução do pedido ${orderId} - Casa & Obra`;

/** Refunds not yet accepted by the provider are requested; those in progress are followed. */
export async function advanceRefunds(ctx: PixContext, limit = 50): Promise<number> {
  const open = await openRefunds(ctx.db, limit);
  let changed = 0;
  for (const refund of open) {
    try {
      // Read first: a request whose answer was lost must not be made twice.
      let known = await ctx.provider.getRefund(refund.endToEndId, refund.id);
      if (!known && isToRequest(refund))
        known = await ctx.provider.refund(
          refund.endToEndId,
          refund.id,
          refund.amount,
          refundText(refund.orderId),
        );
      if (known && (await applyRefundStatus(ctx.db, known))) changed += 1;
    } catch (error) {
      const refused = error instanceof PixProviderError && error.kind === 'refused';
      ctx.log.warn(
        { err: describe(error), refund: refund.id },
        refused ? 'pix refund refused by the provider' : 'pix refund not requested yet; will try again',
      );
    }
  }
  return changed;
}
