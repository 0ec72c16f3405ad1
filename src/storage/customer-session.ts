import type { CustomerRecord } from '../api/customer-fields';
import type { LoginAnswer, ProfileAnswer } from '../api/customers';
import {
  isSignedIn,
  readLocalJson,
  readSession,
  readSessionJson,
  removeSessionKeys,
  useSessionValue,
  writeLocal,
  writeSession,
  type SessionKey,
} from './session-keys';
import { openDb } from './stored-rows';

export { isSignedIn } from './session-keys';

// The signed-in customer as the browser keeps it: `nome` (the signed-in indicator), `id`,
// `dados_cliente` (the login record) and `perfil` (telcontato, telcelular, email). The session itself
// is the server's HttpOnly cookie; these keys only say who the screens are showing.

/** The keys that say who is signed in. */
export const CUSTOMER_KEYS: readonly SessionKey[] = [
  'nome',
  'id',
  'dados_cliente',
  'perfil',
  'entrada_conta',
];

/**
 * Every session key that can hold something of the customer: who they are, where they live, what
 * they chose to pay with, the order they placed. Sign-out removes all of them.
 */
export const PERSONAL_SESSION_KEYS: readonly SessionKey[] = [
  ...CUSTOMER_KEYS,
  'redirect',
  'dados_entrega',
  'dadosEndereco',
  'endereco_cliente',
  'cep_entrega',
  'frete_sel',
  'frete',
  'selectedShipping',
  'dados_frete',
  'opcao_pagamento',
  'movimento',
  'APP_0050',
  'resumo',
];

/**
 * Operations whose queued writes (outbox) carry the customer's data and need their session. A cart
 * change queued for the account (CARRINHO_CONTA_ALTERAR) goes too: sent after someone else signs in,
 * it would land in their cart; the line stays on the device, and the customer's next sign-in merge
 * adds what the account has not seen (src/storage/account-cart.ts). A list change
 * (LISTAS_CONTA_ALTERAR) likewise: the account's lists leave the device at sign-out.
 */
const PERSONAL_OUTBOX_OPERATIONS = ['APP_0047', 'APP_0048', 'CARRINHO_CONTA_ALTERAR', 'LISTAS_CONTA_ALTERAR'];

/** A sign-out waiting in the outbox (made with no signal): it ends the session the cookie names. */
const SIGN_OUT_OPERATION = 'APP_0099';

/** The stored profile subset. */
export interface StoredProfile {
  telcontato: string;
  telcelular: string;
  email: string;
}

export function storeSignIn(answer: Pick<LoginAnswer, 'id' | 'nome' | 'dados_cliente'>): void {
  writeSession('nome', answer.nome);
  writeSession('id', String(answer.id));
  writeSession('dados_cliente', answer.dados_cliente);
  writeSession('entrada_conta', String(Date.now()));
  void dropQueuedSignOuts().catch((error: unknown) =>
    console.warn('Não foi possível limpar as pendências de saída', error),
  );
}

/**
 * The server ended the browser's previous session at this sign-in (APP_0045): a sign-out still
 * waiting from before, sent now, would end the new one.
 */
async function dropQueuedSignOuts(): Promise<void> {
  const db = await openDb();
  await db.outbox.filter((entry) => entry.operation === SIGN_OUT_OPERATION).delete();
}

export function storeProfile(profile: Pick<ProfileAnswer, 'telcontato' | 'telcelular' | 'email'>): void {
  const stored: StoredProfile = {
    telcontato: profile.telcontato,
    telcelular: profile.telcelular,
    email: profile.email,
  };
  writeSession('perfil', stored);
  // The side menu shows the record's e-mail: keep it in step with a profile change.
  const record = readCustomerRecord();
  if (record && record.email !== profile.email)
    writeSession('dados_cliente', { ...record, email: profile.email });
}

export function readCustomerRecord(): CustomerRecord | null {
  return readSessionJson<CustomerRecord | null>('dados_cliente', null);
}

/** Signed in (a stored `nome`) as React state: read after hydration, never during a server render. */
export function useIsSignedIn(): boolean {
  return isSignedIn(useSessionValue('nome'));
}

/** The stored record as React state (re-renders when it changes in this tab). */
export function useCustomerRecord(): CustomerRecord | null {
  const raw = useSessionValue('dados_cliente');
  if (!raw) return null;
  try {
    return JSON.parse(raw) as CustomerRecord;
  } catch {
    return null;
  }
}

/** The server said the session is gone (401): stop showing the customer as signed in. */
export function forgetCustomer(): void {
  removeSessionKeys(CUSTOMER_KEYS);
}

/**
 * 'Sair da Conta' on a shared tablet (docs/decisions/011-sign-out-keeps-the-cart.md): removes every personal trace the browser holds.
 * Session keys of the customer, addresses, freight, payment choice and last order; localStorage
 * `checkout_form_data`; in IndexedDB the checkout form, the order flow, the cart's CEP and freight
 * quote, queued customer writes and the account's 'Listas da obra'. The cart lines stay: they are products on the device, not the
 * customer's (the same choice `clearPersonalCheckoutData` documents), and the mirror keeps
 * re-deriving the cart keys (cartItems, checkout, total_compra, resumo_produtos, resumo) from them.
 */
export async function clearPersonalData(): Promise<void> {
  // Session keys first: the header must say 'Entrar / Cadastrar' at once, even if IndexedDB is slow.
  removeSessionKeys(PERSONAL_SESSION_KEYS);
  // Every other tab of the browser hears it (followSignOutInOtherTabs).
  writeLocal('saida_conta', { em: Date.now() });
  writeLocal('checkout_form_data', null);
  try {
    const [{ clearPersonalCheckoutData }, { saveCartShipping }, { forgetAccountLists }] = await Promise.all([
      import('./checkout-form'),
      import('./cart'),
      import('./work-lists'),
    ]);
    await clearPersonalCheckoutData();
    // The cart's freight quote carries the shopper's CEP.
    await saveCartShipping(null);
    const db = await openDb();
    await db.outbox.filter((entry) => PERSONAL_OUTBOX_OPERATIONS.includes(entry.operation)).delete();
    // The account's 'Listas da obra' (the lists made signed out stay, as the cart does).
    await forgetAccountLists(db);
  } catch (error) {
    console.warn('Não foi possível limpar o armazenamento local', error);
  }
  // The mirror re-derives what it owns from the (now cleared) database; drop anything left over.
  // (`resumo` may come back from the kept cart: subtotal and total of its lines, freight 0.)
  removeSessionKeys(PERSONAL_SESSION_KEYS);
  writeLocal('checkout_form_data', null);
}

/**
 * Whether 'Sair da Conta' was chosen in some tab after this tab's customer signed in. A tab signed
 * in before sign-in times were kept has none: any sign-out since then counts (the safe side).
 */
function signedOutElsewhere(): boolean {
  if (!isSignedIn()) return false;
  const signedOut = readLocalJson<{ em?: number } | null>('saida_conta', null)?.em;
  if (typeof signedOut !== 'number') return false;
  return signedOut >= Number(readSession('entrada_conta') ?? 0);
}

/**
 * A shared device signs out in every tab at once (sessionStorage is per tab, so each tab clears its
 * own): now, for a tab opened or reloaded after the sign-out, and on the `storage` event for a tab
 * open at the time. The rest (IndexedDB, localStorage, the cookie) the signing-out tab cleared.
 * `onSignedOut` drops what the tab holds in memory. Returns the function that stops listening.
 */
export function followSignOutInOtherTabs(onSignedOut: () => void): () => void {
  const follow = () => {
    if (!signedOutElsewhere()) return;
    removeSessionKeys(PERSONAL_SESSION_KEYS);
    onSignedOut();
  };
  follow();
  const onStorage = (event: StorageEvent) => {
    if (event.key === 'saida_conta' || event.key === null) follow();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
