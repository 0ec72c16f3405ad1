// Client configuration, read once from Vite's env (docs/decisions/019-configuration-read-once.md).
import type { InterestPayer } from '../domain/payment-options';

export const imageBase: string = (import.meta.env?.VITE_IMAGE_BASE as string | undefined) ?? '/imagens';

/** A product image's address: {imageBase}/{idprd}/{n}.png, the first image being n = 1. */
export function productImageUrl(idprd: string | number, n = 1): string {
  return `${imageBase.replace(/\/$/, '')}/${encodeURIComponent(String(idprd))}/${n}.png`;
}

/** Host of the ViaCEP-compatible postal-code lookup (GET {host}/ws/{cep}/json/); same origin by default. */
export const cepLookupBase: string = (import.meta.env?.VITE_CEP_LOOKUP_URL as string | undefined) ?? '';

/**
 * VITE_CARD_FIELDS=raw: a build for another DataSnap (VITE_DATASNAP_URL) that only takes the card's
 * raw fields keeps the card form of its own (number, expiry, CVV typed on this page and sent in
 * APP_0050's `forma`), which puts that server in PCI DSS SAQ D scope. Unset: the card provider's
 * fields, and the raw form is not in the build at all (this constant removes it).
 */
export const RAW_CARD_FIELDS: boolean = import.meta.env?.VITE_CARD_FIELDS === 'raw';

/**
 * Who pays instalment interest: the server's CARD_INTEREST_PAID_BY, read by the build too
 * (vite.config.ts envPrefix), so the product page, the cart and the checkout say what the provider
 * will quote. `npm start` builds and serves with the same environment.
 */
export const cardInterestPaidBy: InterestPayer =
  import.meta.env?.CARD_INTEREST_PAID_BY === 'store' ? 'store' : 'shopper';

/**
 * VITE_RUM_SAMPLE_PERCENT: the share of page views whose figures are measured and sent (field
 * measurement, src/features/field-measurement), 100 by default. 0 leaves the measurement out of the
 * build (FIELD_MEASUREMENT, as the bench builds it to compare).
 */
const rumSample = (import.meta.env?.VITE_RUM_SAMPLE_PERCENT as string | undefined) ?? '100';
export const FIELD_MEASUREMENT: boolean = rumSample !== '0';
export const fieldSamplePercent: number = Math.min(100, Math.max(0, Number(rumSample) || 0));
