import { buildApp } from './app';
import { readConfig } from './config';
import { prepareDatabase } from './db/prepare';
import { cardSandboxRefusal } from './payment-sandbox';
import { dataDirPixEmulatorCredentials, dataDirVapidKeys } from './secrets';
import { newVapidKeys } from './services/notifications/push';

// Only listens and shuts down; everything else is in app.ts.
let config: ReturnType<typeof readConfig>;
try {
  config = readConfig();
  // The card sandbox refuses a real store's configuration before the database is opened.
  const refusal = cardSandboxRefusal(config);
  if (refusal) throw new Error(refusal);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
const database = await prepareDatabase(config, (message) => console.log(message));
const app = await buildApp({
  config,
  database,
  pix: config.PIX_API_URL ? {} : { emulatorCredentials: dataDirPixEmulatorCredentials(config.DATA_DIR) },
  vapidKeys:
    config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY
      ? { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY }
      : dataDirVapidKeys(config.DATA_DIR, newVapidKeys),
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal} received, closing`);
  try {
    await app.close();
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error(error);
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

// Ready before it says so: the first page render (code compiled, caches filled) happens here, not
// on the first visitor's request.
const warmUp = await app.inject({ method: 'GET', url: '/' });
app.log.info({ status: warmUp.statusCode }, 'warmed up: the home rendered once before listening');
await app.listen({ port: config.PORT, host: config.HOST });
