import type { FastifyInstance } from 'fastify';
import { startCardEmulator, type RunningCardEmulator } from '../../../card-emulator/server';
import { ownBaseUrl } from '../../../http/own-address';
import type { CardContext } from './attempts';
import { createEmulatorProvider } from './emulator-provider';
import { CARD_NOTIFICATIONS_PATH, type CardProvider } from './provider';

// Cards in the server: a real provider when CARD_PROVIDER names one, otherwise the bundled emulator
// started beside the store on its own port (another origin, as a provider's fields are), spoken to
// through the same port. The CSP frames the provider's origin and nothing else.

export interface CardSetupOptions {
  /** Tests: a provider of their own instead of the configured one. */
  provider?: CardProvider;
  /** Tests: ends the emulator's calls in flight when it aborts (its 'sem resposta' card never answers). */
  abortSignal?: () => AbortSignal;
  /** Tests: a hand on the configured provider (hold a call, fail one, count them). */
  wrapProvider?: (provider: CardProvider) => CardProvider;
}

export interface CardServices {
  provider: CardProvider;
  emulator: RunningCardEmulator | null;
  context: CardContext;
}

export async function setUpCards(
  app: FastifyInstance,
  options: CardSetupOptions = {},
): Promise<CardServices> {
  const config = app.config;
  const publicUrl = new URL(config.PUBLIC_URL);
  let emulator: RunningCardEmulator | null = null;
  let provider = options.provider;
  // The Adyen adapter (adyen.ts) is tested against Adyen's published contract, but the checkout has
  // no Adyen card component yet: a store that started with it would take no card at all.
  if (!provider && config.CARD_PROVIDER === 'adyen')
    throw new Error(
      'CARD_PROVIDER=adyen ainda não pode ser usado: o checkout não tem o componente de cartão da Adyen (docs/payments.md).',
    );
  if (!provider) {
    emulator = await startCardEmulator({
      plan: {
        interestFree: config.CARD_PLAN_INTEREST_FREE,
        max: config.CARD_PLAN_MAX_INSTALLMENTS,
        monthlyRate: config.CARD_PLAN_MONTHLY_RATE,
        minInstallmentCentavos: config.CARD_PLAN_MIN_INSTALLMENT_CENTAVOS,
      },
      storeOrigin: publicUrl.origin,
      publicHost: publicUrl.hostname,
      listenHost: config.HOST,
      port: config.CARD_EMULATOR_PORT,
    });
    const running = emulator;
    provider = createEmulatorProvider({
      apiUrl: running.apiUrl,
      secretKey: running.secretKey,
      webhookSecret: running.webhookSecret,
      timeoutMs: config.CARD_TIMEOUT_MS,
      abortSignal: options.abortSignal,
      client: {
        provider: 'emulator',
        origin: running.url,
        fieldsUrl: `${running.url}/fields?key=${encodeURIComponent(running.publicKey)}`,
        publicKey: running.publicKey,
      },
    });
    app.addHook('onListen', async () => {
      const base = ownBaseUrl(app);
      if (base) running.setWebhookUrl(`${base}${CARD_NOTIFICATIONS_PATH}`);
    });
    app.addHook('onClose', () => running.close());
    app.log.info({ url: running.url }, 'cards: no CARD_PROVIDER, cards go through the bundled card emulator');
  }
  if (options.wrapProvider) provider = options.wrapProvider(provider);
  app.csp.allowFrame(provider.client.origin);
  return {
    provider,
    emulator,
    context: {
      db: app.database.db,
      provider,
      log: app.log,
      // CARD_CAPTURE=invoice: captured when staff invoice the order (payments/cards/captures.ts).
      captureAtOnce: config.CARD_CAPTURE === 'authorization',
      storeOrigin: publicUrl.origin,
      interestPaidBy: config.CARD_INTEREST_PAID_BY,
    },
  };
}
