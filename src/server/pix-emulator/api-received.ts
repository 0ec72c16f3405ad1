import type { FastifyInstance } from 'fastify';
import { amountToCentavos, type Refund } from '../services/payments/pix/api-pix';
import { alphanumericId } from '../services/payments/pix/ids';
import type { PixEmulatorCore } from './emulator';
import { apiGuard, problem } from './http';
import { findPix, insertRefund, listPix, refundsOf, setWebhook } from './records';

// The emulated API's received Pix, their refunds (devolucao) and the webhook's configuration.

export function registerReceivedRoutes(app: FastifyInstance, core: PixEmulatorCore, API: string) {
  const { db } = core.options;
  const guard = apiGuard(core);
  app.get<{ Querystring: Record<string, string> }>(
    `${API}/pix`,
    { preHandler: guard('GET /pix') },
    async (request, reply) => {
      const query = request.query;
      const inicio = new Date(query.inicio ?? '');
      const fim = new Date(query.fim ?? '');
      const page = Number(query['paginacao.paginaAtual'] ?? 0);
      const perPage = Number(query['paginacao.itensPorPagina'] ?? 100);
      if (
        Number.isNaN(inicio.getTime()) ||
        Number.isNaN(fim.getTime()) ||
        fim < inicio ||
        !(page >= 0) ||
        !(perPage >= 1 && perPage <= 1000)
      )
        return problem(
          reply,
          400,
          'PixConsultaInvalida',
          'Consulta inválida.',
          'Parâmetros de consulta inválidos.',
        );
      const found = await listPix(db, { inicio, fim, txid: query.txid, page, perPage });
      return {
        parametros: {
          inicio: inicio.toISOString(),
          fim: fim.toISOString(),
          paginacao: {
            paginaAtual: page,
            itensPorPagina: perPage,
            quantidadeDePaginas: Math.max(1, Math.ceil(found.total / perPage)),
            quantidadeTotalDeItens: found.total,
          },
        },
        pix: found.pix,
      };
    },
  );

  app.get<{ Params: { e2eid: string } }>(
    `${API}/pix/:e2eid`,
    { preHandler: guard('GET /pix/e2eid') },
    async (request, reply) => {
      const pix = await findPix(db, request.params.e2eid);
      return pix ?? problem(reply, 404, 'PixNaoEncontrado', 'Pix não encontrado.');
    },
  );

  type RefundParams = { Params: { e2eid: string; id: string } };
  app.put<RefundParams>(
    `${API}/pix/:e2eid/devolucao/:id`,
    { preHandler: guard('PUT /devolucao') },
    async (request, reply) => {
      const { e2eid, id } = request.params;
      const valor = (request.body as { valor?: unknown } | undefined)?.valor;
      const pix = await findPix(db, e2eid);
      if (!pix) return problem(reply, 404, 'PixNaoEncontrado', 'Pix não encontrado.');
      const refunded = (pix.devolucoes ?? []).reduce(
        (sum, refund) => sum + amountToCentavos(refund.valor),
        0,
      );
      const invalid = (detail: string) =>
        problem(reply, 400, 'PixDevolucaoInvalida', 'Devolução inválida.', detail);
      if (!/^[a-zA-Z0-9]{1,35}$/.test(id)) return invalid('id de devolução inválido.');
      if (typeof valor !== 'string' || !/^\d{1,10}\.\d{2}$/.test(valor) || amountToCentavos(valor) <= 0)
        return invalid('O campo valor não respeita o schema.');
      if (refunded + amountToCentavos(valor) > amountToCentavos(pix.valor))
        return invalid('A devolução excederia o valor do Pix.');
      const now = new Date();
      const refund: Refund = {
        id,
        rtrId: `D00038166${now.toISOString().replace(/\D/g, '').slice(0, 12)}${alphanumericId(11)}`,
        valor,
        horario: { solicitacao: now.toISOString() },
        status: 'EM_PROCESSAMENTO',
        natureza: 'ORIGINAL',
      };
      if (!(await insertRefund(db, e2eid, refund, new Date(now.getTime() + core.options.refundSettleMs))))
        return invalid('O id de devolução já foi utilizado para este Pix.');
      core.scheduleRefundNotice(e2eid);
      return reply.code(201).send(refund);
    },
  );

  app.get<RefundParams>(
    `${API}/pix/:e2eid/devolucao/:id`,
    { preHandler: guard('GET /devolucao') },
    async (request, reply) => {
      const refund = (await refundsOf(db, request.params.e2eid)).find((one) => one.id === request.params.id);
      return refund ?? problem(reply, 404, 'PixDevolucaoNaoEncontrada', 'Devolução não encontrada.');
    },
  );

  app.put<{ Params: { chave: string } }>(
    `${API}/webhook/:chave`,
    { preHandler: guard('PUT /webhook') },
    async (request, reply) => {
      const url = (request.body as { webhookUrl?: unknown } | undefined)?.webhookUrl;
      if (request.params.chave !== core.options.pixKey || typeof url !== 'string' || !URL.canParse(url))
        return problem(
          reply,
          400,
          'WebhookOperacaoInvalida',
          'Webhook inválido.',
          'Chave ou webhookUrl inválidos.',
        );
      await setWebhook(db, request.params.chave, url);
      return reply.code(200).send();
    },
  );
}
