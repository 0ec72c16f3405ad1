// 'Sair da Conta' on a shared device, held to its promise (issue 37): a sign-out made with no signal
// ends the server session once the device is back online, and every open tab of the browser signs
// out with the one that asked. Run against a build (`npm run build` first).
import { describe, expect } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import {
  allowErrors,
  baseURL,
  controlledByWorker,
  desktop,
  failedLoad,
  openPage,
  reloadApp,
  test,
  visit,
} from './browser';
import { OPERATIONS, restoreSession, sessionSnapshot, signIn } from './shopper';

/** The browser's cookies as a request header. */
async function cookieHeader(context: BrowserContext): Promise<string> {
  return (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join('; ');
}

/** What the server answers, to these cookies, when asked for the customer's profile. */
async function profileStatus(cookie: string, id: string): Promise<number> {
  const response = await fetch(`${baseURL()}${OPERATIONS}/APP_0088?id=${id}`, { headers: { cookie } });
  await response.body?.cancel();
  return response.status;
}

describe('sign-out with no signal', () => {
  test('ends the server session as soon as the device is back online', async ({ browser }) => {
    const { page, context } = await openPage(browser, desktop);
    await visit(page, '/');
    await controlledByWorker(page);
    await signIn(page);
    const id = (await page.evaluate(() => sessionStorage.getItem('id')))!;
    // The cookie as it is now: the server is asked with it after the browser has forgotten it.
    const cookie = await cookieHeader(context);
    await visit(page, '/meusPedidos');

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Sair da Conta' }).click();
    await page
      .getByRole('link', { name: /Entrar \/ Cadastrar/ })
      .first()
      .waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('nome'))).toBeNull();
    // The server has not heard of it yet: the session is still open there.
    expect(await profileStatus(cookie, id)).toBe(200);

    await context.setOffline(false);
    await expect.poll(() => profileStatus(cookie, id)).toBe(401);
    // Offline, Chromium logs each resource that could not load (the home's images never shown online,
    // answered by the worker with an error); the page itself must log nothing.
    allowErrors(page, failedLoad('ERR_INTERNET_DISCONNECTED'), failedLoad('ERR_FAILED'));
  });
});

describe('sign-out with several tabs open', () => {
  test("every tab forgets the customer at once when one of them chooses 'Sair da Conta'", async ({
    browser,
  }) => {
    const { page: first, context } = await openPage(browser, desktop);
    await visit(first, '/');
    const shopper = await signIn(first);
    await visit(first, '/meusPedidos');
    // The second tab, opened from the first (the browser copies its sessionStorage).
    const second = await context.newPage();
    await visit(second, '/sobre');
    await restoreSession(second, await sessionSnapshot(first));
    await reloadApp(second);
    const name = second.getByText(shopper.nome).first();
    await name.waitFor();

    await first.getByRole('button', { name: 'Sair da Conta' }).click();
    await second
      .getByRole('link', { name: /Entrar \/ Cadastrar/ })
      .first()
      .waitFor();
    expect(await name.count()).toBe(0);
    const left = await sessionSnapshot(second);
    for (const key of ['nome', 'id', 'dados_cliente']) expect(left[key], key).toBeUndefined();

    // A reload finds nothing to bring back.
    await reloadApp(second);
    await second
      .getByRole('link', { name: /Entrar \/ Cadastrar/ })
      .first()
      .waitFor();
    expect(await second.getByText(shopper.nome).count()).toBe(0);
  });
});
