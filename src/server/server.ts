import { buildApp } from './app';
import { readConfig } from './config';
import { prepareDatabase } from './db/prepare';
import { dataDirWebhookSecret, webhookSecret } from './secrets';
import { cardSandboxRefusal } from './payment-sandbox';

// Only listens and shuts down; everything else is in app.ts.
const read = readConfig();
let config: typeof read;
try {
  // server.ts always runs the card sandbox (no real acquirer is wired in yet).
  const refusal = cardSandboxRefusal(read);
  if (refusal) throw new Error(refusal);
  config = {
    ...read,
    PAYMENT_WEBHOOK_SECRET: webhookSecret(read, () => dataDirWebhookSecret(read.DATA_DIR)),
  };
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
const database = await prepareDatabase(config, (message) => console.log(message));
const app = await buildApp({ config, database });

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

await app.listen({ port: config.PORT, host: config.HOST });
