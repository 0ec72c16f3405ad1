import {
  createSandboxCardGateway,
  type CardChargeRequest,
  type CardChargeResult,
  type CardGateway,
} from '../../../src/server/services/payments/card';

/**
 * The sandbox acquirer, with a hand on it: `hold()` makes the next charges wait until the test
 * lets them go (answering as the sandbox would, or failing like a lost connection), so a test can
 * look at the store while a charge is in flight. Counts charges and voids by checkout key.
 */
export function heldGateway() {
  const sandbox = createSandboxCardGateway();
  const charged: string[] = [];
  const voided: string[] = [];
  let gate: {
    reached: Promise<void>;
    arrive(): void;
    outcome: Promise<'answer' | 'fail'>;
    go(o: 'answer' | 'fail'): void;
  } | null = null;

  const gateway: CardGateway = {
    async charge(request: CardChargeRequest): Promise<CardChargeResult> {
      charged.push(request.idempotencyKey);
      const current = gate;
      if (current) {
        current.arrive();
        if ((await current.outcome) === 'fail') throw new Error('acquirer connection reset');
      }
      return sandbox.charge(request);
    },
    async void(key: string) {
      voided.push(key);
    },
  };

  return {
    gateway,
    charged,
    voided,
    /** From now on charges wait; resolves `reached` when the first one arrives. */
    hold() {
      let arrive!: () => void;
      let go!: (outcome: 'answer' | 'fail') => void;
      const reached = new Promise<void>((resolve) => (arrive = resolve));
      const outcome = new Promise<'answer' | 'fail'>((resolve) => (go = resolve));
      gate = { reached, arrive, outcome, go };
      return reached;
    },
    /** Lets the held charges go, and the next ones through at once. */
    release(outcome: 'answer' | 'fail' = 'answer') {
      const current = gate;
      gate = null;
      current?.go(outcome);
    },
  };
}
