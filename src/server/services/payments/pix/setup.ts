import type { FastifyInstance } from 'fastify';
import { ownBaseUrl } from '../../../http/own-address';
import { startPixEmulator, type Exchange, type RunningEmulator } from '../../../pix-emulator/api';
import { newEmulatorCredentials, type EmulatorCredentials } from '../../../pix-emulator/emulator';
import type { PixContext, PixOrders } from './charges';
import { describe } from './charges';
import { createApiPixClient, type PixProvider } from './client';
import { PixWork } from './reconcile';

// Pix in the server: a real provider when PIX_API_URL is set, otherwise the bundled emulator
// started beside the store (its own HTTP server on loopback, its own OAuth client), spoken to by
// the very same client. The webhook is registered once the server listens.

export interface PixSetupOptions {
  /** The emulator's OAuth client (server.ts keeps it in the data folder); tests leave it random. */
  emulatorCredentials?: EmulatorCredentials;
  /** Tests: a provider of their own (e.g. a client with other options) instead of the default. */
  provider?: PixProvider;
  /** Tests: every request to the emulator and its answer, for the contract tests. */
  onEmulatorExchange?: (exchange: Exchange) => void;
}

export interface PixServices {
  provider: PixProvider;
  /** The bundled emulator, when no real provider is configured. */
  emulator: RunningEmulator | null;
  work: PixWork;
  context: PixContext;
}

export async function setUpPix(
  app: FastifyInstance,
  orders: PixOrders,
  options: PixSetupOptions = {},
): Promise<PixServices> {
  const config = app.config;
  const db = app.database.db;
  let emulator: RunningEmulator | null = null;
  let provider = options.provider;
  if (!provider && config.PIX_API_URL) {
    provider = createApiPixClient({
      apiUrl: config.PIX_API_URL,
      tokenUrl: config.PIX_TOKEN_URL ?? new URL('/oauth/token', config.PIX_API_URL).toString(),
      clientId: config.PIX_CLIENT_ID!,
      clientSecret: config.PIX_CLIENT_SECRET!,
      certFile: config.PIX_CERT,
      keyFile: config.PIX_CERT_KEY,
      caFile: config.PIX_CA,
      timeoutMs: config.PIX_TIMEOUT_MS,
    });
  }
  if (!provider) {
    const credentials = options.emulatorCredentials ?? newEmulatorCredentials();
    emulator = await startPixEmulator({
      db,
      credentials,
      pixKey: config.PIX_KEY,
      merchantName: config.PIX_MERCHANT_NAME,
      merchantCity: config.PIX_MERCHANT_CITY,
      autoConfirmSeconds: config.PIX_AUTO_CONFIRM_SECONDS,
      refundSettleMs: 1000,
      log: app.log.child({ module: 'pix-emulator' }),
      onExchange: options.onEmulatorExchange,
    });
    provider = createApiPixClient({
      apiUrl: emulator.url,
      tokenUrl: emulator.tokenUrl,
      ...credentials,
      timeoutMs: config.PIX_TIMEOUT_MS,
    });
    app.log.info('pix: no PIX_API_URL, payments go through the bundled API Pix emulator');
  }
  const context: PixContext = { db, config, provider, log: app.log, orders };
  const work = new PixWork(context, config.PIX_RECONCILE_SECONDS);
  work.startReconciling();

  app.addHook('onListen', async () => {
    const webhookUrl = config.PIX_WEBHOOK_URL ?? (emulator ? webhooksBase(app) : undefined);
    if (!webhookUrl) {
      app.log.warn('pix: PIX_WEBHOOK_URL unset: payments are found by polling and reconciliation only');
      return;
    }
    try {
      await provider.configureWebhook(config.PIX_KEY, webhookUrl);
    } catch (error) {
      app.log.warn({ err: describe(error) }, 'pix: webhook not registered at the provider');
    }
  });
  app.addHook('onClose', async () => {
    await work.stop();
    await emulator?.close();
  });
  return { provider, emulator, work, context };
}

/** The emulator posts to `{this}/pix` (API Pix's webhook path). */
function webhooksBase(app: FastifyInstance): string | undefined {
  const base = ownBaseUrl(app);
  return base && `${base}/webhooks`;
}
