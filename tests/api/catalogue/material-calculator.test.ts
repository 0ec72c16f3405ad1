import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productDetailOperation } from '../../../src/api/catalogue';
import { materialYield } from '../../../src/domain/material-yields';
import { buildTestApp, call, databaseKinds, type TestApp } from '../helpers';
import { oneProduct, rows } from './fixtures';

// The product detail's calculator (issue 41, item 4): the product's line in the table of yields and
// its package sizes on sale, from products.material / package_content / package_group (0105).
describe.each(databaseKinds)('the calculators beyond tiles on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const detail = async (idprd: number) => {
    const response = await call(t.app, productDetailOperation, { query: { codigo: idprd } });
    expect(response.status).toBe(200);
    return productDetailOperation.answer.parse(JSON.parse(response.raw));
  };

  it("offers a paint's 18 L can with the 3,6 L gallon of the same colour, smallest first", async () => {
    const can = await oneProduct(t, sql`p.descricao = 'Tinta Acrílica Premium Fosca Gelo 18 L'`);
    const answer = await detail(can.idprd);
    expect(answer.calculadora?.material).toBe('tinta-acrilica-premium-fosca');
    expect(answer.calculadora?.embalagens.map((pack) => [pack.descricao, pack.conteudo])).toEqual([
      ['Tinta Acrílica Premium Fosca Gelo 3,6 L', 3.6],
      ['Tinta Acrílica Premium Fosca Gelo 18 L', 18],
    ]);
    // The gallon's page offers the same two.
    const gallon = answer.calculadora!.embalagens[0];
    expect((await detail(gallon.idprd)).calculadora).toEqual(answer.calculadora);
  });

  it('gives mortar its 20 kg bag, grout its 1 kg pack and blocks their unit, all in the table', async () => {
    for (const [name, content] of [
      ['Argamassa Colante AC-II 20 kg', 20],
      ['Rejunte Flexível Branco', 1],
      ['Bloco de Concreto 14 x 19 x 39 cm', 1],
    ] as const) {
      const product = await oneProduct(t, sql`p.descricao = ${name}`);
      const { calculadora } = await detail(product.idprd);
      expect(calculadora?.embalagens).toEqual([
        expect.objectContaining({ idprd: product.idprd, conteudo: content }),
      ]);
      expect(materialYield(calculadora?.material)).toBeDefined();
    }
  });

  it('gives no calculator to a product without a line in the table', async () => {
    const brush = await oneProduct(t, sql`p.material IS NULL AND p.box_m2 IS NULL`);
    expect((await detail(brush.idprd)).calculadora).toBeUndefined();
  });

  it('appends the new products after the first catalogue: every earlier id stays', async () => {
    const added = await rows<{ descricao: string; idprd: number }>(
      t,
      sql`SELECT descricao, idprd FROM products
           WHERE descricao LIKE 'Bloco %' OR descricao LIKE 'Tinta Acrílica Premium Fosca % 3,6 L'
           ORDER BY idprd`,
    );
    expect(added.map((row) => row.descricao)).toEqual([
      'Tinta Acrílica Premium Fosca Branco Neve 3,6 L',
      'Tinta Acrílica Premium Fosca Gelo 3,6 L',
      'Tinta Acrílica Premium Fosca Palha 3,6 L',
      'Tinta Acrílica Premium Fosca Cinza Urbano 3,6 L',
      'Bloco Cerâmico de Vedação 9 x 19 x 19 cm',
      'Bloco Cerâmico de Vedação 14 x 19 x 29 cm',
      'Bloco de Concreto 14 x 19 x 39 cm',
    ]);
    const [{ last }] = await rows<{ last: number }>(t, sql`SELECT max(idprd)::int AS last FROM products`);
    expect(added.map((row) => Number(row.idprd))).toEqual(
      Array.from({ length: 7 }, (_, index) => last - 6 + index),
    );
  });
});
