import { z } from 'zod';
import { INTEREST_PAYERS } from '../domain/payment-options';

// Configuration is read once, here, and checked (docs/decisions/019-configuration-read-once.md). Defaults serve the embedded store.
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /**
   * Which proxies may set X-Forwarded-For (Fastify's trustProxy): unset trusts none, so a client
   * cannot spoof its address past the per-address login limit; set it to the load balancer's
   * address or CIDR (e.g. 10.0.0.0/8) when running behind one.
   */
  TRUST_PROXY: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STATIC_DIR: z.string().default('./dist'),
  /** The server render's build (`vite build --ssr`); without it the server sends the plain shell. */
  SSR_DIR: z.string().default('./dist-ssr'),
  /** Public base URL of this server, used in links it sends (reset e-mails, QR code images). */
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
  /** Synthetic catalogue size for the seed (0 = the hand-made catalogue only). */
  SEED_PRODUCTS: z.coerce.number().int().min(0).max(200_000).default(0),
  CEP_LOOKUP_URL: z.string().url().optional(),
  COOKIE_SECURE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /**
   * The payment provider's API Pix (the Banco Central's standard), e.g. https://pix.example.com/v2.
   * Unset: the bundled emulator of that API serves Pix (src/server/pix-emulator).
   */
  PIX_API_URL: z.string().url().optional(),
  /** OAuth2 token endpoint; default: /oauth/token at PIX_API_URL's origin. */
  PIX_TOKEN_URL: z.string().url().optional(),
  PIX_CLIENT_ID: z.string().optional(),
  PIX_CLIENT_SECRET: z.string().optional(),
  /** PEM files: the client certificate and key the PSP issued (mutual TLS), and an extra CA. */
  PIX_CERT: z.string().optional(),
  PIX_CERT_KEY: z.string().optional(),
  PIX_CA: z.string().optional(),
  /** Registered at start (PUT /webhook/{chave}); the PSP then posts to {PIX_WEBHOOK_URL}/pix. */
  PIX_WEBHOOK_URL: z.string().url().optional(),
  /** Each call to the provider gives up after this long. */
  PIX_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  /** Every Pix received is matched to its order this often (0: only by `pix:reconcile`). */
  PIX_RECONCILE_SECONDS: z.coerce.number().int().min(0).default(300),
  PIX_KEY: z.string().max(77).default('pix@casaeobra.com.br'),
  PIX_MERCHANT_NAME: z.string().max(25).default('CASA E OBRA'),
  PIX_MERCHANT_CITY: z.string().max(15).default('CAMPINAS'),
  PIX_EXPIRY_SECONDS: z.coerce.number().int().min(60).default(1800),
  /** Emulator only: pays every charge this many seconds after it was opened (demonstrations). */
  PIX_AUTO_CONFIRM_SECONDS: z.coerce.number().int().min(0).default(0),
  /** Who takes cards: the bundled emulator (its own origin), or a real provider by its adapter. */
  CARD_PROVIDER: z.enum(['emulator', 'adyen']).default('emulator'),
  /** Each call to the card provider gives up after this long (then it is read back). */
  CARD_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  /**
   * When an approved card is captured: at the authorization, or when staff invoice the order
   * (`npm run store -- order:invoice`); until then the money is only authorized.
   */
  CARD_CAPTURE: z.enum(['authorization', 'invoice']).default('authorization'),
  /**
   * Who pays instalment interest: the shopper (the provider's plan), or the store (every plan
   * 'sem juros'). The PWA's build reads the same variable (vite.config.ts envPrefix).
   */
  CARD_INTEREST_PAID_BY: z.enum(INTEREST_PAYERS).default('shopper'),
  /** Waiting card payments read back, late approvals given back and refunds sent this often. */
  CARD_WORK_SECONDS: z.coerce.number().int().min(0).default(30),
  /** Emulator: its port (0: any free one); its pages are served at PUBLIC_URL's host on it. */
  CARD_EMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** The store's plan, as the provider is configured with it (the emulator's settings). */
  CARD_PLAN_INTEREST_FREE: z.coerce.number().int().min(1).max(24).default(6),
  CARD_PLAN_MAX_INSTALLMENTS: z.coerce.number().int().min(1).max(24).default(10),
  CARD_PLAN_MONTHLY_RATE: z.coerce.number().min(0).max(0.2).default(0.0199),
  CARD_PLAN_MIN_INSTALLMENT_CENTAVOS: z.coerce.number().int().min(1).default(1000),
  /** Adyen (CARD_PROVIDER=adyen): API key, merchant account, client key, HMAC key of the webhooks. */
  ADYEN_API_KEY: z.string().optional(),
  ADYEN_MERCHANT_ACCOUNT: z.string().optional(),
  ADYEN_CLIENT_KEY: z.string().optional(),
  ADYEN_HMAC_KEY: z.string().optional(),
  ADYEN_ENVIRONMENT: z.enum(['test', 'live']).default('test'),
  /** Adyen live: the prefix of the live endpoints of the merchant's company account. */
  ADYEN_LIVE_URL_PREFIX: z.string().optional(),
  /** Adyen: the basic auth the standard webhook is configured with, beside its HMAC key (optional). */
  ADYEN_WEBHOOK_USERNAME: z.string().optional(),
  ADYEN_WEBHOOK_PASSWORD: z.string().optional(),
  /** The card emulator, said out loud, beside a real setup (a real Pix provider, HTTPS). */
  PAYMENT_SANDBOX: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Casa & Obra <nao-responda@casaeobra.com.br>'),
  /**
   * How long this process may serve a stored catalogue answer (best sellers, detail, listing,
   * suggestions). Writes invalidate at once here and, through PostgreSQL NOTIFY, in every other
   * process; this is the bound should a notification be lost. 0 turns the answer cache off.
   */
  CATALOGUE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  /** Memory for stored catalogue answers (JSON plus its br and gzip forms), in MiB. */
  CATALOGUE_CACHE_MAX_MB: z.coerce.number().min(1).max(4096).default(64),
  /**
   * Web Push (src/server/services/notifications): the VAPID key pair, base64url (unset: a pair made
   * at first start in DATA_DIR/vapid.json; set both when several instances serve the store), and
   * the contact push services may write to: a mailto: or https: address (Apple refuses localhost).
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, 'a base64url P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, 'a base64url P-256 private key')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(
      /^(mailto:[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+|https:\/\/[^\s<>/]+\.[^\s<>]+)$/,
      'a mailto: or https: address, without spaces or angle brackets',
    )
    .refine((subject) => !/localhost|127\.0\.0\.1/i.test(subject), 'not a localhost address')
    .default('mailto:atendimento@casaeobra.com.br'),
  /**
   * The push services whose endpoints a device may register (host names, a subdomain of one counts):
   * the server posts to them (https only), so no other host (an internal address) is ever one.
   */
  PUSH_ENDPOINT_HOSTS: z
    .string()
    .default('fcm.googleapis.com,push.services.mozilla.com,push.apple.com,notify.windows.com')
    .transform((hosts) =>
      hosts
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** A PEM file of a CA to trust for push services besides the system's (a proxy's; the tests'). */
  PUSH_CA: z.string().optional(),
  /** How often queued order events are turned into e-mails and pushes, and pushes sent (ms). */
  NOTIFY_SCAN_MS: z.coerce.number().int().min(50).max(60_000).default(2000),
  /** Token of the loopback-only /admin endpoints (staff commands); unset: a random one in DATA_DIR/admin-token. */
  ADMIN_TOKEN: z.string().min(24).optional(),
  /**
   * The client's build-time bases (vite.config.ts reads the same names). Absolute URLs among them
   * are allowed by the Content-Security-Policy (src/server/http/security.ts), so give the server
   * the values the store was built with.
   */
  VITE_DATASNAP_URL: z.string().optional(),
  VITE_IMAGE_BASE: z.string().optional(),
  VITE_CEP_LOOKUP_URL: z.string().optional(),
  /** Rate limits of sign-in, registration, recovery, reset, password change and contact (src/server/http/rate-limits.ts). */
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /** Requests per window to one such operation from one address (a store's tablets share one address). */
  RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(200),
  /** Requests per window to one such operation for one account (document, e-mail or session). */
  RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(20),
  /**
   * Load shedding (src/server/http/health.ts): past these the server answers 503 with Retry-After
   * instead of queueing. Mean event-loop delay of each second, in ms, over it for two seconds in a row
   * (one long task is not an overload; 0 = off).
   */
  SHED_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  /** Heap in use, in MiB; unset: 90% of V8's heap limit. */
  SHED_MAX_HEAP_MB: z.coerce.number().int().min(1).optional(),
  /** Event-loop utilisation, 0-1 (0 = off). */
  SHED_MAX_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).default(0),
  /** What Retry-After says to a shed request, in seconds. */
  SHED_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  /**
   * Server renders of pages not in the page cache, per client address and minute
   * (src/server/render/render-limit.ts); past it the address gets the shell, which the browser renders.
   */
  PAGE_RENDERS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /**
   * How long hashed assets of earlier builds stay answerable after a deploy (DATA_DIR/kept-assets,
   * src/server/http/kept-assets.ts), in days; 0 keeps none.
   */
  KEPT_ASSETS_DAYS: z.coerce.number().min(0).max(365).default(7),
});

export type Config = z.infer<typeof envSchema>;

/**
 * What makes an Adyen setup unusable, said before the store starts: a client key of the other
 * environment (Adyen's start with test_ or live_, and Adyen Web refuses the mismatch only in the
 * shopper's browser), live without its endpoint prefix, or live on plain HTTP (Adyen's live webhooks
 * and client keys need an HTTPS origin).
 */
function adyenProblem(config: z.infer<typeof envSchema>): string | null {
  if (config.CARD_PROVIDER !== 'adyen' || !config.ADYEN_CLIENT_KEY) return null;
  const environment = config.ADYEN_ENVIRONMENT;
  if (!config.ADYEN_CLIENT_KEY.startsWith(`${environment}_`))
    return `ADYEN_CLIENT_KEY is not a client key of Adyen's ${environment} environment (it starts with ${environment}_)`;
  if (environment === 'live' && !config.ADYEN_LIVE_URL_PREFIX)
    return 'ADYEN_ENVIRONMENT=live needs ADYEN_LIVE_URL_PREFIX (Customer Area > Developers > API URLs)';
  if (environment === 'live' && !config.PUBLIC_URL.startsWith('https://'))
    return 'ADYEN_ENVIRONMENT=live needs an https PUBLIC_URL (the checkout and the webhook Adyen posts to)';
  return null;
}

export function readConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set" (DATABASE_URL= falls back to the embedded database).
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema
    .refine((config) => !config.PIX_API_URL || (config.PIX_CLIENT_ID && config.PIX_CLIENT_SECRET), {
      message: 'PIX_API_URL needs PIX_CLIENT_ID and PIX_CLIENT_SECRET (the OAuth client the PSP issued)',
      path: ['PIX_CLIENT_ID'],
    })
    .refine(
      (config) =>
        config.CARD_PROVIDER !== 'adyen' ||
        (config.ADYEN_API_KEY &&
          config.ADYEN_MERCHANT_ACCOUNT &&
          config.ADYEN_CLIENT_KEY &&
          config.ADYEN_HMAC_KEY),
      {
        message:
          'CARD_PROVIDER=adyen needs ADYEN_API_KEY, ADYEN_MERCHANT_ACCOUNT, ADYEN_CLIENT_KEY and ADYEN_HMAC_KEY',
        path: ['CARD_PROVIDER'],
      },
    )
    .superRefine((config, context) => {
      const problem = adyenProblem(config);
      if (problem) context.addIssue({ code: 'custom', message: problem, path: ['ADYEN_ENVIRONMENT'] });
    })
    .refine((config) => !config.ADYEN_WEBHOOK_USERNAME === !config.ADYEN_WEBHOOK_PASSWORD, {
      message: "ADYEN_WEBHOOK_USERNAME and ADYEN_WEBHOOK_PASSWORD go together (the webhook's basic auth)",
      path: ['ADYEN_WEBHOOK_PASSWORD'],
    })
    .refine((config) => !config.VAPID_PUBLIC_KEY === !config.VAPID_PRIVATE_KEY, {
      message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together (a pair)',
      path: ['VAPID_PRIVATE_KEY'],
    })
    .safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return parsed.data;
}
