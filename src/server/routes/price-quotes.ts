import type { FastifyInstance } from 'fastify';
import {
  QUOTE_MANAGER_ONLY_MESSAGE,
  answerQuoteOperation,
  askAgainOperation,
  changeDiscountCapsOperation,
  myQuoteOperation,
  myQuotesOperation,
  requestQuoteOperation,
  storeDiscountCapsOperation,
  storeQuoteOperation,
  storeQuotesOperation,
} from '../../api/price-quotes';
import { serveOperation } from '../http/operation';
import { queueAnsweredQuote } from '../services/price-quotes/notify';
import { answerQuote, discountCapsOf, setDiscountCaps } from '../services/price-quotes/answer';
import {
  askAgain,
  customerQuote,
  customerQuotes,
  quoteAnswer,
  requestQuote,
  storeQuote,
  storeQuotes,
} from '../services/price-quotes/quotes';
import { requireCustomer } from '../services/sessions';
import { requireStaff } from '../services/staff-sessions';
import { quotePdfRoute } from './price-quote-pdf';

// Quotes (src/api/price-quotes.ts, docs/quotes.md): the customer's from the session cookie, the
// seller's from the paired tablet and the staff cookie (the store always the tablet's). Every
// answer is personal: `Cache-Control: no-store`.

export async function priceQuoteRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;

  serveOperation(app, requestQuoteOperation, async ({ body, request, reply }) => {
    reply.header('cache-control', 'no-store');
    const { customerId } = await requireCustomer(db, request);
    const id = await requestQuote(db, customerId, {
      lines: body.produtos.map((line) => ({ idprd: line.id, quantity: line.quantidade })),
      delivery: body.entrega,
      storeId: body.loja,
      cep: body.cep ?? null,
      note: body.observacao,
    });
    const row = await customerQuote(db, customerId, id);
    return {
      resposta: `Orçamento ${id} enviado à loja. Você será avisado quando for respondido.`,
      orcamento: await quoteAnswer(db, row, app.clock()),
    };
  });

  serveOperation(app, askAgainOperation, async ({ body, request, reply }) => {
    reply.header('cache-control', 'no-store');
    const { customerId } = await requireCustomer(db, request);
    const id = await askAgain(db, customerId, body.id);
    const row = await customerQuote(db, customerId, id);
    return {
      resposta: `Orçamento ${id} enviado à loja. Você será avisado quando for respondido.`,
      orcamento: await quoteAnswer(db, row, app.clock()),
    };
  });

  serveOperation(app, myQuotesOperation, async ({ request, reply }) => {
    reply.header('cache-control', 'no-store');
    const { customerId } = await requireCustomer(db, request);
    return { orcamentos: await customerQuotes(db, customerId, app.clock()) };
  });

  serveOperation(app, myQuoteOperation, async ({ query, request, reply }) => {
    reply.header('cache-control', 'no-store');
    const { customerId } = await requireCustomer(db, request);
    const row = await customerQuote(db, customerId, query.id);
    return { orcamento: await quoteAnswer(db, row, app.clock()) };
  });

  quotePdfRoute(app);

  serveOperation(app, storeQuotesOperation, async ({ request, reply }) => {
    const { tablet } = await requireStaff(db, request, reply);
    return { orcamentos: await storeQuotes(db, tablet.store.id, app.clock()) };
  });

  serveOperation(app, storeQuoteOperation, async ({ query, request, reply }) => {
    const { tablet, staff } = await requireStaff(db, request, reply);
    const row = await storeQuote(db, tablet.store.id, query.id);
    const caps = await discountCapsOf(db, tablet.store.id);
    return {
      orcamento: await quoteAnswer(db, row, app.clock(), true),
      limite: { papel: staff.papel, percentual: caps[staff.papel] },
    };
  });

  serveOperation(app, answerQuoteOperation, async ({ body, request, reply }) => {
    const { tablet, staff } = await requireStaff(db, request, reply);
    const now = app.clock();
    await answerQuote(
      db,
      tablet.store.id,
      staff,
      body.id,
      {
        lines: body.linhas.map((line) => ({
          position: line.posicao,
          quantity: line.quantidade,
          price: line.preco,
        })),
        validityDays: body.validade,
      },
      now,
      (tx, row) =>
        queueAnsweredQuote(tx, row, {
          log: request.log,
          publicUrl: app.config.PUBLIC_URL,
          mailDelivery: app.mailDelivery,
        }),
    );
    // Committed: the e-mail and the pushes go now (the workers retry what fails).
    app.mailDelivery?.kick();
    void app.notifications
      .runOnce()
      .catch((error) => request.log.warn({ err: error }, 'quote push not sent yet'));
    const row = await storeQuote(db, tablet.store.id, body.id);
    return {
      resposta: `Orçamento ${body.id} enviado ao cliente.`,
      orcamento: await quoteAnswer(db, row, now, true),
    };
  });

  serveOperation(app, storeDiscountCapsOperation, async ({ request, reply }) => {
    const { tablet } = await requireStaff(db, request, reply);
    return { descontos: await discountCapsOf(db, tablet.store.id) };
  });

  serveOperation(app, changeDiscountCapsOperation, async ({ body, request, reply }) => {
    const { tablet, staff } = await requireStaff(db, request, reply, 'gerente', QUOTE_MANAGER_ONLY_MESSAGE);
    const descontos = await setDiscountCaps(db, tablet.store.id, staff.id, body);
    return { resposta: 'Limites de desconto salvos.', descontos };
  });
}
