import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { allowErrors, baseURL, controlledByWorker, openPage, phone, test, visit } from './browser';
import { listProducts, placePixOrder, signIn } from './shopper';

// Order notifications in the browser: the permission is asked for only by the button on an
// order's page, and the service worker shows every push (delivered here by the DevTools
// protocol, as a push service would) with one tag per order, a click opening the order's page.

const BUTTON = 'Avisar-me sobre este pedido';
const PUSH_IN_INCOGNITO =
  'Chrome currently does not support the Push API in incognito mode (https://crbug.com/41124656). There is deliberately no way to feature-detect this, since incognito mode needs to be undetectable by websites.';

/** The push message the server would send for an order (src/api/notifications.ts). */
const pushFor = (orderId: number, title: string) =>
  JSON.stringify({
    web_push: 8030,
    notification: {
      title,
      body: `Pedido ${orderId}: recebemos o seu pagamento.`,
      navigate: `${baseURL()}/detalhes_pedido/${orderId}`,
      lang: 'pt-BR',
      dir: 'ltr',
      tag: `pedido-${orderId}`,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
    },
    pedido: orderId,
  });

/** Delivers `data` to this page's service worker as a push (CDP ServiceWorker.deliverPushMessage). */
async function deliverPush(page: Page, data: string) {
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r: { scopeURL: string }) => r.scopeURL === `${baseURL()}/`);
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: baseURL(),
    registrationId: await registrationId,
    data,
  });
}

const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map(({ title, body, tag, data }) => ({
      title,
      body,
      tag,
      data,
    }));
  });

describe('order notifications', () => {
  test('offers the button only on an order, and never asks for permission by itself', async ({ browser }) => {
    const { page, context, assertNoErrors } = await openPage(browser, phone);
    const [product] = await listProducts('grupo=banheiro&por_pagina=1');
    await visit(page, '/');
    await visit(page, `/produto/${product!.idprd}`);
    expect(await page.getByRole('button', { name: BUTTON }).count()).toBe(0);
    await signIn(page);
    const orderId = await placePixOrder(page);
    await visit(page, `/detalhes_pedido/${orderId}`);
    await page.getByRole('heading', { name: `Pedido #${orderId}` }).waitFor();
    await page.getByRole('button', { name: BUTTON }).waitFor();
    // Nothing asked the browser yet: the permission is still the default one.
    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    assertNoErrors();
    await context.close();
  });

  test('shows every push with the order tag, replaces an older one, and a click opens the order', async ({
    browser,
  }) => {
    const { page, context, assertNoErrors } = await openPage(browser, phone);
    await context.grantPermissions(['notifications'], { origin: baseURL() });
    // With permission given, the app registers the device at start; Playwright's contexts are
    // incognito ones, where Chromium has no push service and says so (the push itself is
    // delivered below by the DevTools protocol).
    allowErrors(page, PUSH_IN_INCOGNITO);
    await signIn(page);
    const [order, other] = [await placePixOrder(page), await placePixOrder(page)];
    await visit(page, '/');
    await controlledByWorker(page);
    await deliverPush(page, pushFor(order, 'Pagamento confirmado'));
    await expect
      .poll(() => shownNotifications(page))
      .toEqual([
        {
          title: 'Pagamento confirmado',
          body: `Pedido ${order}: recebemos o seu pagamento.`,
          tag: `pedido-${order}`,
          data: { navigate: `/detalhes_pedido/${order}` },
        },
      ]);
    // The next stage of the same order replaces it; another order's stands beside it.
    await deliverPush(page, pushFor(order, 'Pedido faturado'));
    await deliverPush(page, pushFor(other, 'Pagamento confirmado'));
    await expect
      .poll(async () => (await shownNotifications(page)).map((n) => `${n.tag}: ${n.title}`).sort())
      .toEqual([`pedido-${order}: Pedido faturado`, `pedido-${other}: Pagamento confirmado`].sort());
    // A push that is not ours still shows a notification (a silent push costs the permission on iOS).
    await deliverPush(page, 'não é JSON');
    await expect
      .poll(async () => (await shownNotifications(page)).map((n) => n.title))
      .toContain('Casa & Obra');

    // The click: the worker's notificationclick path, run on the shown notification.
    const [worker] = context.serviceWorkers();
    await worker!.evaluate(async (tag) => {
      const scope = self as unknown as ServiceWorkerGlobalScope;
      const [notification] = await scope.registration.getNotifications({ tag });
      scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: notification! }));
    }, `pedido-${order}`);
    await page.waitForURL((url) => url.pathname === `/detalhes_pedido/${order}`);
    await page.getByRole('heading', { name: `Pedido #${order}` }).waitFor();
    expect(
      (await shownNotifications(page)).map((n) => n.tag),
      'the clicked notification closes',
    ).not.toContain(`pedido-${order}`);
    assertNoErrors();
    await context.close();
  });
});
