import { randomBytes } from 'node:crypto';
import { describe, expect } from 'vitest';
import { appReady, openPage, phone, test, visit } from './browser';
import { productOutOfStock, staffRequest } from './shopper';

// 'Avise-me quando chegar' (issue 41 item 3, docs/stock-alerts.md) in the built store: on a product
// out of stock the button loads its form on the tap only; an e-mail registers the alert and the
// confirmation is shown; the e-mail's one-tap link opens the page that cancels it.

interface Mail {
  to: string;
  subject: string;
  body: string;
}

describe("'Avise-me quando chegar'", () => {
  test('asks for an alert by e-mail on a product out of stock, then cancels it from the link', async ({
    browser,
  }) => {
    const product = await productOutOfStock();
    const { page, assertNoErrors } = await openPage(browser, phone);
    const loaded: string[] = [];
    page.on('request', (request) => loaded.push(new URL(request.url()).pathname));
    await visit(page, `/produto/${product.idprd}`);
    await appReady(page);
    await expect.poll(() => page.getByText('Produto indisponível no momento.').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'COMPRAR AGORA' }).count()).toBe(0);
    // The form is not part of the product page: nothing of it before the tap.
    expect(loaded.filter((path) => path.includes('stock-alert'))).toEqual([]);

    await page.getByRole('button', { name: 'Avise-me quando chegar' }).click();
    const form = page.getByRole('form', { name: 'Avise-me quando chegar' });
    await form.waitFor();
    expect(loaded.some((path) => /\/assets\/stock-alert-form-/.test(path))).toBe(true);
    const email = form.getByRole('textbox', { name: 'E-mail' });
    await expect.poll(() => email.evaluate((input) => input === document.activeElement)).toBe(true);

    await form.getByRole('button', { name: 'Quero ser avisado' }).click();
    await form.getByText('Informe o seu e-mail.').waitFor();
    await email.fill('não é e-mail');
    await form.getByRole('button', { name: 'Quero ser avisado' }).click();
    await form.getByText('E-mail inválido.').waitFor();

    const address = `aviso.${randomBytes(4).toString('hex')}@example.com.br`;
    await email.fill(address);
    await form.getByLabel('Onde você quer comprar').selectOption({ label: 'Na loja online (entrega)' });
    await form.getByRole('button', { name: 'Quero ser avisado' }).click();
    const confirmation = page.getByRole('status').filter({ hasText: 'Aviso registrado' });
    await confirmation.waitFor();
    expect(await confirmation.textContent()).toContain(`Pronto: avisaremos em ${address} quando chegar.`);

    // The e-mail that registered it carries the one-tap link.
    const latest = (await (await staffRequest('GET', '/mail/latest?limit=10')).json()) as {
      mensagens: Mail[];
    };
    const mail = latest.mensagens.find((message) => message.to === address);
    expect(mail?.subject).toBe(`Aviso registrado: ${product.descricao}`);
    const link = /https?:\/\/\S+\/avise-me\/cancelar\?token=[A-Za-z0-9_-]+/.exec(mail!.body)?.[0];
    expect(link).toBeDefined();

    const url = new URL(link!);
    await visit(page, `${url.pathname}${url.search}`);
    await appReady(page);
    await page.getByRole('heading', { name: 'Cancelar aviso', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Cancelar aviso' }).click();
    await page.getByText(`Aviso cancelado: você não será avisado sobre ${product.descricao}.`).waitFor();
    assertNoErrors();
  });
});
