import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from './config';

/** The webhook secret printed in the README for the sandbox: anyone can sign with it. */
export const SANDBOX_WEBHOOK_SECRET = 'sandbox-webhook-secret-change-me';
export const WEBHOOK_SECRET_FILE = 'webhook-secret';

export const SANDBOX_SECRET_REFUSED =
  'PAYMENT_WEBHOOK_SECRET is the published sandbox secret: anyone could mark orders paid. ' +
  'Set a secret of your own, or PAYMENT_SANDBOX=true for a sandbox store.';

/**
 * The webhook secret this server checks signatures with. Configured: that one (the published
 * sandbox value only with PAYMENT_SANDBOX=true). Not configured: the sandbox value in the sandbox;
 * otherwise `fallback`, which server.ts reads from the data folder and tests leave random.
 */
export function webhookSecret(
  config: Pick<Config, 'PAYMENT_WEBHOOK_SECRET' | 'PAYMENT_SANDBOX'>,
  fallback: () => string = () => randomBytes(32).toString('base64url'),
): string {
  const configured = config.PAYMENT_WEBHOOK_SECRET;
  if (configured === SANDBOX_WEBHOOK_SECRET && !config.PAYMENT_SANDBOX)
    throw new Error(SANDBOX_SECRET_REFUSED);
  if (configured) return configured;
  return config.PAYMENT_SANDBOX ? SANDBOX_WEBHOOK_SECRET : fallback();
}

/**
 * The data folder's own webhook secret, made at first start (mode 0600) like the admin token, so
 * `npm start` needs no configuration and no two stores share a secret. Instances on one
 * PostgreSQL with their own data folders must be given PAYMENT_WEBHOOK_SECRET instead.
 */
export function dataDirWebhookSecret(dataDir: string): string {
  const file = join(resolve(dataDir), WEBHOOK_SECRET_FILE);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 16) return stored;
  }
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(resolve(dataDir), { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
