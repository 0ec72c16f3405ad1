import { callOperation } from '../../../api/client';
import { recheckOperation, type RecheckBody, type RecheckedLine } from '../../../api/work-lists';
import { reaisToCentavos } from '../../../domain/money';
import { NO_LONGER_SOLD_TEXT, priceChangedText, shortStockText } from '../../../domain/recheck-texts';
import { addManyToCart } from '../../../storage/cart';
import { loteIdOf } from '../../../storage/cart-line';
import type { CartLine } from '../../../storage/db';

// 'Comprar novamente' (a past order) and 'Adicionar lista ao carrinho' (a list): the lines are
// checked against the catalogue on the server (CONFERIR_ITENS: today's price and stock, from the
// database), every line there is stock for goes to the cart in one write, and the shopper is told
// what differs: a line no longer sold, a price that changed, a quantity not in stock.

/** What differs on one line, for the shopper. */
export interface LineDifference {
  idprd: number;
  name: string;
  texts: string[];
}

export interface BuyAgainOutcome {
  /** Lines that went to the cart, of all the lines. */
  added: number;
  total: number;
  differences: LineDifference[];
}

function differenceOf(line: RecheckedLine): LineDifference | null {
  const texts: string[] = [];
  if (line.produto === null || line.preco === null) texts.push(NO_LONGER_SOLD_TEXT);
  else {
    if (line.precoAnterior !== null && reaisToCentavos(line.precoAnterior) !== reaisToCentavos(line.preco))
      texts.push(priceChangedText(line.precoAnterior, line.preco));
    if (line.disponivel < line.quantidade) texts.push(shortStockText(line.quantidade, line.disponivel));
  }
  return texts.length > 0 ? { idprd: line.idprd, name: line.descricao, texts } : null;
}

async function addChecked(body: RecheckBody): Promise<BuyAgainOutcome> {
  const { linhas } = await callOperation(recheckOperation, { body });
  const adding = linhas.flatMap((line) => (line.produto && line.produto.quantity > 0 ? [line.produto] : []));
  if (adding.length > 0)
    await addManyToCart(
      adding.map((product) => ({
        product,
        options: { quantity: product.quantity, selectedLote: product.selectedLote },
      })),
      'add',
    );
  return {
    added: adding.length,
    total: linhas.length,
    differences: linhas.flatMap((line) => differenceOf(line) ?? []),
  };
}

/** A past order of the signed-in customer's, to the cart. */
export function buyOrderAgain(orderId: number): Promise<BuyAgainOutcome> {
  return addChecked({ pedido: orderId });
}

/** A list's lines to the cart; the price the shopper last saw tells them it changed. */
export function addListToCart(lines: readonly CartLine[]): Promise<BuyAgainOutcome> {
  return addChecked({
    itens: lines.map((line) => ({
      id: Number(line.id),
      selectedLote: loteIdOf(line.selectedLote) ?? null,
      quantidade: line.quantity,
      precoAnterior: line.price,
    })),
  });
}
