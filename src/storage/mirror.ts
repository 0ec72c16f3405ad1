import { liveQuery } from 'dexie';
import { centavosToReais, moneyToCentavos } from '../domain/money';
import { cartSubtotalCentavos, lineTotalCentavos } from './cart-totals';
import type { CheckoutFormData, ShippingOption, StorefrontDb } from './db';
import { isLostConnection, readSnapshot, reopenDb, type StorageSnapshot } from './stored-rows';
import { readRaw, writeLocal, writeSession, type SessionKey } from './session-keys';

// The one module that copies IndexedDB to the browser keys of `session-keys.ts` (sessionStorage per tab,
// localStorage `checkout_form_data`). It runs after every change made in this tab and, through
// Dexie's live query, after changes made in any other tab. Keys it does not own (nome, id,
// dados_cliente, pesquisa, perfil, redirect) are left alone.

/** A product line as `resumo_produtos` lists it: reais, with the line total. */
export interface ProductSummaryLine {
  id: string;
  name: string;
  quantity: number;
  price: number;
  multiploprdvenda: string;
  codundvenda: string;
  total: number;
}

/** The shipping option in effect: the checkout's choice, else the cart page's. */
export function effectiveShipping(
  snapshot: Pick<StorageSnapshot, 'form' | 'cartShipping'>,
): ShippingOption | null {
  if (snapshot.form.shipping) return snapshot.form.shipping.option;
  const cart = snapshot.cartShipping;
  return cart?.options.find((option) => option.id === cart.selectedId) ?? null;
}

type KeyValue = string | number | object | null;

/** Every session key the mirror owns, with its value for a snapshot (null = removed). */
export function sessionValues(snapshot: StorageSnapshot): Record<string, KeyValue> {
  const { lines, form, cartShipping, orderFlow } = snapshot;
  const subtotal = cartSubtotalCentavos(lines);
  const shipping = effectiveShipping(snapshot);
  const freight = shipping ? moneyToCentavos(shipping.price) : 0;
  const cartSelection = cartShipping?.options.find((option) => option.id === cartShipping.selectedId) ?? null;
  const address = form.address;
  return {
    cartItems: lines,
    cartItemCount: lines.length,
    checkout: lines,
    total_compra: centavosToReais(subtotal),
    resumo_produtos: lines.map((line): ProductSummaryLine => ({
      id: line.id,
      name: line.name,
      quantity: line.quantity,
      price: line.price,
      multiploprdvenda: line.multiploprdvenda,
      codundvenda: line.codundvenda,
      total: centavosToReais(lineTotalCentavos(line)),
    })),
    frete: shipping ? centavosToReais(freight) : null,
    selectedShipping: cartSelection,
    dados_frete: cartShipping ? cartShipping.options : null,
    cep_entrega: address?.cep || cartShipping?.cep || null,
    dadosEndereco: address,
    dados_entrega: address
      ? { ...address, frete: form.shipping?.option ?? null, loja: form.shipping?.storeId ?? null }
      : null,
    endereco_cliente: address
      ? { street: address.street, number: address.number, city: address.cidade }
      : null,
    frete_sel: form.shipping ? { ...form.shipping.option, storeId: form.shipping.storeId ?? null } : null,
    resumo: {
      subtotal: centavosToReais(subtotal),
      vl_frete: centavosToReais(freight),
      total: centavosToReais(subtotal + freight),
    },
    opcao_pagamento: form.payment,
    movimento: orderFlow.movimento ?? null,
    APP_0050: orderFlow.lastOrder ?? null,
  };
}

function serialize(value: KeyValue): string | null {
  if (value === null) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function isEmptyForm(form: CheckoutFormData): boolean {
  return (
    !form.address && !form.addressDraft && !form.shipping && !form.payment && form.reservedStoreId == null
  );
}

/** Writes a snapshot to the keys, touching only those whose text changes. */
export function writeMirror(snapshot: StorageSnapshot): void {
  for (const [key, value] of Object.entries(sessionValues(snapshot))) {
    const text = serialize(value);
    if (readRaw('session', key) === text) continue;
    writeSession(key as SessionKey, text);
  }
  const form = isEmptyForm(snapshot.form) ? null : snapshot.form;
  if (readRaw('local', 'checkout_form_data') !== serialize(form)) writeLocal('checkout_form_data', form);
}

export async function syncMirror(db: StorefrontDb): Promise<void> {
  writeMirror(await readSnapshot(db));
}

const warnUnavailable = (error: unknown) =>
  console.warn('IndexedDB indisponível; carrinho só nesta aba', error);

const running = new WeakMap<StorefrontDb, { unsubscribe(): void }>();

/** Keeps the keys in step with the database (this tab's and other tabs' writes). Idempotent. */
export function startMirror(db: StorefrontDb): () => void {
  let subscription = running.get(db);
  if (!subscription) {
    // Reopened only after a connection that worked: one that fails at once would loop.
    let worked = false;
    subscription = liveQuery(() => readSnapshot(db)).subscribe({
      next: (snapshot) => {
        worked = true;
        writeMirror(snapshot);
      },
      error: (error: unknown) => {
        running.delete(db);
        // A lost connection: opened again, the mirror runs on.
        if (worked && isLostConnection(error)) void reopenDb(db).then(() => startMirror(db), warnUnavailable);
        else warnUnavailable(error);
      },
    });
    running.set(db, subscription);
  }
  return () => {
    running.get(db)?.unsubscribe();
    running.delete(db);
  };
}
