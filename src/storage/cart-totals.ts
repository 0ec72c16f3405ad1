import { moneyToCentavos, parseMoney } from '../domain/money';
import { lineTotal } from '../domain/quantity';
import type { CartLine } from './db';

// Cart arithmetic shared by the cart page, the checkout summary and the session mirror. Amounts are
// integer centavos; box items (multiploprdvenda set) are priced per m².

/** Square metres in one box, or 0 when the item is sold by unit. */
export function boxArea(line: Pick<CartLine, 'multiploprdvenda'>): number {
  const area = parseMoney(line.multiploprdvenda);
  return area > 0 ? area : 0;
}

export function isBoxItem(line: Pick<CartLine, 'multiploprdvenda'>): boolean {
  return boxArea(line) > 0;
}

/** price x quantity, or price x quantity x multiploprdvenda for box items; centavos. */
export function lineTotalCentavos(line: Pick<CartLine, 'price' | 'quantity' | 'multiploprdvenda'>): number {
  return lineTotal(moneyToCentavos(line.price), line.quantity, line.multiploprdvenda);
}

export function cartSubtotalCentavos(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + lineTotalCentavos(line), 0);
}

/** Units in the cart (boxes count one each), for 'item' / 'itens'. */
export function cartUnitCount(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}
