import type { FastifyInstance } from 'fastify';
import { DATASNAP_PATH } from '../../api/datasnap-path';
import { quoteIdQuery, quotePdfPath } from '../../api/price-quotes';
import { QUOTE_NOT_ANSWERED_MESSAGE } from '../../domain/price-quotes';
import { fail, validateInput } from '../http/operation';
import { quotePdf } from '../services/price-quotes/pdf';
import { customerQuote, quoteAnswer } from '../services/price-quotes/quotes';
import { requireCustomer } from '../services/sessions';

/** ORCAMENTO_PDF (GET ?id=): the customer's own answered quote as a PDF download, never stored. */
export function quotePdfRoute(app: FastifyInstance): void {
  const db = app.database.db;
  app.get(quotePdfPath(DATASNAP_PATH), async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const query = validateInput(quoteIdQuery, request.query ?? {});
    const { customerId } = await requireCustomer(db, request);
    const row = await customerQuote(db, customerId, query.id);
    const quote = await quoteAnswer(db, row, app.clock());
    if (quote.status === 'solicitado') throw fail(409, QUOTE_NOT_ANSWERED_MESSAGE);
    const bytes = await quotePdf(quote, row.customer_name);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="orcamento-${quote.id}.pdf"`)
      .send(bytes);
  });
}
