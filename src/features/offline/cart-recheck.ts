import { callOperation } from '../../api/client';
import { productDetailOperation, stockOperation } from '../../api/catalogue';
import { ApiError } from '../../api/errors';
import { reaisToCentavos } from '../../domain/money';
import { priceChangedText } from '../../domain/recheck-texts';
import { addCartNotices, loteIdOf, updateCartPrices } from '../../storage/cart';
import { readCartLines } from '../../storage/stored-rows';
import type { CartLine } from '../../storage/db';

// Back online: the cart kept offline may hold old prices or more than the stock
// now has. Each line is checked against the server; a new price is taken into the cart and every
// change is flagged under its line, so the shopper sees it before checkout continues.

/** A line whose product is no longer sold: flagged, never dropped (the shopper decides). */
export const PRODUCT_UNAVAILABLE_TEXT =
  'Este produto não está mais à venda. Remova-o do carrinho para continuar.';

interface LineResult {
  price?: { id: string; price: number };
  notice?: string;
}

async function recheckLine(line: CartLine, fetchImpl: typeof fetch): Promise<LineResult> {
  const codigo = Number(line.id);
  const result: LineResult = {};
  const notices: string[] = [];
  let detail;
  try {
    detail = await callOperation(productDetailOperation, { query: { codigo } }, fetchImpl);
  } catch (error) {
    // The server no longer has it for sale; a network failure leaves the line as it was.
    if (error instanceof ApiError && error.status === 404) return { notice: PRODUCT_UNAVAILABLE_TEXT };
    throw error;
  }
  const product = detail.produtos[0];
  if (!product) return { notice: PRODUCT_UNAVAILABLE_TEXT };
  if (product && reaisToCentavos(product.preco) !== reaisToCentavos(line.price)) {
    result.price = { id: line.id, price: product.preco };
    notices.push(priceChangedText(line.price, product.preco));
  }
  try {
    await callOperation(
      stockOperation,
      { query: { codigo, qtde: line.quantity, lote: loteIdOf(line.selectedLote) } },
      fetchImpl,
    );
  } catch (error) {
    // Only the server's refusal is a shortfall; a network failure leaves the line as it was.
    if (!(error instanceof ApiError) || error.status !== 406) throw error;
    notices.push(error.resposta ?? 'Quantidade indisponível em estoque.');
  }
  if (notices.length > 0) result.notice = notices.join(' ');
  return result;
}

/** Past the HTTP cache and the worker's catalogue cache: both may hold the price seen offline. */
const liveFetch: typeof fetch = (input, init) => fetch(input, { ...init, cache: 'no-store' });

/** What a check found: lines flagged, and lines that could not be checked (to be tried again). */
export interface RecheckResult {
  flagged: number;
  unchecked: number;
}

/**
 * Checks every cart line's price (APP_0027) and stock (APP_0034). A product no longer sold is
 * flagged; lines that cannot be checked (no network, a server error) are left alone and counted.
 */
export async function recheckCart(fetchImpl: typeof fetch = liveFetch): Promise<RecheckResult> {
  const lines = await readCartLines();
  if (lines.length === 0) return { flagged: 0, unchecked: 0 };
  const results = await Promise.allSettled(lines.map((line) => recheckLine(line, fetchImpl)));
  const prices: { id: string; price: number }[] = [];
  const notices: Record<string, string> = {};
  let unchecked = 0;
  results.forEach((settled, index) => {
    if (settled.status !== 'fulfilled') {
      unchecked += 1;
      return;
    }
    if (settled.value.price) prices.push(settled.value.price);
    if (settled.value.notice) notices[lines[index]!.id] = settled.value.notice;
  });
  if (prices.length > 0) await updateCartPrices(prices);
  if (Object.keys(notices).length > 0) await addCartNotices(notices);
  return { flagged: Object.keys(notices).length, unchecked };
}
