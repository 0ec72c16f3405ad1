import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { newEmulatorCredentials, type EmulatorCredentials } from './pix-emulator/emulator';

export const PIX_EMULATOR_CREDENTIALS_FILE = 'pix-emulador.json';

/**
 * The bundled Pix emulator's OAuth client, made at first start in the data folder (mode 0600) like
 * the admin token, so `npm start` needs no configuration and no two data folders share one.
 */
export function dataDirPixEmulatorCredentials(dataDir: string): EmulatorCredentials {
  const file = join(resolve(dataDir), PIX_EMULATOR_CREDENTIALS_FILE);
  if (existsSync(file)) {
    try {
      const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<EmulatorCredentials>;
      if (stored.clientId && stored.clientSecret && stored.clientSecret.length >= 16)
        return { clientId: stored.clientId, clientSecret: stored.clientSecret };
    } catch {
      // A damaged file is replaced below.
    }
  }
  const credentials = newEmulatorCredentials();
  mkdirSync(resolve(dataDir), { recursive: true });
  writeFileSync(file, `${JSON.stringify(credentials)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return credentials;
}

export const VAPID_KEYS_FILE = 'vapid.json';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The Web Push (VAPID) key pair, made at first start in the data folder (mode 0600) like the admin
 * token. Several instances must share one pair (VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY): a device
 * subscribed with one key refuses pushes signed with another.
 */
export function dataDirVapidKeys(dataDir: string, generate: () => VapidKeys): VapidKeys {
  const file = join(resolve(dataDir), VAPID_KEYS_FILE);
  if (existsSync(file)) {
    try {
      const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
      if (stored.publicKey && stored.privateKey)
        return { publicKey: stored.publicKey, privateKey: stored.privateKey };
    } catch {
      // A damaged file is replaced below.
    }
  }
  const keys = generate();
  mkdirSync(resolve(dataDir), { recursive: true });
  writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return keys;
}
