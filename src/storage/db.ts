import { Dexie, type EntityTable } from 'dexie';
import { CART_LINES_TABLE, CATALOGUE_SNAPSHOTS_TABLE, DATABASE_NAME } from '../config/browser-storage';

// The one IndexedDB database of the store (docs/decisions/010-browser-storage.md). Dexie is the source of truth for the
// cart and the checkout form; `mirror.ts` copies it to the sessionStorage/localStorage keys
// (`session-keys.ts`). Schema changes get a new `version(n)` block; never edit a shipped one.

/** A cart line, with the fields the `cartItems` session key carries. */
export interface CartLine {
  /** The product id (idprd), kept as text so '12' and 12 are the same line. */
  id: string;
  name: string;
  /** Square metres per box as the catalogue writes it ('2,5'); '' when sold by unit. */
  multiploprdvenda: string;
  codundvenda: string;
  /** Unit price in reais, or the price per m² for box items. */
  price: number;
  /** Units, or boxes for box items. */
  quantity: number;
  image: string;
  lotes: unknown[];
  selectedLote: unknown;
}

/** What the table holds: the line plus its place in the list (lowest first). */
export interface StoredCartLine extends CartLine {
  position: number;
}

/** A shipping option as APP_0031 / APP_0030 answer it, plus checkout's extras. */
export interface ShippingOption {
  id: number;
  name: string;
  delivery_time: number | string;
  price: number | string;
  company?: { picture?: string; name?: string };
  img?: string;
  img_name_picture?: string;
  estimate?: string;
  prev_delivery?: string;
  /** Pickup (103) on our server: the stores holding the whole cart (store mode). */
  lojas?: { id: number; nome: string }[];
}

/** An address as the checkout keeps it. */
export interface Address {
  cep: string;
  street: string;
  number: string;
  complement: string;
  bairro: string;
  cidade: string;
  uf: string;
}

export type PaymentMethod = 'credit' | 'pix';

/** The payment step as kept: the method and the instalment choice, NEVER card number or CVV. */
export interface PaymentChoice {
  method: PaymentMethod;
  installments?: number;
  installmentId?: number;
  /** reais */
  installmentValue?: number;
}

/** The localStorage `checkout_form_data` value: the three checkout steps. */
export interface CheckoutFormData {
  address: Address | null;
  /**
   * The address form as typed and not yet saved (it needs the network to quote freight), so that a
   * reload or a lost signal does not lose it. Cleared when the address is saved.
   */
  addressDraft?: Address | null;
  shipping: { option: ShippingOption; storeId?: number } | null;
  /**
   * 'Reservar na Loja X' on a paired tablet: the store whose units the order takes. The shipping
   * step opens with 'Retirada' at that store chosen (when the freight answer offers it there).
   */
  reservedStoreId?: number | null;
  payment: PaymentChoice | null;
  /** Which steps the shopper saved ('Salvar'); an 'Editar' clears its flag. */
  confirmed: { address: boolean; shipping: boolean; payment: boolean };
}

export interface CheckoutFormRow {
  key: 'checkout_form_data';
  value: CheckoutFormData;
}

/** The cart page's freight calculation: the CEP, the options it gave and the one chosen. */
export interface CartShipping {
  cep: string;
  options: ShippingOption[];
  selectedId: number | null;
}

/** Values of the order flow that the session keys `movimento` and `APP_0050` carry. */
export interface OrderFlow {
  movimento?: string | null;
  /** The last order payload sent to APP_0050, with the idmov the server gave it. */
  lastOrder?: Record<string, unknown> | null;
  /** The APP_0049 key of the attempt in progress, and what it was fetched for (retries reuse it). */
  mov?: string | null;
  movFor?: string | null;
}

/**
 * Per-line notices found by re-checking the cart against the server (back online: a new price, a
 * stock shortfall), by line id. Shown under the line until the shopper changes it or dismisses it.
 */
export type CartNotices = Record<string, string>;

/**
 * This device's link to the signed-in customer's cart on the server (src/storage/account-cart.ts): at
 * which revision, whether the sign-in merge is done, and the quantities last in step with an
 * account's cart (lines that came from an account are not the device's signed-out cart: a later
 * sign-in adds only what was added signed out). Nothing says whose.
 */
export interface AccountCartLink {
  revision: number;
  merged: boolean;
  /** A checkout was open at sign-in: its cart replaces the account's instead of joining it. */
  checkoutOpen: boolean;
  /** The merge's Idempotency-Key, kept so a retried merge is not summed twice. */
  mergeKey: string;
  /** Product id -> quantity, as last read from the account's cart. */
  synced: Record<string, number>;
}

/**
 * A 'Lista da obra' (src/storage/work-lists.ts): named lines of products kept for a job. Signed out
 * it lives on this device; signed in it is a copy of the account's (`fromAccount`), dropped at
 * 'Sair da Conta' and never sent in a later sign-in merge.
 */
export interface WorkList {
  /** Made by the device that created it (a UUID): the list's key on the server too. */
  key: string;
  name: string;
  /** Lines as a cart takes them; `price` is the one last seen (reais). */
  lines: CartLine[];
  createdAt: number;
  fromAccount: boolean;
}

/** This device's link to the account's lists: the sign-in merge's key, and whether it is done. */
export interface WorkListsLink {
  mergeKey: string;
  merged: boolean;
}

export type CheckoutSessionRow =
  | { key: 'work_lists'; value: WorkListsLink }
  | { key: 'cart_shipping'; value: CartShipping }
  | { key: 'order_flow'; value: OrderFlow }
  | { key: 'cart_notices'; value: CartNotices }
  | { key: 'account_cart'; value: AccountCartLink };

/** A write that can wait for the network (contact message, profile), sent when back online. */
export interface OutboxEntry {
  id?: number;
  operation: string;
  query?: Record<string, unknown>;
  body?: unknown;
  createdAt: number;
  attempts: number;
  lastError?: string;
}

/** A catalogue answer kept for offline browsing (APP_0041, APP_0027, APP_0028), by request key. */
export interface CatalogueSnapshot {
  key: string;
  answer: unknown;
  savedAt: number;
}

export type StorefrontDb = Dexie & {
  [CART_LINES_TABLE]: EntityTable<StoredCartLine, 'id'>;
  checkoutForm: EntityTable<CheckoutFormRow, 'key'>;
  checkoutSession: EntityTable<CheckoutSessionRow, 'key'>;
  outbox: EntityTable<OutboxEntry, 'id'>;
  [CATALOGUE_SNAPSHOTS_TABLE]: EntityTable<CatalogueSnapshot, 'key'>;
  workLists: EntityTable<WorkList, 'key'>;
};

/** Opens (lazily, on first use) a database; tests pass a name to get a second "tab" or a fresh one. */
export function createStorageDb(name = DATABASE_NAME): StorefrontDb {
  const db = new Dexie(name) as StorefrontDb;
  db.version(1).stores({
    [CART_LINES_TABLE]: '&id, position',
    checkoutForm: '&key',
    checkoutSession: '&key',
    outbox: '++id, createdAt',
    [CATALOGUE_SNAPSHOTS_TABLE]: '&key, savedAt',
  });
  // Issue 41: the 'Listas da obra'.
  db.version(2).stores({ workLists: '&key, createdAt' });
  return db;
}

export const db: StorefrontDb = createStorageDb();
