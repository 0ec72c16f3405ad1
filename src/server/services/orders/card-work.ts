import { and, eq } from 'drizzle-orm';
import { orders } from '../../db/schema';
import { readBack, type CardContext } from '../payments/cards/attempts';
import {
  attemptByProviderId,
  hasAnsweredAttempt,
  openAttempts,
  orphanApprovals,
} from '../payments/cards/card-payment';
import { sendOwedCaptures } from '../payments/cards/captures';
import { oweCardMoneyBack, sendOwedCardRefunds } from '../payments/cards/refunds';
import { Worker } from '../worker';
import { resumeReservation } from './card-checkout';
import { isProcessingCard, statusIs } from './order-status';

// The card worker: what no shopper's request is waiting for. Reservations whose attempt waits are
// read back and settled (a timeout that was approved becomes the order), attempts whose reservation
// is gone are read back, late approvals are given back, owed captures and refunds are sent. Every step is safe to
// run twice and on several instances at once: money moves only under the rows' own keys.

export interface CardWorkResult {
  settled: number;
  givenBack: number;
  capturesSent: number;
  refundsSent: number;
}

/** Attempts younger than this may still have their call in flight. */
const IN_FLIGHT_MS = 15_000;

export class CardWork {
  private readonly worker: Worker<CardWorkResult>;

  /** Its timer runs a round every `periodSeconds` once started (0: only when kicked or asked). */
  constructor(
    private readonly context: CardContext,
    periodSeconds = 0,
  ) {
    this.worker = new Worker({
      name: 'card work',
      round: () => this.round(),
      onError: (error) => context.log.warn({ err: error }, 'card work failed'),
      periodMs: periodSeconds * 1000,
    });
  }

  /** One round now, after the one under way. */
  runOnce(): Promise<CardWorkResult> {
    return this.worker.runOnce();
  }

  /** A provider's notification: the payment read back, and its reservation settled. */
  async onNotification(providerId: string): Promise<void> {
    const attempt = await attemptByProviderId(this.context.db, providerId);
    if (!attempt) return;
    const [order] = attempt.orderId
      ? await this.context.db.select().from(orders).where(eq(orders.id, attempt.orderId)).limit(1)
      : [];
    if (order && isProcessingCard(order)) await resumeReservation(this.context, order).catch(() => undefined);
    else await readBack(this.context, attempt);
    // What else it changed (a late approval to give back, a refund settled) is the worker's round,
    // not the provider's request's: it is answered at once.
    this.kick();
  }

  /** A round soon, in the background (after a notification, a staff cancel or invoice). */
  kick(): void {
    this.worker.kick();
  }

  start(): void {
    this.worker.start();
  }

  stop(): Promise<void> {
    return this.worker.stop();
  }

  private async round(): Promise<CardWorkResult> {
    const { db } = this.context;
    let settled = 0;
    const waiting = await db
      .select()
      .from(orders)
      .where(and(statusIs(orders.status, 'processing-card'), hasAnsweredAttempt(orders.id)))
      .limit(20);
    for (const order of waiting) {
      const outcome = await resumeReservation(this.context, order).catch(() => undefined);
      if (outcome) settled += 1;
    }
    // Attempts whose reservation is gone, still open at the provider: a late answer is read back.
    for (const attempt of await openAttempts(db, IN_FLIGHT_MS)) {
      if (attempt.orderId === null) await readBack(this.context, attempt);
    }
    let givenBack = 0;
    for (const attempt of await orphanApprovals(db)) {
      if (await db.transaction((tx) => oweCardMoneyBack(tx, attempt.id, 'late_approval'))) givenBack += 1;
    }
    const capturesSent = await sendOwedCaptures(this.context);
    const refundsSent = await sendOwedCardRefunds(this.context);
    return { settled, givenBack, capturesSent, refundsSent };
  }
}
