import {
  ProviderUnavailable,
  type AuthorizeRequest,
  type CardProvider,
} from '../../../src/server/services/payments/cards/provider';

/** How a held authorization ends: answered, lost before the provider saw it, or approved and lost. */
type Outcome = 'answer' | 'fail' | 'lost';

/**
 * The card provider (the emulator) with a hand on it: `hold()` makes the next authorizations wait
 * until the test lets them go, so a test can look at the store while a charge is in flight. Counts
 * the attempts' keys, the captures, the cancels and the refunds by payment; `loseNextCapture()`
 * makes the next capture happen at the provider while its answer is lost.
 */
export function heldProvider() {
  const authorized: AuthorizeRequest[] = [];
  const cancelled: string[] = [];
  const refunded: { providerId: string; amountCentavos: number }[] = [];
  const captured: { providerId: string; amountCentavos: number; idempotencyKey: string }[] = [];
  let loseCapture = false;
  let gate: { arrive(): void; outcome: Promise<Outcome> } | null = null;
  let resolveGo: ((outcome: Outcome) => void) | null = null;

  const wrap = (inner: CardProvider): CardProvider => ({
    ...inner,
    name: inner.name,
    client: inner.client,
    quoteInstallments: (request) => inner.quoteInstallments(request),
    async authorize(request) {
      authorized.push(request);
      const current = gate;
      let outcome: Outcome = 'answer';
      if (current) {
        current.arrive();
        outcome = await current.outcome;
      }
      if (outcome === 'fail') throw new ProviderUnavailable('connection reset before the provider answered');
      const payment = await inner.authorize(request);
      if (outcome === 'lost') throw new ProviderUnavailable('connection reset after the provider approved');
      return payment;
    },
    async capture(request) {
      captured.push({ ...request });
      const payment = await inner.capture(request);
      if (loseCapture) {
        loseCapture = false;
        throw new ProviderUnavailable('connection reset after the provider captured');
      }
      return payment;
    },
    async cancel(request) {
      cancelled.push(request.providerId);
      return inner.cancel(request);
    },
    async refund(request) {
      refunded.push({ providerId: request.providerId, amountCentavos: request.amountCentavos });
      return inner.refund(request);
    },
    get: (providerId) => inner.get(providerId),
    findByKey: (key) => inner.findByKey(key),
    verifyNotification: (headers, body) => inner.verifyNotification(headers, body),
  });

  return {
    wrap,
    authorized,
    cancelled,
    refunded,
    captured,
    loseNextCapture: () => (loseCapture = true),
    /** Attempts' keys of a checkout's authorizations so far. */
    keysOf: (reference: string) =>
      authorized.filter((request) => request.reference === reference).map((r) => r.idempotencyKey),
    /** From now on authorizations wait; resolves when the first one arrives. */
    hold() {
      let arrive!: () => void;
      const reached = new Promise<void>((resolve) => (arrive = resolve));
      const outcome = new Promise<Outcome>((resolve) => (resolveGo = resolve));
      gate = { arrive, outcome };
      return reached;
    },
    /** Lets the held authorizations go, and the next ones through at once. */
    release(outcome: Outcome = 'answer') {
      gate = null;
      resolveGo?.(outcome);
      resolveGo = null;
    },
  };
}
