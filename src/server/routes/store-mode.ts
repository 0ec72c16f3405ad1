import type { FastifyInstance } from 'fastify';
import {
  receiveHandOffOperation,
  storeStockOperation,
  storeCatalogueStockOperation,
  pairTabletOperation,
  handOffCartOperation,
  tabletStatusOperation,
  TOO_MANY_ATTEMPTS_MESSAGE,
} from '../../api/store-mode';
import { readShownCartOperation, showCartOperation } from '../../api/shown-cart';
import { fail, serveOperation } from '../http/operation';
import { countedAttemptSucceeded, HANDOFF_ATTEMPTS, overLimit, PAIRING_ATTEMPTS } from '../services/attempts';
import { createHandoff, creditHandoff, openHandoff } from '../services/handoffs';
import { readStaff } from '../services/staff-sessions';
import { catalogueStoreStock, productStoreStock } from '../services/store-stock';
import { createShownCart, readShownCart } from '../services/shown-carts';
import { pairTablet, requireTablet } from '../services/tablets';

// Store mode's operations (src/api/store-mode.ts). Staff calls check the tablet credential first;
// the store always comes from it.

export async function storeModeRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const secureCookie = app.config.COOKIE_SECURE;

  serveOperation(app, pairTabletOperation, async ({ body, request, reply }) => {
    reply.header('cache-control', 'no-store');
    if (await overLimit(db, PAIRING_ATTEMPTS, request.ip)) throw fail(429, TOO_MANY_ATTEMPTS_MESSAGE);
    const tablet = await pairTablet(db, body.codigo, reply, secureCookie);
    await countedAttemptSucceeded(db, PAIRING_ATTEMPTS, request.ip);
    return {
      resposta: `Tablet pareado à ${tablet.store.name}.`,
      loja: { id: tablet.store.id, nome: tablet.store.name },
      tablet: { id: tablet.tabletId },
    };
  });

  serveOperation(app, tabletStatusOperation, async ({ request, reply }) => {
    const tablet = await requireTablet(db, request, reply);
    return { loja: { id: tablet.store.id, nome: tablet.store.name }, tablet: { id: tablet.tabletId } };
  });

  serveOperation(app, storeStockOperation, async ({ query, request, reply }) => {
    const tablet = await requireTablet(db, request, reply);
    return productStoreStock(db, query.codigo, tablet.store.id);
  });

  serveOperation(app, storeCatalogueStockOperation, async ({ request, reply }) => {
    await requireTablet(db, request, reply);
    return catalogueStoreStock(db);
  });

  serveOperation(app, handOffCartOperation, async ({ body, request, reply }) => {
    const tablet = await requireTablet(db, request, reply);
    const handoff = await createHandoff(
      db,
      tablet,
      body.produtos.map((line) => ({
        idprd: line.id,
        quantity: line.quantity,
        loteId: line.selectedLote ?? null,
      })),
    );
    // The seller signed in on the tablet is credited with the sale the phone makes of it.
    const staff = await readStaff(db, request, tablet);
    if (staff) await creditHandoff(db, handoff.codigo, staff.id);
    return handoff;
  });

  serveOperation(app, receiveHandOffOperation, async ({ body, request, reply }) => {
    reply.header('cache-control', 'no-store');
    if (await overLimit(db, HANDOFF_ATTEMPTS, request.ip)) throw fail(429, TOO_MANY_ATTEMPTS_MESSAGE);
    return openHandoff(db, body.codigo, reply, secureCookie);
  });

  serveOperation(app, showCartOperation, async ({ body, request, reply }) => {
    reply.header('cache-control', 'no-store');
    if (await overLimit(db, HANDOFF_ATTEMPTS, request.ip)) throw fail(429, TOO_MANY_ATTEMPTS_MESSAGE);
    return createShownCart(
      db,
      body.produtos.map((line) => ({
        idprd: line.id,
        quantity: line.quantity,
        loteId: line.selectedLote ?? null,
      })),
    );
  });

  serveOperation(app, readShownCartOperation, async ({ body, request, reply }) => {
    reply.header('cache-control', 'no-store');
    const tablet = await requireTablet(db, request, reply);
    return readShownCart(db, body.codigo, tablet.store.id);
  });
}
