import { z } from 'zod';
import { PHYSICAL_STORES } from '../domain/store';
import { emailField } from './customer-fields';
import { defineOperation } from './define';
import { idValue } from './fields';

// 'Avise-me quando chegar' (issue 41, docs/stock-alerts.md): operations of ours, beside APP_0099
// and the push ones. Against the retailer's real DataSnap they do not exist (404). The push channel
// is the session's customer, never the body's. Answers are `no-store`.

export const STOCK_ALERT_CHANNEL_MESSAGE = 'Informe um e-mail ou ative as notificações para ser avisado.';
export const STOCK_ALERT_STORE_MESSAGE = 'Loja inválida.';
export const STOCK_ALERT_PUSH_SIGNED_OUT_MESSAGE =
  'Entre na sua conta para ser avisado por notificação, ou informe um e-mail.';
export const STOCK_ALERT_NO_DEVICE_MESSAGE =
  'Ative as notificações neste aparelho para ser avisado por elas, ou informe um e-mail.';
export const STOCK_ALERT_BAD_LINK_MESSAGE = 'Link de cancelamento inválido.';

/** Where the shopper wants the product: online (delivery) or at one of the stores. */
const storeField = z
  .union([idValue, z.null()])
  .optional()
  .transform((value) => value ?? null)
  .refine((id) => id === null || PHYSICAL_STORES.some((store) => store.id === id), STOCK_ALERT_STORE_MESSAGE);

export const stockAlertBody = z
  .object({
    idprd: idValue,
    /** A physical store's id; absent or null: online. */
    loja: storeField,
    /** Told by e-mail at this address. */
    email: emailField.optional(),
    /** Told by push on the signed-in customer's devices. */
    push: z.boolean().optional(),
  })
  .refine((body) => body.email !== undefined || body.push === true, STOCK_ALERT_CHANNEL_MESSAGE);

export const stockAlertOperation = defineOperation({
  name: 'AVISO_ESTOQUE',
  method: 'POST',
  body: stockAlertBody,
  answer: z.object({ resposta: z.string() }),
  okStatus: 201,
  doc: [
    'Asks to be told once when a product out of stock is back: online (no `loja`) or at the store',
    '`loja`. By e-mail at `email` (any shopper) and/or by push (`push: true`) on the signed-in',
    "customer's registered devices (401 without a session; 409 with no device). A product in stock",
    'where asked: 409 with a pt-BR `resposta` saying so. The same alert asked again while waiting',
    'stands as it is (201, one alert). Rate-limited per address and per e-mail.',
  ].join(' '),
});

export const stockAlertCancelOperation = defineOperation({
  name: 'AVISO_ESTOQUE_CANCELAR',
  method: 'POST',
  body: z.object({
    token: z
      .string({ error: STOCK_ALERT_BAD_LINK_MESSAGE })
      .regex(/^[A-Za-z0-9_-]{20,64}$/, STOCK_ALERT_BAD_LINK_MESSAGE),
  }),
  answer: z.object({ resposta: z.string() }),
  doc: [
    "Cancels the alert of the token in the alert's e-mail or push link (`/avise-me/cancelar?token=`):",
    'no sign-in needed, the token is the key. 200 when cancelled, 200 again (saying so) when it was',
    'already cancelled or sent; an unknown token: 404. Rate-limited per address.',
  ].join(' '),
});
