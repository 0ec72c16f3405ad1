import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { CONTACT_SENT_MESSAGE } from '../../src/api/customers';
import { isValidCnpj } from '../../src/domain/documents';
import { REGISTRATION_LINE, STORE_CNPJ } from '../../src/domain/store';
import { storeDate } from '../../src/domain/store-calendar';
import { expectAccessible } from './axe';
import { allowErrors, desktop, failedResource, openPage, phone, test, visit } from './browser';

const FAQ_TOPICS = [
  'Como comprar',
  'Segurança',
  'Sobre o envio',
  'Pagamento',
  'Tempo de Garantia',
  'Trocas e Devoluções',
];

const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 });

describe('footer', () => {
  test('links the six institutional pages and shows the legal name, CNPJ and address, contacts, brands, the online-only notice and © with the current year in São Paulo', async ({
    browser,
  }) => {
    const { page, context, assertNoErrors } = await openPage(browser, desktop);
    await visit(page, '/');
    const footer = page.getByRole('contentinfo');
    for (const brand of ['Visa', 'Mastercard', 'Elo', 'Pix'])
      await footer.getByRole('img', { name: brand }).waitFor();
    // Decreto 7.962/2013 art. 2: razão social, CNPJ and address, from src/domain/store.ts only.
    await footer.getByText(REGISTRATION_LINE, { exact: true }).waitFor();
    expect(isValidCnpj(STORE_CNPJ)).toBe(true);
    await footer.getByText(/válidos exclusivamente para compras online/).waitFor();
    await footer.getByText(/Fotos meramente ilustrativas/).waitFor();
    await footer.getByText(`© ${storeDate(new Date()).slice(0, 4)} Casa & Obra`).waitFor();
    expect(await footer.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\//,
    );
    expect(await footer.getByRole('link', { name: /@/ }).getAttribute('href')).toMatch(/^mailto:/);

    const pages: [string, string, string][] = [
      ['Sobre nós', '/sobre', 'Sobre nós'],
      ['Perguntas frequentes', '/faq', 'Perguntas frequentes'],
      ['Política de privacidade', '/politica', 'Política de privacidade'],
      ['Política de entrega', '/politicaentrega', 'Política de entrega'],
      ['Termos e condições de compra', '/termos', 'Termos e condições de compra'],
      ['Fale conosco', '/contato', 'Fale conosco'],
    ];
    for (const [link, path, title] of pages) {
      await footer.getByRole('link', { name: link, exact: true }).click();
      await page.waitForURL((url) => url.pathname === path);
      await heading(page, title).waitFor();
    }
    assertNoErrors();
    await context.close();
  });
});

describe('institutional pages', () => {
  test('FAQ: the six topics, one open at a time, with the instalment rule', async ({ browser }) => {
    const { page, context, assertNoErrors } = await openPage(browser, phone);
    await visit(page, '/faq');
    const main = page.getByRole('main');
    for (const topic of FAQ_TOPICS) await main.getByRole('button', { name: topic, exact: true }).waitFor();
    const payment = main.getByRole('button', { name: 'Pagamento', exact: true });
    await payment.click();
    // One reading of the card terms on every screen: 6x without interest, as the cards say.
    await main
      .getByText(
        'parcele em até 6x sem juros ou em até 10x com tarifa (1.99% a.m.), com parcela mínima de R$ 10,00',
        {
          exact: false,
        },
      )
      .waitFor();
    await main.getByRole('button', { name: 'Sobre o envio', exact: true }).click();
    expect(await payment.getAttribute('aria-expanded')).toBe('false');
    await main.getByText('até 2 dias úteis após a confirmação do pagamento', { exact: false }).waitFor();
    await expectAccessible(page, 'FAQ');
    assertNoErrors();
    await context.close();
  });

  test('delivery policy: an accordion of 8 sections with the delivery rules', async ({ browser }) => {
    const { page, context, assertNoErrors } = await openPage(browser, desktop);
    await visit(page, '/politicaentrega');
    const main = page.getByRole('main');
    const controls = main.locator('button[aria-controls]');
    await heading(page, 'Política de entrega').waitFor();
    expect(await controls.count()).toBe(8);
    await main.getByRole('button', { name: '5. Tentativas de entrega' }).click();
    await main
      .getByText('Após a segunda tentativa sem sucesso, o pedido é cancelado', { exact: false })
      .waitFor();
    await main.getByRole('button', { name: '8. Atendimento' }).click();
    await main.getByText(/Segunda a sexta, das 08:00 às 18:00; sábado, das 08:00 às 12:00/).waitFor();
    assertNoErrors();
    await context.close();
  });

  test('about us and privacy policy tell the store facts and the LGPD rights', async ({ browser }) => {
    const { page, context, assertNoErrors } = await openPage(browser, desktop);
    await visit(page, '/sobre');
    await page.getByText(/abriu as portas em 1969/).waitFor();
    await page.getByText(/cinco lojas físicas/).waitFor();
    await visit(page, '/politica');
    await page
      .getByText(/Lei nº 13\.709\/2018/)
      .first()
      .waitFor();
    await page.getByRole('heading', { name: 'Seus direitos' }).waitFor();
    assertNoErrors();
    await context.close();
  });
});

describe('contact', () => {
  test('shows a pt-BR error under every empty field, then sends and shows the server answer', async ({
    browser,
  }) => {
    const { page, context, assertNoErrors } = await openPage(browser, desktop);
    await visit(page, '/contato');
    await heading(page, 'Fale conosco').waitFor();
    await page.getByRole('main').getByText('(19) 99876-1969').waitFor();
    await expectAccessible(page, 'contact');

    await page.getByRole('button', { name: 'Enviar mensagem' }).click();
    for (const message of [
      'Nome é obrigatório.',
      'Telefone é obrigatório.',
      'E-mail é obrigatório.',
      'Assunto é obrigatório.',
      'Mensagem é obrigatória.',
    ])
      await page.getByText(message, { exact: true }).waitFor();
    await expectAccessible(page, 'contact with errors');

    await page.getByLabel('Nome ou empresa').fill('Construtora Alfa');
    await page.getByLabel('Telefone').pressSequentially('19987654321');
    expect(await page.getByLabel('Telefone').inputValue()).toBe('(19) 98765-4321');
    await page.getByLabel('E-mail').fill('compras@alfa');
    await page.getByLabel('Assunto').fill('Orçamento de porcelanato');
    await page.getByLabel('Mensagem').fill('Preciso de 120 m² de porcelanato para uma obra.');
    await page.getByRole('button', { name: 'Enviar mensagem' }).click();
    await page.getByText('E-mail inválido.', { exact: true }).waitFor();

    await page.getByLabel('E-mail').fill('compras@alfa.com.br');
    await page.getByRole('button', { name: 'Enviar mensagem' }).click();
    const toast = page.getByRole('alert').filter({ hasText: CONTACT_SENT_MESSAGE });
    await toast.waitFor();
    expect(await toast.getByText('Sucesso', { exact: true }).count()).toBe(1);
    await expect.poll(() => page.getByLabel('Nome ou empresa').inputValue()).toBe('');
    assertNoErrors();
    await context.close();
  });

  test("keeps what was typed and shows 'Atenção' with the server's resposta when sending fails", async ({
    browser,
  }) => {
    const { page, context } = await openPage(browser, phone);
    await page.route('**/APP_0051', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ resposta: 'Serviço de mensagens indisponível.' }),
      }),
    );
    await visit(page, '/contato');
    await page.getByLabel('Nome ou empresa').fill('Ana Lima');
    await page.getByLabel('Telefone').pressSequentially('1932321969');
    await page.getByLabel('E-mail').fill('ana@example.com');
    await page.getByLabel('Assunto').fill('Entrega');
    await page.getByLabel('Mensagem').fill('Qual o prazo para o meu bairro?');
    await page.getByRole('button', { name: 'Enviar mensagem' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Serviço de mensagens indisponível.' });
    await toast.waitFor();
    expect(await toast.getByText('Atenção', { exact: true }).count()).toBe(1);
    expect(await page.getByLabel('Nome ou empresa').inputValue()).toBe('Ana Lima');
    expect(await page.getByLabel('Telefone').inputValue()).toBe('(19) 3232-1969');
    expect(await page.getByLabel('Mensagem').inputValue()).toBe('Qual o prazo para o meu bairro?');
    // The only console error allowed is the browser's own line about the failed request.
    allowErrors(page, failedResource(500));
    await context.close();
  });
});
