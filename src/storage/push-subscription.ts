import { callOperation } from '../api/client';
import { pushKeyOperation, pushSubscribeOperation, pushUnsubscribeOperation } from '../api/notifications';
import { readTabletMarker } from './tablet-marker';

// This device's Web Push subscription (docs/notifications.md): made when the shopper presses
// 'Avisar-me sobre este pedido', registered again at every start while permission lasts (and made
// anew when the server's key changed), and forgotten at sign-out. A paired store tablet never
// subscribes: it is shared by every customer of the store.

export type PushSupport =
  | 'supported'
  /** iPhone or iPad in Safari, not opened from the home screen: push only after 'Adicionar à Tela de Início'. */
  | 'ios-browser'
  | 'unsupported'
  | 'denied'
  | 'tablet';

const isIos = () =>
  /iPad|iPhone|iPod/.test(navigator.userAgent) ||
  (navigator.userAgent.includes('Macintosh') && navigator.maxTouchPoints > 1);
const standalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

export function pushSupport(): PushSupport {
  if (readTabletMarker()) return 'tablet';
  const capable = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (!capable) return isIos() && !standalone() ? 'ios-browser' : 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return 'supported';
}

const keyBytes = (base64url: string) => {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  return Uint8Array.from(raw, (char) => char.charCodeAt(0));
};

const sameKey = (subscription: PushSubscription, key: Uint8Array) => {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
};

async function registration() {
  return navigator.serviceWorker.ready;
}

/**
 * Subscribes this device (asking the browser's permission when it has not been given) and
 * registers it for the signed-in customer. Resolves false when the shopper refused.
 */
export async function subscribeThisDevice(): Promise<boolean> {
  if (pushSupport() !== 'supported') return false;
  if (Notification.permission !== 'granted' && (await Notification.requestPermission()) !== 'granted')
    return false;
  await registerThisDevice();
  return true;
}

/** With permission given: this device's subscription, renewed when the server's key changed, sent to the server. */
export async function registerThisDevice(): Promise<void> {
  const { chave } = await callOperation(pushKeyOperation);
  const key = keyBytes(chave);
  const { pushManager } = await registration();
  let subscription = await pushManager.getSubscription();
  if (subscription && !sameKey(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const { endpoint, keys } = subscription.toJSON();
  await callOperation(pushSubscribeOperation, {
    body: { endpoint: endpoint ?? '', keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } },
  });
}

/** At sign-out, before the session ends: the server forgets this device, and the browser its subscription. */
export async function forgetThisDevice(): Promise<void> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) return;
  const found = await navigator.serviceWorker.getRegistration();
  const subscription = await found?.pushManager.getSubscription();
  if (!subscription) return;
  try {
    await callOperation(pushUnsubscribeOperation, { body: { endpoint: subscription.endpoint } });
  } finally {
    await subscription.unsubscribe();
  }
}
