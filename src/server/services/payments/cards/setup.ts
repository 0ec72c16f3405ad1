import type { FastifyInstance } from 'fastify';
import { startCardEmulator, type RunningCardEmulator } from '../../../card-emulator/server';
import { ownBaseUrl } from '../../../http/own-address';
import type { CardContext } from './attempts';
import { adyenFromConfig, adyenPageSources } from './adyen-setup';
import { createEmulatorProvider } from './emulator-provider';
import { CARD_NOTIFICATIONS_PATH, type CardProvider } from './provider';

// Cards in the server: a real provider when CARD_PROVIDER names one, otherwise the bundled emulator
// started beside the store on its own port (another origin, as a provider's fields are), spoken to
// through the same port. The CSP allows the provider's hosts and nothing else.

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
  // Adyen (adyen.ts): its Card Component in the checkout, its records in adyen_payments.
  if (!provider && config.CARD_PROVIDER === 'adyen') {
    provider = adyenFromConfig(config, app.database.db, app.log);
    app.csp.allowCardProvider(adyenPageSources(config.ADYEN_ENVIRONMENT));
    app.log.info(
      { environment: config.ADYEN_ENVIRONMENT, webhook: `${publicUrl.origin}${CARD_NOTIFICATIONS_PATH}` },
      'cards: CARD_PROVIDER=adyen, cards go through Adyen',
    );
  } else if (!provider) {
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
  // The emulator's (or a test's) fields and 3-D Secure page are frames on its origin, nothing more.
  if (provider.name !== 'adyen') app.csp.allowCardProvider({ frame: [provider.client.origin] });
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
