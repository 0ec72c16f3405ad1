import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Where this process answers, as a bundled emulator on this machine reaches it (its webhooks):
 * `http://127.0.0.1:8080` for a server listening on every address. Undefined before it listens.
 */
export function ownBaseUrl(app: FastifyInstance): string | undefined {
  const address = app.server.address() as AddressInfo | null;
  if (!address || typeof address !== 'object') return undefined;
  const host = ['0.0.0.0', '::'].includes(address.address) ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}
