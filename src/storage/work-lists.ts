import { callOperation } from '../api/client';
import { isApiError } from '../api/errors';
import type { HandoffProduct } from '../api/store-mode';
import {
  changeWorkListsOperation,
  workListsOperation,
  type ListChange,
  type WorkListsAnswer,
} from '../api/work-lists';
import { normalizeQuantity } from '../domain/quantity';
import { cartLineFor, loteIdOf, type AddToCartOptions, type CartProductInput } from './cart-line';
import type { CartLine, StorefrontDb, WorkList, WorkListsLink } from './db';
import { useStorageQuery } from './live';
import { queuedWrites, sendOrQueue } from './outbox';
import { isSignedIn } from './session-keys';
import { withDb } from './stored-rows';
import { newIdempotencyKey } from './write-queue';

// 'Listas da obra' on the device (docs/work-lists.md). Signed out, the lists live in IndexedDB
// only. At sign-in the signed-out lists join the account's (LISTAS_CONTA_ALTERAR 'juntar': lists of
// the same name merge, the same product and lote summed, once per Idempotency-Key), and the device
// then holds a copy of the account's lists. Signed in, every edit is applied here first and sent
// through the outbox (offline it waits), the same way the account's cart is (account-cart.ts).
// Against a DataSnap without the operations (404), the lists simply stay on the device.

/** What a queued list change is called (never announced: UNANNOUNCED in outbox.ts). */
export const LIST_CHANGE_LABEL = 'Listas da obra';

/** Whether this server has no account lists (a 404 once): nothing is sent for the rest of the page. */
let absent = false;

const isMissingOperation = (error: unknown) => isApiError(error) && error.status === 404;

/** A line's place in a list: its product and lote (a product may be on a list in two lotes). */
export const lineKey = (line: Pick<CartLine, 'id' | 'selectedLote'>) =>
  `${line.id}:${loteIdOf(line.selectedLote) ?? 0}`;

/** The lists, oldest first. */
function readWorkLists(db: StorefrontDb): Promise<WorkList[]> {
  return db.workLists.orderBy('createdAt').toArray();
}

/** The lists, live across tabs; undefined while IndexedDB opens. */
export function useWorkLists(): WorkList[] | undefined {
  return useStorageQuery(readWorkLists, 'work-lists');
}

async function readLink(db: StorefrontDb): Promise<WorkListsLink | null> {
  const row = await db.checkoutSession.get('work_lists');
  return row?.key === 'work_lists' ? row.value : null;
}

const saveLink = (db: StorefrontDb, value: WorkListsLink) =>
  db.checkoutSession.put({ key: 'work_lists', value });

/** The change that sets a line on the account's list (0 removes it). */
const lineChange = (line: Pick<CartLine, 'id' | 'selectedLote'>, quantidade: number) => ({
  id: Number(line.id),
  selectedLote: loteIdOf(line.selectedLote) ?? null,
  quantidade,
});

/** Signed in and merged: the change goes to the account's lists (now, or through the outbox). */
async function share(change: ListChange): Promise<void> {
  if (absent || !isSignedIn()) return;
  const link = await withDb(readLink);
  if (!link?.merged) return;
  try {
    const sent = await sendOrQueue(changeWorkListsOperation, { mudancas: [change] }, LIST_CHANGE_LABEL);
    if (sent.kind === 'sent') await pullWorkLists();
  } catch (error) {
    if (isMissingOperation(error)) absent = true;
    else console.warn('Não foi possível enviar a lista à conta', error);
  }
}

/** A new list; resolves to its key. Signed in, made on the account too. */
export async function createWorkList(name: string): Promise<string> {
  const key = newIdempotencyKey();
  const nome = name.trim();
  await withDb(async (db) => {
    // Before the sign-in merge is done, a new list is the device's: the merge takes it.
    const fromAccount = isSignedIn() && (await readLink(db))?.merged === true;
    await db.workLists.add({ key, name: nome, lines: [], createdAt: Date.now(), fromAccount });
  });
  void share({ lista: key, nome });
  return key;
}

export async function renameWorkList(key: string, name: string): Promise<void> {
  const nome = name.trim();
  await withDb((db) => db.workLists.update(key, { name: nome }));
  void share({ lista: key, nome });
}

export async function deleteWorkList(key: string): Promise<void> {
  await withDb((db) => db.workLists.delete(key));
  void share({ lista: key, apagar: true });
}

/** Changes one list in a transaction; resolves to the line's new quantity (0: removed), or null. */
async function changeLines(
  key: string,
  change: (lines: CartLine[]) => { lines: CartLine[]; line: CartLine; quantity: number } | null,
): Promise<void> {
  const done = await withDb((db) =>
    db.transaction('rw', db.workLists, async () => {
      const list = await db.workLists.get(key);
      const result = list ? change(list.lines) : null;
      if (result) await db.workLists.update(key, { lines: result.lines });
      return result;
    }),
  );
  if (done) void share({ lista: key, linhas: [lineChange(done.line, done.quantity)] });
}

/** Adds a product to a list: a line already there (same product and lote) adds the quantity. */
export function addToWorkList(
  key: string,
  product: CartProductInput,
  options: AddToCartOptions & { quantity: number },
): Promise<void> {
  const line = cartLineFor(product, options);
  return changeLines(key, (lines) => {
    const current = lines.find((other) => lineKey(other) === lineKey(line));
    const quantity = normalizeQuantity((current?.quantity ?? 0) + line.quantity);
    const next = current
      ? lines.map((other) => (other === current ? { ...other, quantity, price: line.price } : other))
      : [...lines, line];
    return { lines: next, line, quantity };
  });
}

export function setWorkListQuantity(key: string, line: string, quantity: number): Promise<void> {
  return changeLines(key, (lines) => {
    const current = lines.find((other) => lineKey(other) === line);
    if (!current) return null;
    const value = normalizeQuantity(quantity);
    return {
      lines: lines.map((other) => (other === current ? { ...other, quantity: value } : other)),
      line: current,
      quantity: value,
    };
  });
}

export function removeWorkListLine(key: string, line: string): Promise<void> {
  return changeLines(key, (lines) => {
    const current = lines.find((other) => lineKey(other) === line);
    return current ? { lines: lines.filter((other) => other !== current), line: current, quantity: 0 } : null;
  });
}

const lineOf = (product: HandoffProduct, image: string | undefined): CartLine => {
  const line = cartLineFor(product, { quantity: product.quantity, selectedLote: product.selectedLote });
  return image ? { ...line, image } : line;
};

/** The account's lists as the device's, but those whose changes still wait in the outbox. */
async function takeAccountLists(answer: WorkListsAnswer, keep: ReadonlySet<string>): Promise<void> {
  await withDb((db) =>
    db.transaction('rw', db.workLists, db.checkoutSession, async () => {
      const device = await db.workLists.toArray();
      for (const list of device) if (!keep.has(list.key)) await db.workLists.delete(list.key);
      for (const [index, list] of answer.listas.entries()) {
        if (keep.has(list.lista)) continue;
        const before = device.find((other) => other.key === list.lista);
        const images = new Map(before?.lines.map((line) => [lineKey(line), line.image]));
        await db.workLists.put({
          key: list.lista,
          name: list.nome,
          lines: list.produtos.map((product) => {
            const line = lineOf(product, undefined);
            return lineOf(product, images.get(lineKey(line)));
          }),
          createdAt: before?.createdAt ?? index,
          fromAccount: true,
        });
      }
      const link = await readLink(db);
      await saveLink(db, { mergeKey: link?.mergeKey ?? '', merged: true });
    }),
  );
}

/** The lists whose changes wait in the outbox (their device copy is the newer). */
async function waitingLists(): Promise<Set<string>> {
  const waiting = (await queuedWrites()).filter((entry) => entry.operation === changeWorkListsOperation.name);
  return new Set(
    waiting.flatMap((entry) =>
      (entry.body as { mudancas: ListChange[] }).mudancas.map((change) => change.lista),
    ),
  );
}

/** Sends the sign-in merge (again, with the same key, when its answer was lost). */
async function completeMerge(link: WorkListsLink): Promise<void> {
  const own = (await withDb((db) => db.workLists.toArray())).filter((list) => !list.fromAccount);
  const mudancas: ListChange[] = own.map((list) => ({
    lista: list.key,
    nome: list.name,
    linhas: list.lines.map((line) => lineChange(line, line.quantity)),
  }));
  const answer = await callOperation(changeWorkListsOperation, {
    body: { modo: 'juntar', mudancas },
    headers: { 'idempotency-key': link.mergeKey },
  });
  await takeAccountLists(answer, new Set());
}

/**
 * At sign-in: the lists made signed out on this device join the account's. Offline or failing,
 * the merge is left for the next pull (the lists page, or the next sign-in's).
 */
export async function mergeWorkListsAtSignIn(): Promise<void> {
  absent = false;
  const link = { mergeKey: newIdempotencyKey(), merged: false };
  await withDb((db) => saveLink(db, link));
  try {
    await completeMerge(link);
  } catch (error) {
    if (isMissingOperation(error)) absent = true;
    else console.warn('Não foi possível juntar as listas à conta', error);
  }
}

/**
 * Signed in: reads the account's lists into the device (or finishes a sign-in merge that could
 * not be sent). Throws when the account could not be read (the page says so and shows the
 * device's); quietly nothing when the server has no account lists.
 */
export async function pullWorkLists(): Promise<void> {
  if (absent || !isSignedIn()) return;
  try {
    const link = await withDb(readLink);
    if (!link) await mergeWorkListsAtSignIn();
    else if (!link.merged) await completeMerge(link);
    else await takeAccountLists(await callOperation(workListsOperation, {}), await waitingLists());
  } catch (error) {
    if (isMissingOperation(error)) absent = true;
    else throw error;
  }
}

/**
 * 'Sair da Conta': the account's lists leave the device with the customer; lists made signed out
 * stay (they are the device's, like the cart), and join the next account signed in.
 */
export async function forgetAccountLists(db: StorefrontDb): Promise<void> {
  await db.transaction('rw', db.workLists, db.checkoutSession, async () => {
    await db.workLists.filter((list) => list.fromAccount).delete();
    await db.checkoutSession.delete('work_lists');
  });
}
