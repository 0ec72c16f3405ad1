// A quote's round trip between a customer's phone and a store's tablet (issue 41 item 1; run
// `npm run build` first): the customer asks from the cart, the seller on the paired tablet answers
// within the role's discount cap (a price below it refused in pt-BR, then the lowest allowed), the
// customer sees the answer with the seller's name and buys at the quoted price in one tap.
import { describe, expect } from 'vitest';
import { allowErrors, failedResource, openPage, phone, test, visit } from './browser';
import { buyProduct, paintsInStock, signIn } from './shopper';
import { STORE, addStaff, pair, staffSignIn } from './store-staff';
import { belowCapMessage, DEFAULT_DISCOUNT_CAPS } from '../../src/api/price-quotes';
import { formatBRL, reaisToCentavos } from '../../src/domain/money';
import { lowestPrice } from '../../src/domain/price-quotes';

/** What the tablet's price field takes: reais with a comma. */
const typed = (centavos: number) => (centavos / 100).toFixed(2).replace('.', ',');

/** Text as the page shows it, its no-break spaces as plain ones. */
const plain = (text: string) => text.replace(/\s/g, ' ');

describe("'Orçamento'", () => {
  test('asked on a phone, answered on the tablet within the cap, bought at the quoted price', async ({
    browser,
  }) => {
    const [product] = await paintsInStock();
    const list = reaisToCentavos(product!.preco);
    const minimum = lowestPrice(list, DEFAULT_DISCOUNT_CAPS.vendedor);

    // The customer: a product in the cart, 'Solicitar orçamento', pickup at the store.
    const customer = await openPage(browser, phone);
    await signIn(customer.page);
    await buyProduct(customer.page, product!);
    await visit(customer.page, '/carrinho');
    await customer.page.getByRole('button', { name: 'Solicitar orçamento' }).click();
    const form = customer.page.getByRole('dialog', { name: 'Solicitar orçamento' });
    await form.getByLabel('Loja da retirada').selectOption(String(STORE.id));
    await form.getByLabel('Observação (opcional)').fill('Obra na Rua X, entregar pela manhã');
    await form.getByRole('button', { name: 'Enviar pedido de orçamento' }).click();
    await customer.page.waitForURL(/\/orcamentos\/\d+$/);
    const id = Number(new URL(customer.page.url()).pathname.split('/').pop());
    await customer.page.getByText('A loja ainda vai responder.').waitFor();
    // The cart is left as it was.
    await visit(customer.page, '/carrinho');
    await customer.page.getByText(product!.descricao).first().waitFor();

    // The seller: the tablet of that store, its requests, the answer.
    const tablet = await openPage(browser, { viewport: { width: 1024, height: 768 }, hasTouch: true });
    allowErrors(tablet.page, failedResource(400)); // the price below the cap, on purpose
    await pair(tablet.page);
    const seller = await addStaff('Quitéria Orçamentos', 'vendedor');
    await staffSignIn(tablet.page, seller);
    await tablet.page.getByRole('banner').getByRole('link', { name: 'Vendedor: Quitéria' }).waitFor();
    // The seller's panel says a request waits (this test's is the only one at this store), and opens the list.
    await tablet.page.getByRole('link', { name: 'Orçamentos (1 a responder)' }).click();
    await tablet.page.waitForURL('**/loja/orcamentos');
    await tablet.page.getByRole('link', { name: `Responder o orçamento ${id}` }).click();
    await tablet.page.getByText('Obra na Rua X, entregar pela manhã').waitFor();
    await tablet.page.getByLabel('Quantidade').fill('2');
    const price = tablet.page.getByLabel('Preço unitário (R$)');
    await price.fill(typed(minimum - 1));
    await tablet.page.getByRole('button', { name: 'Enviar orçamento ao cliente' }).click();
    const refusal = plain(
      belowCapMessage(product!.descricao, formatBRL(minimum), DEFAULT_DISCOUNT_CAPS.vendedor),
    );
    await expect
      .poll(async () => plain((await tablet.page.getByRole('alert').allTextContents()).join(' ')))
      .toContain(refusal);
    await price.fill(typed(minimum));
    await tablet.page.getByRole('button', { name: 'Enviar orçamento ao cliente' }).click();
    await tablet.page.getByText(plain(`Total: ${formatBRL(2 * minimum)}`)).waitFor();
    // Answered, it no longer waits: the panel's button says so.
    await visit(tablet.page, '/loja');
    await tablet.page.getByRole('link', { name: 'Orçamentos', exact: true }).waitFor();

    // The customer sees the answer, the seller's name, and buys at the quoted price.
    await visit(customer.page, `/orcamentos/${id}`);
    await customer.page.getByText(`Respondido por ${seller.nome}`).waitFor();
    const total = customer.page.getByText(plain(formatBRL(2 * minimum)), { exact: true }).first();
    await total.waitFor();
    await customer.page.getByRole('link', { name: 'Comprar com estes preços' }).click();
    await customer.page.waitForURL(`**/checkout?orcamento=${id}`);
    // The checkout shows 'Carregando...' until the quote is read: wait for its summary, then read it.
    const summary = customer.page.getByRole('complementary', { name: 'Resumo do pedido' });
    await summary.getByText(product!.descricao).first().waitFor();
    const checkoutText = plain((await summary.textContent()) ?? '');
    expect(checkoutText).toContain(plain(formatBRL(2 * minimum)));
    expect(checkoutText).not.toContain(plain(formatBRL(2 * list)));
  });
});
