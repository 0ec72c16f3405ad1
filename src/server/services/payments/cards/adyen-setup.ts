import type { FastifyBaseLogger } from 'fastify';
import { ADYEN_WEB_ORIGINS, type AdyenEnvironment } from '../../../../api/cards';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import type { CardProviderSources } from '../../../http/security';
import { createAdyenProvider, type AdyenProvider } from './adyen';
import { createTableRecordStore } from './adyen-record-table';

// CARD_PROVIDER=adyen: the adapter made from the configuration (readConfig has refused what cannot
// work: a missing credential, a client key of the other environment, live without its prefix or on
// plain HTTP), its records in the database, and what the checkout's CSP must allow of Adyen.

/** The Adyen adapter of a configuration whose CARD_PROVIDER is adyen. */
export function adyenFromConfig(config: Config, db: Db, log: FastifyBaseLogger): AdyenProvider {
  const required = (name: keyof Config) => {
    const value = config[name];
    if (typeof value !== 'string' || !value) throw new Error(`CARD_PROVIDER=adyen needs ${name}`);
    return value;
  };
  const username = config.ADYEN_WEBHOOK_USERNAME;
  const password = config.ADYEN_WEBHOOK_PASSWORD;
  return createAdyenProvider({
    apiKey: required('ADYEN_API_KEY'),
    merchantAccount: required('ADYEN_MERCHANT_ACCOUNT'),
    clientKey: required('ADYEN_CLIENT_KEY'),
    hmacKey: required('ADYEN_HMAC_KEY'),
    notificationAuth: username && password ? { username, password } : undefined,
    environment: config.ADYEN_ENVIRONMENT,
    liveUrlPrefix: config.ADYEN_LIVE_URL_PREFIX,
    timeoutMs: config.CARD_TIMEOUT_MS,
    // The store's plan is the same configuration as the emulator's (Adyen quotes none itself).
    installmentPlan: {
      maxCount: config.CARD_PLAN_MAX_INSTALLMENTS,
      interestFreeCount: config.CARD_PLAN_INTEREST_FREE,
      monthlyRate: config.CARD_PLAN_MONTHLY_RATE,
      minInstallmentCentavos: config.CARD_PLAN_MIN_INSTALLMENT_CENTAVOS,
    },
    records: createTableRecordStore(db),
    log,
  });
}

/**
 * Adyen Web in the checkout, by environment: its script and stylesheet and the card fields' iframes
 * (checkoutshopper), its calls (checkoutshopper, and checkoutanalytics, which Adyen Web 6 posts
 * its events to) and the card brands' images (its CDN), as Adyen Web's own environment table names
 * them (packages/lib/src/core/Environment/constants.ts). 3-D Secure 2 in the page frames the
 * issuer's ACS and posts a form to it (the device check and the challenge): in test that is Adyen's
 * simulator on pal-test.adyen.com; live, it is each issuer's own host, which no list can name, so
 * frames and form posts must allow any https origin (what Adyen itself advises for 3-D Secure).
 */
export function adyenPageSources(environment: AdyenEnvironment): CardProviderSources {
  const web = ADYEN_WEB_ORIGINS[environment];
  const issuers = environment === 'test' ? ['https://pal-test.adyen.com'] : ['https:'];
  return {
    script: [web],
    style: [web],
    frame: [web, ...issuers],
    connect: [web, `https://checkoutanalytics-${environment}.adyen.com`],
    image: [`https://checkoutshopper-${environment}.cdn.adyen.com`],
    formAction: issuers,
  };
}
