import { z } from 'zod';
import { defineOperation } from './define';

// Order notifications by Web Push: operations of ours, beside APP_0099 and the store-mode ones.
// Against the retailer's real DataSnap they do not exist (404) and the app offers no notifications.
// The customer is always the session's: a body never names one. Answers are `no-store`.

export const PUSH_SIGNED_OUT_MESSAGE = 'Entre na sua conta para receber avisos dos seus pedidos.';
export const PUSH_INVALID_MESSAGE =
  'Inscrição de notificações inválida: permita as notificações e tente de novo.';

/** What the browser's PushSubscription.toJSON() gives: the endpoint and the device's keys. */
export const pushSubscriptionBody = z.object({
  endpoint: z
    .string({ error: PUSH_INVALID_MESSAGE })
    .max(2048, PUSH_INVALID_MESSAGE)
    .url(PUSH_INVALID_MESSAGE),
  keys: z.object(
    {
      // A P-256 public key (65 bytes) and a 16-byte secret, base64url.
      p256dh: z
        .string({ error: PUSH_INVALID_MESSAGE })
        .regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, PUSH_INVALID_MESSAGE),
      auth: z
        .string({ error: PUSH_INVALID_MESSAGE })
        .regex(/^[A-Za-z0-9_-]{22,24}={0,2}$/, PUSH_INVALID_MESSAGE),
    },
    { error: PUSH_INVALID_MESSAGE },
  ),
});

export const pushKeyOperation = defineOperation({
  name: 'PUSH_CHAVE',
  method: 'GET',
  answer: z.object({ chave: z.string() }),
  doc: "The server's VAPID public key (base64url), the applicationServerKey a browser subscribes with. A device subscribed with another key (the key changed) subscribes again.",
});

export const pushSubscribeOperation = defineOperation({
  name: 'PUSH_INSCREVER',
  method: 'POST',
  body: pushSubscriptionBody,
  answer: z.object({ resposta: z.string() }),
  doc: [
    "Registers this device's push subscription (PushSubscription.toJSON()) for the signed-in customer",
    '(401 without a session). One row per endpoint: the same endpoint again replaces its keys (the',
    'browser renewed it), and a device last used by another customer moves to this one. A customer',
    'may have several devices. The app calls it at every start while permission is granted. An',
    "endpoint outside the known push services (the server's PUSH_ENDPOINT_HOSTS): 400.",
  ].join(' '),
});

export const pushUnsubscribeOperation = defineOperation({
  name: 'PUSH_CANCELAR',
  method: 'POST',
  body: z.object({ endpoint: z.string({ error: PUSH_INVALID_MESSAGE }).max(2048, PUSH_INVALID_MESSAGE) }),
  answer: z.object({ resposta: z.string() }),
  doc: [
    "Removes this device's subscription of the signed-in customer (sign-out calls it first). Always",
    "200 with a session, also when the endpoint is unknown or another customer's, which it never touches.",
  ].join(' '),
});

/**
 * The push payload: the service worker's notification, in the Declarative Web Push form
 * (`web_push: 8030`) that iOS and iPadOS 18.4+ show without a worker. Nothing personal beyond the
 * order number, the stage and the store's name.
 */
export const pushMessage = z.object({
  web_push: z.literal(8030),
  notification: z.object({
    title: z.string(),
    body: z.string(),
    /** Absolute URL of the order's page, opened by a click. */
    navigate: z.string(),
    lang: z.literal('pt-BR'),
    dir: z.literal('ltr'),
    /** One per order: a newer stage replaces the older notification. */
    tag: z.string(),
    icon: z.string(),
    badge: z.string(),
  }),
  /** The order the push is about, or (docs/quotes.md) the answered quote. */
  pedido: z.number().int().optional(),
  orcamento: z.number().int().optional(),
});
export type PushMessage = z.output<typeof pushMessage>;

export const pushTag = (orderId: number) => `pedido-${orderId}`;
export const quotePushTag = (quoteId: number) => `orcamento-${quoteId}`;
