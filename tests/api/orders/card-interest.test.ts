import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productDetailOperation } from '../../../src/api/catalogue';
import { cardInstallmentsOperation } from '../../../src/api/cards';
import { signedInCustomer, type TestCustomer } from '../customers/accounts';
import { buildTestApp, call, databaseKinds, type TestApp } from '../helpers';
import { makeProduct, placeOrder, type TestProduct } from './checkout';

// CARD_INTEREST_PAID_BY=store ('parcelado loja'): the store's choice reaches the provider on the
// quote and the authorization, so every plan the provider quotes is interest-free to the shopper
// and charged at the cash price; the product answers say the same plans.

describe.each(databaseKinds)('the store paying the instalment interest on %s', (kind) => {
  let t: TestApp;
  let buyer: TestCustomer;
  let product: TestProduct;

  beforeAll(async () => {
    t = await buildTestApp(kind, { CARD_WORK_SECONDS: '0', CARD_INTEREST_PAID_BY: 'store' });
    buyer = await signedInCustomer(t.app);
    product = await makeProduct(t.database, { price: 31_482, stock: 100 });
  });
  afterAll(() => t.close());

  it('quotes every plan sem juros, its total the cash price', async () => {
    const quote = await call(t.app, cardInstallmentsOperation, {
      query: { bin: '411111', valor: 314.82 },
      cookie: buyer.cookie,
    });
    expect(quote.status, quote.raw).toBe(200);
    const plans = quote.json.parcelas;
    expect(plans.map((plan) => plan.nParcelas)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(plans.every((plan) => plan.semJuros && plan.total === 314.82 && plan.taxaMensal === 0)).toBe(true);
    expect(plans[7].descricao.replace(/\u00a0/g, ' ')).toBe('8x de R$ 39,35 sem juros');
  });

  it('charges an 8x plan at the cash price', async () => {
    const placed = await placeOrder(t.app, t.database, buyer, {
      lines: [{ product, quantity: 1 }],
      tipo: 'credit',
      installments: 8,
    });
    expect(placed.response.status, placed.response.raw).toBe(200);
    const [payment] = t.app.cards
      .emulator!.core.list()
      .filter((one) => one.reference === String(placed.response.json.id));
    expect(payment).toMatchObject({ status: 'captured', installments: 8, amountCentavos: placed.total });
  });

  it('tells the same plans on the product answer', async () => {
    const detail = await call(t.app, productDetailOperation, { query: { codigo: product.idprd } });
    const card = detail.json.precos.find((option) => option.tipo === 'cartao');
    const last = card && 'parcelas' in card ? card.parcelas?.at(-1) : undefined;
    expect(last?.descricao.replace(/\u00a0/g, ' ')).toBe('10x de R$ 31,48 sem juros');
  });
});
