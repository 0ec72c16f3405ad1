import { cardInterestPaidBy } from '../../../config/env';
import type { CardForm, OrderLine, OrderPayload, RawCardForm } from '../../../api/place-order';
import { ADDRESS_FIELDS } from '../../../domain/address';
import { centavosToReais, moneyToCentavos } from '../../../domain/money';
import { installments, pixTotal, type Installment } from '../../../domain/payment-options';
import { cartSubtotalCentavos } from '../../../storage/cart-totals';
import type { CartLine, CheckoutFormData, PaymentMethod, ShippingOption } from '../../../storage/db';

// Checkout rules that do not need a screen: steps, totals, the order payload and what of it may be
// kept in the browser.

export type StepName = 'address' | 'shipping' | 'payment';
export const STEP_ORDER: readonly StepName[] = ['address', 'shipping', 'payment'];

export function completedSteps(form: CheckoutFormData): number {
  return STEP_ORDER.filter((step) => form.confirmed[step]).length;
}

/** 'N de 3 etapas concluídas' */
export function progressLabel(form: CheckoutFormData): string {
  return `${completedSteps(form)} de 3 etapas concluídas`;
}

/** The step to open: the first one not yet saved (saving a step opens the next). */
export function firstOpenStep(form: CheckoutFormData): StepName {
  if (!form.confirmed.address || !form.address) return 'address';
  if (!form.confirmed.shipping || !form.shipping) return 'shipping';
  return 'payment';
}

/** A step can be opened once every step before it is saved. */
export function canOpen(step: StepName, form: CheckoutFormData): boolean {
  if (step === 'address') return true;
  if (step === 'shipping') return form.confirmed.address && !!form.address;
  return form.confirmed.address && form.confirmed.shipping && !!form.shipping;
}

export interface CheckoutTotals {
  /** All centavos. */
  subtotal: number;
  freight: number;
  total: number;
  pix: number;
  installments: Installment[];
}

export function checkoutTotals(
  lines: readonly CartLine[],
  shipping: ShippingOption | null | undefined,
): CheckoutTotals {
  const subtotal = cartSubtotalCentavos(lines);
  const freight = shipping ? moneyToCentavos(shipping.price) : 0;
  const total = subtotal + freight;
  return {
    subtotal,
    freight,
    total,
    pix: pixTotal(subtotal, freight),
    installments: installments(total, cardInterestPaidBy),
  };
}

export interface OrderInput {
  lines: readonly CartLine[];
  form: CheckoutFormData;
  customer: Record<string, unknown> | null;
  movimento: string | null;
  mov: string;
  tipo: PaymentMethod;
  /** The provider's token; the raw fields in a VITE_CARD_FIELDS=raw build (another DataSnap). */
  card?: CardForm | RawCardForm;
  /** The answered quote this order comes from (docs/quotes.md): the server prices it from the quote. */
  quoteId?: number | null;
}

/** The APP_0050 payload: dados_cliente, produtos, frete_sel, forma, entrega, movimento, resumo, tipo, mov. */
export function buildOrderPayload({
  lines,
  form,
  customer,
  movimento,
  mov,
  tipo,
  card,
  quoteId,
}: OrderInput): OrderPayload {
  if (!form.address || !form.shipping) throw new Error('checkout incompleto');
  const totals = checkoutTotals(lines, form.shipping.option);
  const storeId = form.shipping.storeId ?? null;
  return {
    dados_cliente: (customer ?? undefined) as OrderPayload['dados_cliente'],
    produtos: lines.map((line) => ({
      ...line,
      id: Number(line.id),
      selectedLote: (line.selectedLote ?? null) as OrderLine['selectedLote'],
    })),
    frete_sel: { ...form.shipping.option, storeId },
    forma: tipo === 'credit' ? card : undefined,
    entrega: { ...form.address, loja: storeId },
    movimento,
    resumo: {
      subtotal: centavosToReais(totals.subtotal),
      vl_frete: centavosToReais(totals.freight),
      total: centavosToReais(totals.total),
    },
    tipo,
    mov,
    ...(quoteId ? { orcamento: quoteId } : {}),
  };
}

/**
 * What an attempt is about: the same mov must not be reused for a different cart, address, shipping
 * or payment method, because the server gives back the first order for a known mov. The address is
 * its own fields in a fixed order, not the stored object: a writer that stores the same address with
 * its keys in another order, or with keys of its own, does not make it another attempt.
 */
export function attemptSignature(
  lines: readonly CartLine[],
  form: CheckoutFormData,
  tipo: PaymentMethod,
  quoteId: number | null = null,
): string {
  const { address } = form;
  return JSON.stringify([
    quoteId,
    lines.map((line) => [line.id, line.quantity, line.price]),
    address ? ADDRESS_FIELDS.map((field) => address[field] ?? '') : null,
    form.shipping?.option.id ?? null,
    form.shipping?.storeId ?? null,
    tipo,
  ]);
}

/** The payload as kept in sessionStorage `APP_0050`: with idmov, and never the card token. */
export function storedOrderPayload(payload: OrderPayload, idmov: number): Record<string, unknown> {
  const card = payload.forma as CardForm | undefined;
  return {
    ...payload,
    forma: card
      ? {
          installments: card.installments,
          installmentId: card.installmentId ?? null,
          installmentValue: card.installmentValue ?? null,
          name: card.name,
        }
      : null,
    idmov,
  };
}
