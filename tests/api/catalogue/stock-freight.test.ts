import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productDetailOperation, stockOperation } from '../../../src/api/catalogue';
import { freightByAddressOperation, freightByCepOperation } from '../../../src/api/freight';
import { lineTotal } from '../../../src/domain/quantity';
import { FREIGHT_RULES, measureLines } from '../../../src/server/services/freight';
import { makeProduct } from '../orders/checkout';
import { buildTestApp, call, databaseKinds, type TestApp } from '../helpers';
import { oneProduct } from './fixtures';

describe.each(databaseKinds)('APP_0034 stock on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers 200 while the quantity is in stock', async () => {
    const product = await oneProduct(t, sql`s.quantity > 5`);
    const response = await call(t.app, stockOperation, {
      query: { codigo: product.idprd, qtde: product.quantity },
    });
    expect(response.status).toBe(200);
    expect(stockOperation.answer.parse(response.json).disponivel).toBe(product.quantity);
  });

  it('answers 406 with the pt-BR message when there is not enough', async () => {
    const product = await oneProduct(t, sql`s.quantity BETWEEN 1 AND 5`);
    const response = await call(t.app, stockOperation, {
      query: { codigo: product.idprd, qtde: product.quantity + 1 },
    });
    expect(response.status).toBe(406);
    expect(response.json.resposta).toBe(
      `Quantidade indisponível em estoque. Disponível: ${product.quantity}`,
    );
    const soldOut = await oneProduct(t, sql`s.quantity = 0`);
    const none = await call(t.app, stockOperation, { query: { codigo: soldOut.idprd, qtde: 1 } });
    expect(none.status).toBe(406);
    expect(none.json.resposta).toBe('Quantidade indisponível em estoque. Disponível: 0');
  });

  it('checks one lote of a tile', async () => {
    const tile = await oneProduct(t, sql`p.box_m2 IS NOT NULL AND s.quantity > 10`);
    const detail = await call(t.app, productDetailOperation, { query: { codigo: tile.idprd } });
    const [lote] = detail.json.lotes;
    const ok = await call(t.app, stockOperation, {
      query: { codigo: tile.idprd, qtde: lote.estoque, lote: lote.idlote },
    });
    expect(ok.status).toBe(200);
    const over = await call(t.app, stockOperation, {
      query: { codigo: tile.idprd, qtde: lote.estoque + 1, lote: lote.idlote },
    });
    expect(over.status).toBe(406);
    expect(over.json.resposta).toBe(`Quantidade indisponível em estoque. Disponível: ${lote.estoque}`);
  });

  it('answers 404 for an unknown product or a lote of another product', async () => {
    const unknown = await call(t.app, stockOperation, { query: { codigo: 999_999, qtde: 1 } });
    expect(unknown.status).toBe(404);
    expect(unknown.json.resposta).toBe('Produto não encontrado.');
    const product = await oneProduct(t, sql`p.box_m2 IS NULL`);
    const wrongLote = await call(t.app, stockOperation, {
      query: { codigo: product.idprd, qtde: 1, lote: 1 },
    });
    expect(wrongLote.status).toBe(404);
  });
});

describe.each(databaseKinds)('APP_0031 / APP_0030 freight on %s', (kind) => {
  let t: TestApp;
  let light: { idprd: number };
  let heavy: { idprd: number };
  // The server's clock: Thursday 19 November 2026, 15:00 in São Paulo, unless a test moves it.
  const thursdayAfternoon = new Date('2026-11-19T18:00:00Z');
  let now = thursdayAfternoon;
  beforeAll(async () => {
    t = await buildTestApp(kind, {}, { clock: () => now });
    light = await oneProduct(t, sql`p.weight_grams < 1000 AND p.price_centavos < 5000`);
    heavy = await oneProduct(t, sql`p.weight_grams >= 30000`);
  });
  afterAll(() => t.close());

  const quote = async (cep: string, ids: unknown, total_compra: unknown = 10) => {
    const response = await call(t.app, freightByCepOperation, { body: { cep, ids, total_compra } });
    return {
      ...response,
      options: response.status === 200 ? freightByCepOperation.answer.parse(response.json) : [],
    };
  };

  it('offers motoboy (100), two-day deliveries (101, 102) and pickup (103) inside the store city', async () => {
    const { status, options } = await quote('13012-100', [{ id: light.idprd, quantity: 1 }]);
    expect(status).toBe(200);
    expect(options.map((option) => option.id)).toEqual([100, 101, 102, 103]);
    const byId = new Map(options.map((option) => [option.id, option]));
    expect(byId.get(100)!.delivery_time).toBe(0);
    expect(byId.get(101)!.delivery_time).toBe(2);
    expect(byId.get(102)!.delivery_time).toBe(2);
    expect(byId.get(103)!.price).toBe(0);
    expect(byId.get(101)!.price).toBeGreaterThan(0);
    for (const option of options) {
      expect(option.company.name).toBeTruthy();
      expect(option.company.picture).toMatch(/^\/imagens\/transportadoras\/\d+\.png$/);
    }
  });

  it('makes own delivery free from the threshold, computed from the database, not total_compra', async () => {
    const small = await quote('13012100', [{ id: light.idprd, quantity: 1 }], 100_000);
    expect(small.options.find((option) => option.id === 101)!.price).toBeGreaterThan(0);
    const big = await quote('13012100', [{ id: heavy.idprd, quantity: 1 }], 1);
    expect(big.options.find((option) => option.id === 101)!.price).toBe(0);
  });

  it('sells the motoboy only while its same day can be kept: not after 18:00, on Sundays or holidays', async () => {
    const offered = async (at: string) => {
      now = new Date(at);
      try {
        const { options } = await quote('13010-111', [{ id: light.idprd, quantity: 1 }]);
        return options.map((option) => option.id);
      } finally {
        now = thursdayAfternoon;
      }
    };
    expect(await offered('2026-11-19T20:59:00Z')).toEqual([100, 101, 102, 103]); // Thursday 17:59
    expect(await offered('2026-11-19T21:01:00Z')).toEqual([101, 102, 103]); // Thursday 18:01
    expect(await offered('2026-11-22T13:00:00Z')).toEqual([101, 102, 103]); // Sunday 10:00
    expect(await offered('2026-11-20T13:00:00Z')).toEqual([101, 102, 103]); // 20/11/2026, a holiday, 10:00
    // The dates shown beside the others count from the clock too (Friday the 20th is a holiday).
    now = new Date('2026-11-19T21:01:00Z');
    const { options } = await quote('13010-111', [{ id: light.idprd, quantity: 1 }]);
    now = thursdayAfternoon;
    expect(options.find((option) => option.id === 102)?.prev_delivery).toBe('2026-11-24');
  });

  it('leaves the motoboy out for heavy orders', async () => {
    const { options } = await quote('13012100', [{ id: heavy.idprd, quantity: 1 }]);
    expect(options.map((option) => option.id)).toEqual([101, 102, 103]);
  });

  it('offers carriers with delivery times outside the city, more days farther away', async () => {
    const state = await quote('01310-100', [light.idprd]);
    expect(state.status).toBe(200);
    expect(state.options.map((option) => option.id)).toEqual(
      FREIGHT_RULES.carriers.map((carrier) => carrier.id),
    );
    const far = await quote('90010-000', [light.idprd]);
    const pac = (list: typeof state.options) => list.find((option) => option.id === 200)!;
    expect(pac(far.options).delivery_time).toBeGreaterThan(pac(state.options).delivery_time);
    expect(pac(far.options).price).toBeGreaterThan(pac(state.options).price);
    const heavyOut = await quote('01310-100', [heavy.idprd]);
    expect(heavyOut.options.map((option) => option.id)).toEqual([202]);
  });

  it('answers 404 with a resposta where the store does not deliver', async () => {
    const response = await quote('69005-000', [light.idprd]);
    expect(response.status).toBe(404);
    expect(response.json.resposta).toMatch(/WhatsApp/);
  });

  it('answers 400 for a malformed CEP or an unknown product', async () => {
    for (const cep of ['1234', '13012-10a', '', '130121000']) {
      const response = await quote(cep, [light.idprd]);
      expect(response.status, cep).toBe(400);
      expect(response.json.resposta).toMatch(/CEP/);
    }
    const unknown = await quote('13012100', [999_999]);
    expect(unknown.status).toBe(400);
    expect(unknown.json.resposta).toBe('Produto 999999 não encontrado.');
  });

  it('APP_0030 decides by the address CEP the same way', async () => {
    const response = await call(t.app, freightByAddressOperation, {
      body: {
        cep: '13087-000',
        street: 'Av. Heitor Penteado',
        number: '850',
        complement: '',
        bairro: 'Taquaral',
        cidade: 'Campinas',
        uf: 'SP',
        ids: [{ id: light.idprd, quantity: 2 }],
        total_compra: '49,80',
      },
    });
    expect(response.status).toBe(200);
    expect(freightByAddressOperation.answer.parse(response.json).map((option) => option.id)).toEqual([
      100, 101, 102, 103,
    ]);
    const away = await call(t.app, freightByAddressOperation, {
      body: { cep: '69005-000', street: 'Rua X', number: '1', uf: 'AM', ids: [light.idprd] },
    });
    expect(away.status).toBe(404);
    expect(away.json.resposta).toBeTruthy();
  });
});

describe.each(databaseKinds)('the subtotal that decides free shipping on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('is the sum of the same line totals as the order, at a rounding edge', async () => {
    // 25 centavos x 2 boxes x 1.15 m² = 57.5 exactly, which a plain product in floating point
    // (57.49999999999999) would round down: the freight's subtotal and the order's differed.
    const tile = await makeProduct(t.database, { price: 25, stock: 10, boxM2: 1.15 });
    const measured = await measureLines(t.database.db, [{ idprd: tile.idprd, quantity: 2 }]);
    expect(measured.subtotal).toBe(lineTotal(25, 2, 1.15));
    expect(measured.subtotal).toBe(58);
  });
});
