import { ADYEN_WEB_ORIGINS, type AdyenEnvironment } from '../../../../api/cards';
import { ProviderUnavailable } from './provider';

// One POST to Adyen's Checkout API. Whether Adyen acted is unknown after a timeout, a lost
// connection, a 5xx or an unreadable answer: those throw ProviderUnavailable, and the caller's
// attempt is resolved later by reading it back. A 4xx is Adyen's known refusal of the request and is
// returned. No message names the body: it holds encrypted card fields.

/** The Checkout API's base URL, and the origin of Adyen's card fields (CSP and postMessage). */
export function adyenUrls(options: { environment: AdyenEnvironment; liveUrlPrefix?: string }) {
  if (options.environment === 'test')
    return { checkout: 'https://checkout-test.adyen.com/v71', shopper: ADYEN_WEB_ORIGINS.test };
  // Live calls go to the merchant's own prefix (Customer Area > Developers > API URLs).
  if (!options.liveUrlPrefix) throw new Error('Adyen live needs its URL prefix (ADYEN_LIVE_URL_PREFIX)');
  return {
    checkout: `https://${options.liveUrlPrefix}-checkout-live.adyenpayments.com/checkout/v71`,
    shopper: ADYEN_WEB_ORIGINS.live,
  };
}

export interface AdyenAnswer {
  status: number;
  body: Record<string, unknown>;
}

export interface AdyenHttp {
  post(path: string, body: unknown, idempotencyKey?: string): Promise<AdyenAnswer>;
}

export function createAdyenHttp(options: {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  fetch: typeof fetch;
}): AdyenHttp {
  return {
    async post(path, body, idempotencyKey) {
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'x-api-key': options.apiKey,
      };
      // Adyen answers a repeated key with its first answer, so a retried call never charges twice.
      if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
      let response: Response;
      try {
        response = await options.fetch(`${options.baseUrl}${path}`, {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        const name = error instanceof Error ? error.name : 'error';
        throw new ProviderUnavailable(`Adyen POST ${path}: no answer (${name})`, { cause: error });
      }
      let answer: Record<string, unknown>;
      try {
        answer = (await response.json()) as Record<string, unknown>;
      } catch (error) {
        throw new ProviderUnavailable(`Adyen POST ${path}: unreadable answer (${response.status})`, {
          cause: error,
        });
      }
      if (response.status >= 500)
        throw new ProviderUnavailable(
          `Adyen POST ${path}: ${response.status} ${String(answer.errorCode ?? '')} ${String(answer.message ?? '')}`.trim(),
        );
      return { status: response.status, body: answer ?? {} };
    },
  };
}
