import type { PixOrders } from '../payments/pix/charges';
import { ownedOrder } from './list';
import { markPaid } from './mark-paid';
import { lockedOrder } from './order-rows';

/** The orders a Pix is paid for, as services/payments/pix asks for them (it never imports orders). */
export const pixOrders: PixOrders = { owned: ownedOrder, locked: lockedOrder, markPaid };
