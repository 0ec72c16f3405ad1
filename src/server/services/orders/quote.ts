import { and, eq, inArray } from 'drizzle-orm';
import { PICKUP_SHIPPING_ID } from '../../../api/orders';
import { PRICE_CHANGED_MESSAGE, cardForm, type orderPayload } from '../../../api/place-order';
import { centavosToReais, moneyToCentavos } from '../../../domain/money';
import { pixTotal } from '../../../domain/payment-options';
import { lineTotal } from '../../../domain/quantity';
import { PHYSICAL_STORES } from '../../../domain/store';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { refuse } from '../domain-error';
import { quoteFreight, type FreightOption } from '../freight';
import type { QuotedInstallment } from '../payments/cards/provider';
import type { z } from 'zod';

// Every figure of an order, recomputed from the database and the domain rules: the payload gives
// only the shopper's choices, and its figures are only compared.

export type OrderPayload = z.output<typeof orderPayload>;

export interface PricedLine {
  idprd: number;
  name: string;
  quantity: number;
  codundvenda: string;
  boxM2: string | null;
  unitPrice: number;
  totalItem: number;
  requestedLote: number | null;
}

export interface ServerFigures {
  lines: PricedLine[];
  subtotal: number;
  freight: number;
  total: number;
  shipping: FreightOption;
  pickupStore: number | null;
  amountDue: number;
  installments: number;
  installmentValue: number;
}

function requestedLoteId(selected: unknown): number | null {
  if (selected === null || selected === undefined || selected === '') return null;
  const raw = typeof selected === 'object' ? (selected as { idlote?: unknown }).idlote : selected;
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw refuse('invalid', 'Lote inválido.');
  return id;
}

/** Unit prices in centavos that replace the catalogue's (a quote's, services/price-quotes). */
export type QuotedPrices = ReadonlyMap<number, number>;

async function pricedLines(db: Db, payload: OrderPayload, quoted?: QuotedPrices): Promise<PricedLine[]> {
  const ids = [...new Set(payload.produtos.map((line) => line.id))];
  const found = await db
    .select({
      idprd: products.idprd,
      name: products.descricao,
      price: products.priceCentavos,
      boxM2: products.boxM2,
      unit: products.salesUnit,
    })
    .from(products)
    .where(and(inArray(products.idprd, ids), eq(products.active, true)));
  const byId = new Map(found.map((row) => [row.idprd, row]));
  return payload.produtos.map((line) => {
    const product = byId.get(line.id);
    if (!product)
      throw refuse(
        'conflict',
        `O produto ${line.name ?? line.id} não está mais disponível. Remova-o do carrinho.`,
      );
    const unitPrice = quoted?.get(product.idprd) ?? product.price;
    return {
      idprd: product.idprd,
      name: product.name,
      quantity: line.quantity,
      codundvenda: product.unit,
      boxM2: product.boxM2,
      unitPrice,
      totalItem: lineTotal(unitPrice, line.quantity, product.boxM2),
      requestedLote: requestedLoteId(line.selectedLote),
    };
  });
}

/** The card provider's instalment plans for a card (its BIN) and an amount. */
export type QuoteCardPlans = (bin: string, amountCentavos: number) => Promise<QuotedInstallment[]>;

/** Every figure of the order at `now` (the freight on offer), from the database and the domain rules. */
export async function computeFigures(
  db: Db,
  payload: OrderPayload,
  now: Date,
  quoteCardPlans?: QuoteCardPlans,
  quoted?: QuotedPrices,
): Promise<ServerFigures> {
  const lines = await pricedLines(db, payload, quoted);
  const subtotal = lines.reduce((sum, line) => sum + line.totalItem, 0);

  const options = await quoteFreight(
    db,
    payload.entrega.cep,
    lines.map((line) => ({ idprd: line.idprd, quantity: line.quantity })),
    now,
  );
  const shipping = options.find((option) => option.id === payload.frete_sel.id);
  if (!shipping)
    throw refuse(
      'conflict',
      'A forma de envio escolhida não está disponível para este CEP. Calcule o frete e escolha outra.',
    );
  let pickupStore: number | null = null;
  if (shipping.id === PICKUP_SHIPPING_ID) {
    const store = PHYSICAL_STORES.find(
      (candidate) => String(candidate.id) === String(payload.entrega.loja ?? ''),
    );
    if (!store) throw refuse('invalid', 'Escolha a loja onde vai retirar o pedido.');
    pickupStore = store.id;
  }
  const freight = Math.round(shipping.price * 100);
  const total = subtotal + freight;

  let amountDue = pixTotal(subtotal, freight);
  let count = 1;
  let installmentValue = amountDue;
  if (payload.tipo === 'credit') {
    const card = cardForm.parse(payload.forma);
    // The plan the card provider offers for this card and amount (the emulator's by default).
    if (!quoteCardPlans) throw refuse('unavailable', 'Pagamento com cartão indisponível no momento.');
    const plans = await quoteCardPlans(card.bin, total).catch(() => {
      throw refuse(
        'unavailable',
        'Não foi possível consultar as parcelas agora. Tente novamente em instantes.',
      );
    });
    const plan = plans.find((item) => item.count === card.installments);
    if (!plan) throw refuse('invalid', 'Parcelamento inválido.');
    amountDue = plan.totalCentavos;
    count = plan.count;
    installmentValue = plan.installmentCentavos;
  }
  return {
    lines,
    subtotal,
    freight,
    total,
    shipping,
    pickupStore,
    amountDue,
    installments: count,
    installmentValue,
  };
}

/** The client's figures are only compared: any difference is refused with the server's. */
export function compareFigures(payload: OrderPayload, figures: ServerFigures): void {
  const differs = (claimed: unknown, actual: number) =>
    claimed !== undefined &&
    claimed !== null &&
    claimed !== '' &&
    moneyToCentavos(claimed as string | number) !== actual;
  let mismatch = payload.produtos.some((line, index) => differs(line.price, figures.lines[index].unitPrice));
  const resumo = payload.resumo;
  if (resumo) {
    mismatch ||= differs(resumo.subtotal, figures.subtotal);
    mismatch ||= differs(resumo.vl_frete, figures.freight);
    mismatch ||= differs(resumo.total, figures.total);
  }
  if (payload.tipo === 'credit') {
    const card = cardForm.parse(payload.forma);
    mismatch ||= differs(card.installmentValue, figures.installmentValue);
  }
  if (!mismatch) return;
  throw refuse('conflict', PRICE_CHANGED_MESSAGE, {
    resumo: {
      subtotal: centavosToReais(figures.subtotal),
      vl_frete: centavosToReais(figures.freight),
      total: centavosToReais(figures.total),
    },
    produtos: figures.lines.map((line) => ({ id: line.idprd, price: centavosToReais(line.unitPrice) })),
  });
}
