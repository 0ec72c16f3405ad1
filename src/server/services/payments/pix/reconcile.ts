import { sql } from 'drizzle-orm';
import type { ReceivedPix } from './api-pix';
import { describe, type PixContext } from './charges';
import { advanceRefunds, removeUnwantedCharges } from './owed';
import { Worker } from '../../worker';
import { applyRefundStatus, refundIdOf, settleReceived, type SettleOutcome } from './settle';
import { queryRows } from '../../../db/rows';

// Matching every Pix the provider received to its order: the webhook is the fast path, the
// shopper's polling the second, and this reconciliation (every few minutes, and on
// `npm run store -- pix:reconcile`) the one that misses nothing.

export interface ReconcileReport {
  recebidos: number;
  pagos: number;
  devolvidos: number;
  desconhecidos: number;
  cobrancasRemovidas: number;
  devolucoesAtualizadas: number;
}

/** Settles one Pix read back from the provider, and the refunds the provider lists of it. */
export async function handleReceived(ctx: PixContext, pix: ReceivedPix): Promise<SettleOutcome> {
  const outcome = await settleReceived(ctx, pix);
  const ours = (pix.devolucoes ?? []).find((refund) => refund.id === refundIdOf(pix.endToEndId));
  if (ours) await applyRefundStatus(ctx.db, ours);
  return outcome;
}

/** Pages through GET /pix from `since` (default: two days ago) until now. */
export async function reconcile(ctx: PixContext, since?: Date): Promise<ReconcileReport> {
  const report: ReconcileReport = {
    recebidos: 0,
    pagos: 0,
    devolvidos: 0,
    desconhecidos: 0,
    cobrancasRemovidas: 0,
    devolucoesAtualizadas: 0,
  };
  const inicio = since ?? new Date(Date.now() - 2 * 24 * 3600 * 1000);
  const fim = new Date();
  for (let page = 0; ; page += 1) {
    const found = await ctx.provider.listReceived({ inicio, fim, page });
    for (const pix of found.pix) {
      report.recebidos += 1;
      const outcome = await handleReceived(ctx, pix);
      if (outcome === 'pago') report.pagos += 1;
      if (outcome === 'devolver') report.devolvidos += 1;
      if (outcome === 'desconhecido') report.desconhecidos += 1;
    }
    if (page + 1 >= found.parametros.paginacao.quantidadeDePaginas || found.pix.length === 0) break;
  }
  report.cobrancasRemovidas = await removeUnwantedCharges(ctx);
  report.devolucoesAtualizadas = await advanceRefunds(ctx);
  return report;
}

/** One instance at a time runs the periodic reconciliation: a lease in the database. */
async function claim(ctx: PixContext, job: string, seconds: number): Promise<boolean> {
  const claimed = await queryRows(
    ctx.db,
    sql`
      INSERT INTO pix_jobs (name, claimed_until) VALUES (${job}, now() + make_interval(secs => ${seconds}))
      ON CONFLICT (name) DO UPDATE SET claimed_until = EXCLUDED.claimed_until
      WHERE pix_jobs.claimed_until < now()
      RETURNING name`,
  );
  return claimed.length === 1;
}

/**
 * The background side of Pix in one server: owed removals and refunds soon after an order changes
 * (`kick`), and the reconciliation every PIX_RECONCILE_SECONDS. Nothing here delays a request.
 */
export class PixWork {
  private readonly owed: Worker;
  private readonly reconciling: Worker;
  private stopped = false;

  constructor(ctx: PixContext, reconcileSeconds = 0) {
    this.owed = new Worker({
      name: 'pix owed work',
      round: async () => {
        try {
          await removeUnwantedCharges(ctx);
          await advanceRefunds(ctx);
        } catch (error) {
          ctx.log.warn({ err: describe(error) }, 'pix background work failed; will try again');
        }
      },
      onError: () => undefined,
      periodMs: 0,
    });
    this.reconciling = new Worker({
      name: 'pix reconciliation',
      round: async () => {
        // One instance at a time, by the lease row: the reconciliation reads the whole period.
        if (await claim(ctx, 'reconcile', Math.max(1, reconcileSeconds - 1))) await reconcile(ctx);
      },
      onError: (error) => ctx.log.warn({ err: describe(error) }, 'pix reconciliation failed; will try again'),
      periodMs: reconcileSeconds * 1000,
      firstRoundMs: Math.min(reconcileSeconds, 30) * 1000,
    });
  }

  /** Runs the owed work after whatever is running; the promise is for tests and staff commands. */
  kick(): Promise<void> {
    return this.stopped ? Promise.resolve() : this.owed.runOnce();
  }

  startReconciling(): void {
    this.reconciling.start();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.reconciling.stop();
    await this.owed.stop();
  }
}
