import { z } from 'zod';
import { isSignedNotification, SIGNATURE_HEADER } from '../../../card-emulator/signature';
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

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export interface EmulatorProviderOptions {
  apiUrl: string;
  secretKey: string;
  webhookSecret: string;
  client: CardClientSetup;
  timeoutMs: number;
  /** Tests: a call also ends when this signal aborts (a timeout the test chooses the moment of). */
  abortSignal?: () => AbortSignal;
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
        signal: options.abortSignal
          ? AbortSignal.any([AbortSignal.timeout(options.timeoutMs), options.abortSignal()])
          : AbortSignal.timeout(options.timeoutMs),
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
    async quoteInstallments({ bin, amountCentavos, interestPaidBy }) {
      return quoteAnswer.parse(
        await call('POST', '/v1/installments', { bin, amount: amountCentavos, interestPaidBy }),
      ).installments;
    },
    async authorize(request) {
      const answer = await call(
        'POST',
        '/v1/payments',
        {
          token: request.token,
          amount: request.amountCentavos,
          installments: request.installments,
          interestPaidBy: request.interestPaidBy,
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
      if (typeof body !== 'string') return null;
      if (!isSignedNotification(options.webhookSecret, headers[SIGNATURE_HEADER], body, now())) return null;
      const parsed = notification.safeParse(parseJson(body));
      return parsed.success ? [{ providerId: parsed.data.paymentId, eventId: parsed.data.eventId }] : null;
    },
  };
}
