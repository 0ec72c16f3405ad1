import { z } from 'zod';
import { defineOperation } from './define';

// Card operations of ours (not in the retailer's contract; documented here like the store-mode
// ones): what the checkout needs of the card provider without ever seeing a card number.

export const cardSetupOperation = defineOperation({
  name: 'CARTAO_CONFIG',
  method: 'GET',
  answer: z.object({
    /** 'emulator' or the real provider's name. */
    provedor: z.string(),
    /** The provider's origin: the card fields' frame, and the only origin its messages are read from. */
    origem: z.string().url(),
    /** The page of the card fields (number, expiry, CVV), framed by the checkout. */
    campos: z.string().url(),
    /** The provider's public key for the browser (Adyen's client key); never a secret. */
    chave: z.string(),
  }),
  doc: [
    "The card provider's fields for the checkout: the page to frame and its origin. The card number,",
    'expiry and CVV are typed there and answered to the checkout as a single-use token with the',
    'brand, the last four digits and the BIN (postMessage); the store never receives them (PCI SAQ A).',
  ].join(' '),
});

/**
 * Where Adyen serves Adyen Web (its script, its stylesheet and the card fields' iframes) for each
 * environment: the server's CSP names it, and the checkout loads Adyen Web from it and nowhere else.
 */
export const ADYEN_WEB_ORIGINS = {
  test: 'https://checkoutshopper-test.adyen.com',
  live: 'https://checkoutshopper-live.adyen.com',
} as const;

export type AdyenEnvironment = keyof typeof ADYEN_WEB_ORIGINS;

/** The card's first digits (BIN), as the provider's fields answer them: what plans are quoted for. */
export const cardBin = z.string({ error: 'Cartão inválido.' }).regex(/^\d{6,8}$/, 'Cartão inválido.');

const cardInstallment = z.object({
  nParcelas: z.number().int(),
  /** One instalment, reais. */
  valorParcela: z.number(),
  /** What the shopper pays in all, reais. */
  total: z.number(),
  semJuros: z.boolean(),
  /** Monthly and yearly rates, and the CET per year, as fractions (0 when interest-free). */
  taxaMensal: z.number(),
  taxaAnual: z.number(),
  cetAnual: z.number(),
  descricao: z.string(),
});

export const cardInstallmentsOperation = defineOperation({
  name: 'CARTAO_PARCELAS',
  method: 'GET',
  query: z.object({
    bin: cardBin,
    /** The order total (reais): products plus freight. */
    valor: z.coerce
      .number({ error: 'Valor inválido.' })
      .positive('Valor inválido.')
      .max(10_000_000, 'Valor inválido.'),
  }),
  answer: z.object({ parcelas: z.array(cardInstallment) }),
  doc: [
    'The instalment plans the card provider offers for a card (its BIN) and an amount, each with the',
    'rate per month and per year, the CET and the total (CDC art. 52). Signed-in customers only (401).',
    "APP_0050 charges the plan of the same quote for the order's own total.",
  ].join(' '),
});
