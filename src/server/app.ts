import { existsSync, readFileSync } from 'node:fs';
import { Agent } from 'node:https';
import { rootCertificates } from 'node:tls';
import { resolve } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { DATASNAP_PATH } from '../api/datasnap-path';
import type { Config } from './config';
import type { Database } from './db/client';
import { AnswerCache } from './http/answer-cache';
import { clientFailureMessage, registerUrlLimit, serverOptions } from './http/framework-errors';
import { loggerOptions } from './http/log-redaction';
import { intendedFailure } from './http/domain-error-status';
import { HttpFailure } from './http/operation';
import { registerHealth } from './http/health';
import { KEPT_ASSETS_FOLDER, keepBuildAssets } from './http/kept-assets';
import { registerOriginCheck } from './http/origin-check';
import { registerRateLimits } from './http/rate-limits';
import { registerSecurityHeaders } from './http/security';
import { cardSandboxRefusal } from './payment-sandbox';
import { catalogueRoutes } from './routes/catalogue';
import { customerRoutes } from './routes/customers';
import { customerCartRoutes } from './routes/customer-cart';
import { workListRoutes } from './routes/work-lists';
import { priceQuoteRoutes } from './routes/price-quotes';
import { orderRoutes } from './routes/orders';
import { pixRoutes } from './routes/pix';
import { adminRoutes } from './routes/admin';
import { storeModeRoutes } from './routes/store-mode';
import { storeStaffRoutes } from './routes/store-staff';
import { seoRoutes } from './routes/seo';
import { HeldLinks } from './services/held-links';
import { setUpCards, type CardServices, type CardSetupOptions } from './services/payments/cards/setup';
import { CardWork } from './services/orders/card-work';
import { pixOrders } from './services/orders/pix-orders';
import { cardRoutes } from './routes/cards';
import { smtpDelivery, type MailDelivery } from './services/mail';
import { pageRendering } from './render/pages';
import { setUpPix, type PixServices, type PixSetupOptions } from './services/payments/pix/setup';
import { startNotifications, type Notifications } from './services/notifications';
import { newVapidKeys } from './services/notifications/push';
import { notificationRoutes } from './routes/notifications';
import { stockAlertRoutes } from './routes/stock-alerts';
import { personalDataRoutes } from './routes/personal-data';
import { fieldMeasurementRoutes } from './routes/field-measurement';
import type { VapidKeys } from './secrets';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** SMTP delivery of the mail outbox; null without SMTP_URL (messages are stored and logged only). */
    mailDelivery: MailDelivery | null;
    /** Secret links (reset) of queued messages, kept only in this process's memory. */
    mailLinks: HeldLinks;
    /** Stored catalogue answers; a write that changes the catalogue calls `invalidate()` after commit. */
    catalogueCache: AnswerCache;
    /** The Pix provider (or the bundled emulator), and the work owed to it. */
    pix: PixServices;
    /** The card provider (the bundled emulator unless CARD_PROVIDER names one), and its worker. */
    cards: CardServices & { work: CardWork };
    /** Order e-mails and Web Push (src/server/services/notifications). */
    notifications: Notifications;
    /** The time now, for rules that depend on it (the motoboy's cut-off); tests give a fixed one. */
    clock: () => Date;
  }
}

/** Sent by the triggers of migration 0014 on every write to a catalogue table. */
export const CATALOGUE_CHANNEL = 'catalogue_changed';
const CATALOGUE_CACHE_MAX_ENTRIES = 10_000;
const ASSETS_PREFIX = '/assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  cards?: CardSetupOptions;
  pix?: PixSetupOptions;
  /** Web Push keys (server.ts: VAPID_* or DATA_DIR/vapid.json); unset: a pair for this process only. */
  vapidKeys?: VapidKeys;
  /** The time now; unset: the machine's. */
  clock?: () => Date;
}

/** The whole server as a tree of plugins; `server.ts` only listens, so tests call `inject()`. */
export async function buildApp({
  config,
  database,
  logger,
  cards,
  pix,
  vapidKeys,
  clock = () => new Date(),
}: BuildOptions): Promise<FastifyInstance> {
  // The card emulator never runs beside a real payment setup unless it is asked for.
  const sandboxRefusal = cards?.provider ? null : cardSandboxRefusal(config);
  if (sandboxRefusal) throw new Error(sandboxRefusal);
  const app = Fastify({
    logger: loggerOptions(logger, config.LOG_LEVEL),
    ...serverOptions(),
    trustProxy: config.TRUST_PROXY ?? false,
  });
  const staticRoot = resolve(config.STATIC_DIR);
  const indexFile = resolve(staticRoot, 'index.html');
  const hasBuild = existsSync(indexFile);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('clock', clock);

  await registerSecurityHeaders(app, hasBuild ? readFileSync(indexFile, 'utf8') : undefined);
  registerUrlLimit(app);
  await registerHealth(app);
  registerOriginCheck(app);
  registerRateLimits(app);
  const mailLinks = new HeldLinks();
  app.decorate('mailLinks', mailLinks);
  const cardServices = await setUpCards(app, cards);
  const cardWork = new CardWork(cardServices.context, config.CARD_WORK_SECONDS);
  cardWork.start();
  app.addHook('onClose', () => cardWork.stop());
  app.decorate('cards', { ...cardServices, work: cardWork });
  const mailDelivery = config.SMTP_URL
    ? smtpDelivery({
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        db: database.db,
        log: app.log,
        held: mailLinks,
      })
    : null;
  app.decorate('mailDelivery', mailDelivery);
  app.decorate('pix', await setUpPix(app, pixOrders, pix));
  if (mailDelivery) app.addHook('onClose', () => mailDelivery.stop());
  const notifications = startNotifications({
    db: database.db,
    log: app.log,
    publicUrl: config.PUBLIC_URL,
    mailDelivery,
    push: {
      keys: vapidKeys ?? newVapidKeys(),
      subject: config.VAPID_SUBJECT,
      ...(config.PUSH_CA
        ? { agent: new Agent({ ca: [...rootCertificates, readFileSync(config.PUSH_CA, 'utf8')] }) }
        : {}),
    },
    scanMs: config.NOTIFY_SCAN_MS,
  });
  app.decorate('notifications', notifications);
  // Before the mail delivery stops: a last round may queue e-mails.
  app.addHook('onClose', () => notifications.stop());

  const catalogueCache = new AnswerCache({
    ttlMs: config.CATALOGUE_CACHE_TTL_MS,
    maxEntries: CATALOGUE_CACHE_MAX_ENTRIES,
    maxBytes: config.CATALOGUE_CACHE_MAX_MB * 2 ** 20,
  });
  app.decorate('catalogueCache', catalogueCache);
  // Writes from other processes sharing the database (and any write this process did not expect).
  const stopListening = await database.listen(
    CATALOGUE_CHANNEL,
    () => catalogueCache.invalidate(),
    (error) => app.log.warn({ err: error }, 'catalogue change listener lost; listening again'),
  );
  app.addHook('onClose', stopListening);

  // Some DataSnap clients post JSON as text/plain; accept it as JSON.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, text, done) => {
    try {
      done(null, text === '' ? {} : JSON.parse(text as string));
    } catch {
      done(new HttpFailure(400, 'Corpo da requisição inválido: JSON malformado.'), undefined);
    }
  });

  app.setErrorHandler((error, request, reply) => {
    const intended = intendedFailure(error);
    if (intended) {
      return reply.code(intended.status).send({ ...intended.extra, resposta: intended.resposta });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ resposta: clientFailureMessage(status, error as { code?: string }) });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ resposta: 'Erro interno. Tente novamente em instantes.' });
  });

  await app.register(fastifyCookie);
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(catalogueRoutes);
  await app.register(customerRoutes);
  await app.register(customerCartRoutes);
  await app.register(workListRoutes);
  await app.register(personalDataRoutes);
  await app.register(orderRoutes);
  await app.register(pixRoutes);
  await app.register(cardRoutes);
  await app.register(storeModeRoutes);
  await app.register(notificationRoutes);
  await app.register(stockAlertRoutes);
  await app.register(storeStaffRoutes);
  await app.register(priceQuoteRoutes);
  await app.register(fieldMeasurementRoutes);
  await app.register(adminRoutes);
  await app.register(seoRoutes);

  const pages = hasBuild ? await pageRendering(app, staticRoot) : null;
  app.decorate('pages', pages);
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(DATASNAP_PATH) || request.method !== 'GET') {
      return reply.code(404).send({ resposta: 'Operação não encontrada.' });
    }
    // A chunk no build has: never a page in its place (a script answered with HTML is a white screen).
    if (request.url.startsWith(ASSETS_PREFIX))
      return reply.code(404).send({ resposta: 'Arquivo não encontrado.' });
    // Every other GET is a route of the PWA: rendered by the server, or the shell.
    if (pages) return pages.send(request, reply);
    if (hasBuild) return reply.header('cache-control', 'no-store').sendFile('index.html');
    return reply.code(404).send({ resposta: 'Aplicativo não compilado: rode npm run build.' });
  });

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: staticRoot,
      wildcard: false,
      index: false,
      // The build writes each asset's .br and .gz beside it (scripts/precompress.ts).
      preCompressed: true,
      setHeaders: (response, path) => {
        // Hashed build assets never change; the page and the worker that name them are never
        // stored (a stale one would name chunks of an old build); everything else is revalidated.
        if (path.includes('/assets/')) response.header('cache-control', IMMUTABLE);
        else if (/(^|[/\\])(sw\.js|[^/\\]*\.html)$/.test(path)) response.header('cache-control', 'no-store');
        else response.header('cache-control', 'no-cache');
      },
    });
    const keptDir = resolve(config.DATA_DIR, KEPT_ASSETS_FOLDER);
    keepBuildAssets(staticRoot, keptDir, config.KEPT_ASSETS_DAYS * 86_400_000);
    // Behind the build's own files: what the build lacks, an earlier build may have had.
    await app.register(fastifyStatic, {
      root: keptDir,
      prefix: ASSETS_PREFIX,
      decorateReply: false,
      index: false,
      preCompressed: true,
      setHeaders: (response) => response.header('cache-control', IMMUTABLE),
    });
  }
  return app;
}
