import { callOperation } from '../api/client';
import {
  changeCustomerCartOperation,
  customerCartOperation,
  type CustomerCartAnswer,
  type CustomerCartChange,
} from '../api/customer-cart';
import { isApiError } from '../api/errors';
import type { HandoffProduct } from '../api/store-mode';
import { accountCartChange, cartLineFor } from './cart-line';
import type { AccountCartLink, StorefrontDb } from './db';
import { queuedWrites, sendOrQueue } from './outbox';
import { openDb, readCartLines } from './stored-rows';
import { write } from './write';

// One cart per signed-in customer across devices (docs/customer-cart.md). At sign-in the device's
// signed-out cart joins the account's (or, with a checkout open, replaces it). Then every cart edit
// is sent to the account's cart (CARRINHO_CONTA_ALTERAR) through the outbox: offline it waits and
// is sent later with its idempotency key. The device reads the account's cart back at app start,
// on focus, when the page becomes visible and after its own sends, keeping the lines it still has
// changes waiting for. Against a DataSnap without the operation (404) the cart simply stays on the
// device, as before, with nothing said.

/** What a queued cart change is called (never announced: UNANNOUNCED in outbox.ts). */
export const CART_CHANGE_LABEL = 'Carrinho da conta';

/** Told at sign-in when a checkout was open: its cart stays and replaced the account's. */
export const CHECKOUT_CART_KEPT_TEXT =
  'Você tem uma compra em andamento: mantivemos o carrinho desta compra, e ele substituiu o carrinho salvo na sua conta.';

/** Whether this server has no account cart (a 404 once): then nothing is sent for the rest of the page. */
let absent = false;

function isMissingOperation(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

async function readLink(db?: StorefrontDb): Promise<AccountCartLink | null> {
  const row = await (db ?? (await openDb())).checkoutSession.get('account_cart');
  return row?.key === 'account_cart' ? row.value : null;
}

async function saveLink(link: AccountCartLink, db?: StorefrontDb): Promise<void> {
  await (db ?? (await openDb())).checkoutSession.put({ key: 'account_cart', value: link });
}

/**
 * The account's cart as the device's: every line the answer has (today's price and the quantity),
 * none it has not, except the lines with changes still waiting to be sent, which keep the device's.
 */
async function takeAccountCart(answer: CustomerCartAnswer, keep: ReadonlySet<string> = new Set()) {
  await write((db) =>
    db.transaction('rw', db.cartLines, db.checkoutSession, async () => {
      // The device holds one line per product: of two lotes, the latest change.
      const products = new Map<string, HandoffProduct>();
      for (const product of answer.produtos)
        if (!products.has(String(product.idprd))) products.set(String(product.idprd), product);
      const device = await db.cartLines.toArray();
      for (const line of device)
        if (!products.has(line.id) && !keep.has(line.id)) await db.cartLines.delete(line.id);
      let position = 0;
      for (const [id, product] of products) {
        position += 1;
        if (keep.has(id)) continue;
        const current = device.find((line) => line.id === id);
        const line = cartLineFor(product, { quantity: product.quantity, selectedLote: product.selectedLote });
        await db.cartLines.put({ ...line, image: current?.image ?? line.image, position });
      }
      const link = await readLink(db);
      await saveLink(
        {
          revision: answer.revisao,
          merged: true,
          checkoutOpen: false,
          mergeKey: link?.mergeKey ?? '',
          synced: Object.fromEntries([...products].map(([id, product]) => [id, product.quantity])),
        },
        db,
      );
    }),
  );
}

/** The product ids whose cart changes wait in the outbox (their device lines are the newer). */
async function waitingLines(): Promise<Set<string>> {
  const waiting = (await queuedWrites()).filter(
    (entry) => entry.operation === changeCustomerCartOperation.name,
  );
  return new Set(
    waiting.flatMap((entry) =>
      (entry.body as { mudancas: CustomerCartChange[] }).mudancas.map((change) => String(change.id)),
    ),
  );
}

/**
 * Sends the sign-in merge (again, with the same key, if its answer was lost). The device's lines
 * that came from an account count only for what was added to them signed out; with a checkout
 * open, the device's cart replaces the account's. Resolves to whether the account's cart differed
 * from the checkout's (the shopper is told).
 */
async function completeMerge(link: AccountCartLink): Promise<boolean> {
  const lines = await readCartLines();
  let replaced = false;
  let mudancas: CustomerCartChange[];
  if (link.checkoutOpen) {
    const before = await callOperation(customerCartOperation, {});
    const device = new Map(lines.map((line) => [line.id, line.quantity]));
    replaced =
      before.produtos.length > 0 &&
      (before.produtos.length !== device.size ||
        before.produtos.some((product) => device.get(String(product.idprd)) !== product.quantity));
    mudancas = lines.map((line) => accountCartChange(line, line.quantity));
  } else {
    mudancas = lines.flatMap((line) => {
      const added = line.quantity - (link.synced[line.id] ?? 0);
      return added > 0 ? [accountCartChange(line, added)] : [];
    });
  }
  const answer = await callOperation(changeCustomerCartOperation, {
    body: { base: 0, modo: link.checkoutOpen ? 'substituir' : 'juntar', mudancas },
    headers: { 'idempotency-key': link.mergeKey },
  });
  await takeAccountCart(answer);
  return replaced;
}

function newLink(checkoutOpen: boolean, previous: AccountCartLink | null): AccountCartLink {
  return {
    revision: 0,
    merged: false,
    checkoutOpen,
    mergeKey: crypto.randomUUID(),
    synced: previous?.synced ?? {},
  };
}

/**
 * At sign-in: the device's cart and the account's become one. The device's signed-out cart is
 * summed into the account's (the same product and lote add up); a checkout open on the device is
 * never merged into: its cart becomes the account's. Resolves to whether the shopper must be told
 * that the account's cart was replaced (CHECKOUT_CART_KEPT_TEXT). Offline or failing, the merge is
 * left for the next pull.
 */
export async function mergeCartAtSignIn({ checkoutOpen }: { checkoutOpen: boolean }): Promise<boolean> {
  absent = false;
  const link = newLink(checkoutOpen, await readLink());
  await saveLink(link);
  try {
    return await completeMerge(link);
  } catch (error) {
    if (isMissingOperation(error)) absent = true;
    else console.warn('Não foi possível juntar o carrinho da conta', error);
    return false;
  }
}

/**
 * Reads the account's cart into the device (app start, focus, after a send), or finishes a sign-in
 * merge that could not be sent. Quietly nothing when offline or the server has no account cart.
 */
export async function pullAccountCart(): Promise<void> {
  if (absent) return;
  try {
    const link = await readLink();
    // Signed in before this device kept a link (or its storage was cleared): a first merge.
    if (!link) await mergeCartAtSignIn({ checkoutOpen: false });
    else if (!link.merged) await completeMerge(link);
    else await takeAccountCart(await callOperation(customerCartOperation, {}), await waitingLines());
  } catch (error) {
    if (isMissingOperation(error)) absent = true;
  }
}

/**
 * Sends cart edits to the account's cart: now when online (then reads the cart back), or through
 * the outbox. Before the sign-in merge is done there is nothing to send: the merge takes the whole
 * cart. A refusal is not the shopper's to fix: the next read brings the account's cart.
 */
export async function shareCartChanges(mudancas: CustomerCartChange[]): Promise<void> {
  if (absent || mudancas.length === 0) return;
  const link = await readLink();
  if (!link?.merged) return;
  try {
    const sent = await sendOrQueue(
      changeCustomerCartOperation,
      { base: link.revision, mudancas },
      CART_CHANGE_LABEL,
    );
    if (sent.kind === 'sent') await pullAccountCart();
  } catch (error) {
    if (isMissingOperation(error)) absent = true;
  }
}
