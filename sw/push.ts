/// <reference lib="webworker" />
import type { PushMessage } from '../src/api/notifications';
import { paths } from '../src/config/paths';

// Order notifications (docs/notifications.md). Every push shows a notification, whatever it holds
// (a push that shows none costs the permission on iOS); a click focuses a window of the store on
// the order's page, or opens one.

declare const self: ServiceWorkerGlobalScope;

const FALLBACK = {
  title: 'Casa & Obra',
  body: 'Há novidades nos seus pedidos.',
  navigate: paths.customerArea,
};
const ICON = '/icons/icon-192.png';

function readPush(data: PushMessageData | null): PushMessage['notification'] | typeof FALLBACK {
  try {
    const message = data?.json() as Partial<PushMessage> | undefined;
    const notification = message?.notification;
    if (notification && typeof notification.title === 'string' && typeof notification.body === 'string')
      return notification;
  } catch {
    // Not JSON: the fallback below.
  }
  return FALLBACK;
}

/** Only this store's pages: a path of this origin, whatever the payload said. */
function pageOf(navigate: unknown): string {
  try {
    const url = new URL(String(navigate), self.location.origin);
    return url.origin === self.location.origin ? `${url.pathname}${url.search}` : FALLBACK.navigate;
  } catch {
    return FALLBACK.navigate;
  }
}

self.addEventListener('push', (event) => {
  const notification = readPush(event.data);
  const tag = 'tag' in notification ? notification.tag : undefined;
  event.waitUntil(
    self.registration.showNotification(notification.title, {
      body: notification.body,
      icon: ICON,
      badge: ICON,
      lang: 'pt-BR',
      ...(tag ? { tag } : {}),
      data: { navigate: pageOf(notification.navigate) },
    }),
  );
});

/** Focuses an open window of the store on the page, or opens one. */
async function openFromNotification(page: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    await open.focus().catch(() => undefined);
    await open.navigate(page);
    return;
  }
  await self.clients.openWindow(page);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const work = openFromNotification(
    pageOf((event.notification.data as { navigate?: string } | null)?.navigate),
  );
  // A click the browser made (trusted) keeps the worker alive until the window is there.
  if (event.isTrusted) event.waitUntil(work);
});
