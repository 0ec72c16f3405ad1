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
 * Who pays instalment interest: the server's CARD_INTEREST_PAID_BY, read by the build too
 * (vite.config.ts envPrefix), so the product page, the cart and the checkout say what the provider
 * will quote. `npm start` builds and serves with the same environment.
 */
export const cardInterestPaidBy: InterestPayer =
  import.meta.env?.CARD_INTEREST_PAID_BY === 'store' ? 'store' : 'shopper';
