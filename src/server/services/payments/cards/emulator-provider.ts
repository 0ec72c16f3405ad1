import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  ProviderUnavailable,
  type CardClientSetup,
  type CardProvider,
  type NotificationHint,
  type ProviderPayment,
} from './provider';

// The store's client of the bundled card emulator (src/server/card-emulator): JSON over HTTP with a
// secret key, an Idempotency-Key on every call that moves money, notifications signed with
// HMAC-SHA256. A real provider has its own adapter behind the same port (adyen.ts).

const STATUSES = [
  'authorized',
  'captured',
  'refused',
  'challenge',
  'pending',
  'cancelled',
  'refunded',
  'error',
] as const;
const REFUSALS = [
  'issuer',
  'insufficient-funds',
  'cvv',
  'expired',
  'challenge-failed',
  'fraud',
  'processing',
  'other',
] as const;

const paymentAnswer = z.object({
  id: z.string(),
  status: z.enum(STATUSES),
  amount: z.number().int(),
  captured: z.number().int(),
  refunded: z.number().int(),
  brand: z.string().optional(),
  last4: z.string().optional(),
  installments: z.number().int().optional(),
  challengeUrl: z.string().optional(),
  refusal: z.enum(REFUSALS).optional(),
});

const quoteAnswer = z.object({
  installments: z.array(
    z.object({
      count: z.number().int(),
      installmentCentavos: z.number().int(),
      totalCentavos: z.number().int(),
      monthlyRate: z.number(),
    }),
  ),
});

const notification = z.object({ eventId: z.string().max(100), paymentId: z.string().max(100) });

/** Notifications older than this are refused (a replayed capture of an old one). */
const SIGNATURE_TOLERANCE_SECONDS = 300;

export interface EmulatorProviderOptions {
  apiUrl: string;
  secretKey: string;
  webhookSecret: string;
  client: CardClientSetup;
  timeoutMs: number;
  now?: () => Date;
}

function toPayment(answer: z.infer<typeof paymentAnswer>): ProviderPayment {
  return {
    providerId: answer.id,
    status: answer.status,
    amountCentavos: answer.amount,
    capturedCentavos: answer.captured,
    refundedCentavos: answer.refunded,
    brand: answer.brand,
    last4: answer.last4,
    installments: answer.installments,
    challengeUrl: answer.challengeUrl,
    refusal: answer.refusal,
  };
}

export function createEmulatorProvider(options: EmulatorProviderOptions): CardProvider {
  const now = options.now ?? (() => new Date());

  async function call(method: string, path: string, body?: unknown, key?: string): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${options.apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(key ? { 'idempotency-key': key } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new ProviderUnavailable(`card provider ${method} ${path}: no answer`, { cause: error });
    }
    const answer = (await response.json().catch(() => null)) as { message?: string } | null;
    if (response.status >= 500)
      throw new ProviderUnavailable(`card provider ${method} ${path}: ${response.status}`);
    if (response.status === 404) return null;
    if (!response.ok)
      throw new Error(`card provider refused ${method} ${path}: ${answer?.message ?? response.status}`);
    return answer;
  }

  const payment = (answer: unknown) => toPayment(paymentAnswer.parse(answer));

  return {
    name: 'emulator',
    client: options.client,
    async quoteInstallments({ bin, amountCentavos }) {
      return quoteAnswer.parse(await call('POST', '/v1/installments', { bin, amount: amountCentavos }))
        .installments;
    },
    async authorize(request) {
      const answer = await call(
        'POST',
        '/v1/payments',
        {
          token: request.token,
          amount: request.amountCentavos,
          installments: request.installments,
          reference: request.reference,
          returnOrigin: request.returnOrigin,
          capture: request.capture,
        },
        request.idempotencyKey,
      );
      return payment(answer);
    },
    async capture({ providerId, amountCentavos, idempotencyKey }) {
      return payment(
        await call(
          'POST',
          `/v1/payments/${encodeURIComponent(providerId)}/capture`,
          { amount: amountCentavos },
          idempotencyKey,
        ),
      );
    },
    async cancel({ providerId, idempotencyKey }) {
      return payment(
        await call('POST', `/v1/payments/${encodeURIComponent(providerId)}/cancel`, {}, idempotencyKey),
      );
    },
    async refund({ providerId, amountCentavos, idempotencyKey }) {
      const answer = z
        .object({ providerId: z.string(), status: z.enum(['pending', 'done', 'failed']) })
        .parse(
          await call(
            'POST',
            `/v1/payments/${encodeURIComponent(providerId)}/refunds`,
            { amount: amountCentavos },
            idempotencyKey,
          ),
        );
      return answer;
    },
    async get(providerId) {
      const answer = await call('GET', `/v1/payments/${encodeURIComponent(providerId)}`);
      if (!answer) throw new Error(`card provider: payment ${providerId} not found`);
      return payment(answer);
    },
    async findByKey(key) {
      const answer = await call('GET', `/v1/payments?key=${encodeURIComponent(key)}`);
      return answer ? payment(answer) : null;
    },
    verifyNotification(headers, body): NotificationHint[] | null {
      const header = headers['x-card-signature'];
      const raw = typeof body === 'string' ? body : null;
      if (typeof header !== 'string' || raw === null) return null;
      const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
      if (!match) return null;
      const age = now().getTime() / 1000 - Number(match[1]);
      if (Math.abs(age) > SIGNATURE_TOLERANCE_SECONDS) return null;
      const expected = createHmac('sha256', options.webhookSecret).update(`${match[1]}.${raw}`).digest();
      if (!timingSafeEqual(expected, Buffer.from(match[2], 'hex'))) return null;
      let parsed: z.infer<typeof notification>;
      try {
        parsed = notification.parse(JSON.parse(raw));
      } catch {
        return null;
      }
      return [{ providerId: parsed.paymentId, eventId: parsed.eventId }];
    },
  };
}
