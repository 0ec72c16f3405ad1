import type { Lote, ProductSummary } from '../api/products';
import { operationUrl } from '../api/client';
import { readServerState } from '../config/page-data';
import { addedDialog, addedToast, ADD_FAILED_ON_PRODUCT_PAGE, productCardName } from '../domain/cart-texts';
import { ADD_QUANTITY, type AddButton } from '../domain/takeover';
import { queuedEarlyAdds, queueEarlyAdd, storedCartHolds, type EarlyAdd } from '../storage/early-adds';
import { ToastLevel } from '../browser/toast-levels';
import { showAddedDialog, showNote } from './answers';

type PageProduct = ProductSummary & { lotes?: Lote[] };

/**
 * The product of a button, from the data the server put in the page (the query cache it hands the
 * app): a shelf's list, or the product page's answer with its lotes.
 */
function pageProduct(doc: Document, id: string): PageProduct | undefined {
  const queries = readServerState(doc)?.queries.queries ?? [];
  for (const { state } of queries) {
    const data = state?.data;
    if (Array.isArray(data)) {
      const found = (data as ProductSummary[]).find((product) => String(product?.idprd) === id);
      if (found) return found;
    } else if (data && typeof data === 'object' && Array.isArray((data as { produtos?: unknown }).produtos)) {
      const detail = data as { produtos: ProductSummary[]; lotes?: Lote[] };
      const found = detail.produtos.find((product) => String(product?.idprd) === id);
      if (found) return { ...found, lotes: detail.lotes ?? [] };
    }
  }
  return undefined;
}

type StockCheck = { ok: true } | { ok: false; message?: string };

/** APP_0034 (src/api/catalogue.ts `stockOperation`). Offline the add goes ahead, as the app's does. */
async function checkStock(id: string, quantity: number, lote: number | undefined): Promise<StockCheck> {
  let response: Response;
  try {
    // The name alone, not stockOperation: the contracts (zod) stay out of the page's own script.
    response = await fetch(operationUrl({ name: 'APP_0034' }, { codigo: id, qtde: quantity, lote }), {
      credentials: 'include',
      headers: { accept: 'application/json' },
    });
  } catch {
    return { ok: true };
  }
  // Read to its end either way: an answer left unread holds its connection open.
  const body = (await response.json().catch(() => null)) as { resposta?: unknown } | null;
  if (response.ok) return { ok: true };
  return { ok: false, message: typeof body?.resposta === 'string' ? body.resposta : undefined };
}

/**
 * Answers 'Adicionar' / 'COMPRAR AGORA' before the app has taken over, as the app would: checks
 * the stock, queues the add for the app (src/storage/early-adds.ts) and shows the same dialog or
 * toast. Resolves to false when it cannot (the product is not in the page's data): the tap is then
 * kept for the app.
 */
export async function answerAdd(
  { id, lote: loteId, links: dialogLinks }: AddButton,
  doc: Document,
): Promise<boolean> {
  const product = pageProduct(doc, id);
  if (!product) return false;
  // The product page's button names the dialog's links; the home's answers with a toast.
  const quantity = ADD_QUANTITY;
  const stock = await checkStock(id, quantity, loteId);
  if (!stock.ok) {
    showNote(doc, {
      level: ToastLevel.warning,
      message: stock.message ?? (dialogLinks ? ADD_FAILED_ON_PRODUCT_PAGE : addedToast.failed),
    });
    return true;
  }
  const already =
    queuedEarlyAdds().some((add) => String(add.product.idprd) === id) || (await storedCartHolds(id));
  if (!already) {
    const add: EarlyAdd = { product, quantity };
    const lote = product.lotes?.find((candidate) => candidate.idlote === loteId);
    if (lote) add.selectedLote = lote;
    queueEarlyAdd(add);
  }
  const name = productCardName(product);
  if (dialogLinks)
    showAddedDialog(doc, addedDialog.sentence(name, already ? 'already' : 'added', quantity), dialogLinks);
  else if (already) showNote(doc, { level: ToastLevel.info, message: addedToast.already });
  else showNote(doc, { level: ToastLevel.success, message: addedToast.added(name) });
  return true;
}
