import { expect } from 'vitest';
import { MISSING_TOKEN_MESSAGE } from '../../src/features/account/components/reset-password-form';
import { expectAccessible } from './axe';
import { openPage, phone, test, visit } from './browser';
import { placePixOrder, signIn } from './shopper';
import { pair } from './store-staff';

// Colours axe measures in the states a first visit does not reach: the yellow warnings, the met
// items of the password checklist, the tablet's pairing success; and the ring of a focused
// password field.

test('the warning of /redefinir without a token reads clearly', async ({ browser }) => {
  const { page, context } = await openPage(browser, phone);
  await visit(page, '/redefinir');
  await page.getByRole('main').getByText(MISSING_TOKEN_MESSAGE).waitFor();
  await expectAccessible(page, '/redefinir without a token');
  await context.close();
});

test("the 'Aguardando pagamento' badge of Meus Pedidos reads clearly", async ({ browser }) => {
  const { page, context, assertNoErrors } = await openPage(browser, phone);
  await signIn(page);
  const id = await placePixOrder(page);
  await visit(page, '/meusPedidos');
  await page
    .getByRole('article', { name: `Pedido #${id}` })
    .getByText('Aguardando pagamento', { exact: true })
    .waitFor();
  await expectAccessible(page, 'Meus Pedidos with a Pix to pay');
  assertNoErrors();
  await context.close();
});

test("the password checklist's met items and the tablet's pairing read clearly", async ({ browser }) => {
  const { page, context, assertNoErrors } = await openPage(browser, phone);
  await visit(page, '/registro');
  await page.getByLabel(/^Senha/).fill('Segura#2026');
  await expectAccessible(page, '/registro with a good password');
  await pair(page);
  await expectAccessible(page, '/loja paired');
  assertNoErrors();
  await context.close();
});

test('a focused password field shows a ring on /login', async ({ browser }) => {
  const { page, context, assertNoErrors } = await openPage(browser, phone);
  await visit(page, '/login');
  await page.getByLabel('Senha', { exact: true }).focus();
  const ringed = await page.evaluate(() => {
    const field = document.activeElement?.closest('.mantine-Input-input') ?? document.activeElement;
    if (!field) return false;
    const style = getComputedStyle(field);
    return (
      (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none'
    );
  });
  expect(ringed).toBe(true);
  assertNoErrors();
  await context.close();
});
