import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productDetailOperation } from '../../../src/api/catalogue';
import { signedInCustomer, type TestCustomer } from '../customers/accounts';
import { buildTestApp, call, databaseKinds, type TestApp } from '../helpers';
import { cardToken, makeProduct, placeOrder, rows, type TestProduct } from './checkout';

// The card rules (src/domain/card.ts) are the card fields' (the emulator's, on the provider's origin),
// and the instalment rules (payment-options.ts) the provider's quote and the server's check of it.

describe.each(databaseKinds)('card brands and the minimum instalment on %s', (kind) => {
  let t: TestApp;
  let buyer: TestCustomer;
  let drill: TestProduct;
  let washer: TestProduct;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    buyer = await signedInCustomer(t.app);
    drill = await makeProduct(t.database, { price: 34_990, stock: 50 });
    washer = await makeProduct(t.database, { price: 390, stock: 50 });
  });
  afterAll(() => t.close());

  it('charges Hipercard and American Express (4-digit CVV) and keeps only brand and last four', async () => {
    const cards = [
      { number: '6062 8256 2425 4001', cvv: '123', brand: 'Hipercard', last4: '4001' },
      { number: '3782 822463 10005', cvv: '1234', brand: 'American Express', last4: '0005' },
    ];
    for (const { brand, last4, ...card } of cards) {
      const placed = await placeOrder(t.app, t.database, buyer, {
        lines: [{ product: drill, quantity: 1 }],
        tipo: 'credit',
        card,
      });
      expect(placed.response.status, placed.response.raw).toBe(200);
      const [stored] = await rows<{ card_brand: string; card_last4: string }>(
        t.database,
        sql`SELECT card_brand, card_last4 FROM orders WHERE id = ${placed.response.json.id}`,
      );
      expect(stored).toEqual({ card_brand: brand, card_last4: last4 });
    }
  });

  it("refuses in the provider's fields what cannot be charged, with a pt-BR message", async () => {
    const cases = [
      { card: { number: '4111 1111 1111 1112' }, message: 'Número do cartão inválido: confira os dígitos.' },
      { card: { number: '4111 1111 1111' }, message: 'Número do cartão incompleto.' },
      {
        card: { number: '6011 0000 0000 0004' },
        message: 'Bandeira não aceita. Aceitamos Visa, Mastercard, Elo, Hipercard e American Express.',
      },
      { card: { number: '3782 822463 10005', cvv: '123' }, message: 'CVV inválido: 4 dígitos.' },
      { card: { number: '4111 1111 1111 1111', cvv: '1234' }, message: 'CVV inválido: 3 dígitos.' },
    ];
    for (const { card, message } of cases)
      await expect(cardToken(t.app, card), card.number).rejects.toThrow(message);
  });

  it('offers a R$ 3,90 item in 1x only, and refuses 2x of it at checkout', async () => {
    const detail = await call(t.app, productDetailOperation, { query: { codigo: washer.idprd } });
    expect(detail.status).toBe(200);
    const card = detail.json.precos.find((option) => 'parcelas' in option && option.parcelas);
    expect(card && 'parcelas' in card ? card.parcelas?.map((item) => item.nParcelas) : null).toEqual([
      'à vista',
    ]);

    // Picked up at a store: no freight, so the order total is the item's R$ 3,90.
    const twice = await placeOrder(t.app, t.database, buyer, {
      lines: [{ product: washer, quantity: 1 }],
      tipo: 'credit',
      shippingId: 103,
      loja: 1,
      installments: 2,
    });
    expect(twice.response.status, twice.response.raw).toBe(400);
    expect(twice.response.json.resposta).toBe('Parcelamento inválido.');
    const once = await placeOrder(t.app, t.database, buyer, {
      lines: [{ product: washer, quantity: 1 }],
      tipo: 'credit',
      shippingId: 103,
      loja: 1,
      installments: 1,
    });
    expect(once.response.status, once.response.raw).toBe(200);
  });
});
