import type { FastifyInstance } from 'fastify';
import { cardInstallmentsOperation, cardSetupOperation } from '../../api/cards';
import { centavosToReais, moneyToCentavos } from '../../domain/money';
import { installmentText, interestTerms } from '../../domain/payment-options';
import { cardChallengeOperation } from '../../api/place-order';
import { fail, serveOperation } from '../http/operation';
import { completeCardChallenge } from '../services/orders/card-checkout';
import { orderCreatedAnswer } from './orders';
import { requireCustomer } from '../services/sessions';
import { CARD_NOTIFICATIONS_PATH } from '../services/payments/cards/provider';

export async function cardRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const { provider, context } = app.cards;

  serveOperation(app, cardSetupOperation, ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return {
      provedor: provider.name,
      origem: provider.client.origin,
      campos: provider.client.fieldsUrl,
      chave: provider.client.publicKey,
    };
  });

  serveOperation(app, cardInstallmentsOperation, async ({ query, request, reply }) => {
    await requireCustomer(db, request);
    reply.header('cache-control', 'no-store');
    const amount = moneyToCentavos(query.valor);
    const plans = await provider
      .quoteInstallments({ bin: query.bin, amountCentavos: amount, interestPaidBy: context.interestPaidBy })
      .catch(() => {
        throw fail(503, 'Não foi possível consultar as parcelas agora. Tente novamente em instantes.');
      });
    return {
      parcelas: plans.map((plan) => {
        const terms =
          plan.monthlyRate > 0
            ? interestTerms(amount, plan.installmentCentavos, plan.count, plan.monthlyRate)
            : null;
        return {
          nParcelas: plan.count,
          valorParcela: centavosToReais(plan.installmentCentavos),
          total: centavosToReais(plan.totalCentavos),
          semJuros: !terms,
          taxaMensal: terms?.monthlyRate ?? 0,
          taxaAnual: terms?.annualRate ?? 0,
          cetAnual: terms?.cetAnnual ?? 0,
          descricao: installmentText(plan.count, plan.installmentCentavos, terms),
        };
      }),
    };
  });

  // A challenge the provider's script ran in the checkout, completed at the provider and read back.
  serveOperation(app, cardChallengeOperation, async ({ body, request, reply }) => {
    const session = await requireCustomer(db, request);
    reply.header('cache-control', 'no-store');
    const answer = { details: body.detalhes, paymentData: body.paymentData };
    const order = await completeCardChallenge(app.cards.context, session.customerId, body.mov, answer);
    return orderCreatedAnswer(order, true);
  });

  // The provider's notifications: authenticated as it signs them, then only a hint: the payment is
  // read back before anything changes, so a replayed or out-of-order one changes nothing.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(CARD_NOTIFICATIONS_PATH, async (request, reply) => {
      const hints = provider.verifyNotification(request.headers, request.body);
      if (!hints) return reply.code(401).send({ resposta: 'Notificação não autenticada.' });
      for (const hint of hints) await app.cards.work.onNotification(hint.providerId);
      return reply.code(200).send({ resposta: '[accepted]' });
    });
  });
}
