import type { FastifyInstance } from 'fastify';
import { amountToCentavos, type ReceivedPix, type Refund } from '../services/payments/pix/api-pix';
import { alphanumericId } from '../services/payments/pix/ids';
import type { PixEmulatorCore } from './emulator';
import { apiGuard, problem } from './http';
import { readReceivedQuery, readRefund, type Natureza } from './received-requests';
import { findPix, insertRefund, listPix, refundsOf, setWebhook } from './records';

// The emulated API's received Pix, their refunds (devolucao) and the webhook's configuration.

/**
 * What a refund of this nature may still give back: a common Pix's own value (ORIGINAL), or the
 * cash of a Pix Saque or Troco (RETIRADA), less the refunds of that nature already asked.
 */
function refundLimit(pix: ReceivedPix, natureza: Natureza) {
  const parts = (pix.componentesValor ?? {}) as Record<string, { valor?: string } | undefined>;
  const cash = parts.saque?.valor ?? parts.troco?.valor ?? '0.00';
  const own = parts.original?.valor ?? (parts.saque || parts.troco ? '0.00' : pix.valor);
  const refunded = (pix.devolucoes ?? [])
    .filter((refund) => (refund.natureza ?? 'ORIGINAL') === natureza)
    .reduce((sum, refund) => sum + amountToCentavos(refund.valor), 0);
  return { centavos: amountToCentavos(natureza === 'ORIGINAL' ? own : cash), refunded };
}

export function registerReceivedRoutes(app: FastifyInstance, core: PixEmulatorCore, API: string) {
  const { db } = core.options;
  const guard = apiGuard(core);
  app.get<{ Querystring: Record<string, string | undefined> }>(
    `${API}/pix`,
    { preHandler: guard('GET /pix') },
    async (request, reply) => {
      const read = readReceivedQuery(request.query);
      if ('violacoes' in read) return problem(reply, 'PixConsultaInvalida', read.violacoes);
      const { inicio, fim, page, perPage, ...filters } = read.value;
      const found = await listPix(db, read.value);
      return {
        parametros: {
          inicio: inicio.toISOString(),
          fim: fim.toISOString(),
          ...filters,
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
      return pix ?? problem(reply, 'PixNaoEncontrado');
    },
  );

  type RefundParams = { Params: { e2eid: string; id: string } };
  app.put<RefundParams>(
    `${API}/pix/:e2eid/devolucao/:id`,
    { preHandler: guard('PUT /devolucao') },
    async (request, reply) => {
      const { e2eid, id } = request.params;
      const invalid = (razao: string, propriedade: string) =>
        problem(reply, 'PixDevolucaoInvalida', [{ razao, propriedade }]);
      const pix = await findPix(db, e2eid);
      // The table gives PixNaoEncontrado to GET /pix/{e2eid} only; here it is the general 404.
      if (!pix) return problem(reply, 'NaoEncontrado', [], 'Pix não encontrado para o e2eid informado.');
      if (!/^[a-zA-Z0-9]{1,35}$/.test(id)) return invalid('O id da devolução não respeita o _schema_.', 'id');
      const read = readRefund(request.body);
      if ('violacoes' in read) return problem(reply, 'PixDevolucaoInvalida', read.violacoes);
      const { valor, natureza } = read.value;
      const limit = refundLimit(pix, natureza);
      if (limit.refunded + amountToCentavos(valor) > limit.centavos)
        return invalid(
          natureza === 'ORIGINAL'
            ? 'A presente requisição de devolução, em conjunto com as demais prévias devoluções, excederia o valor do pix originário.'
            : 'A devolução de natureza RETIRADA excederia o valor de saque ou troco do pix originário.',
          'devolucao.valor',
        );
      const now = new Date();
      const refund: Refund = {
        id,
        rtrId: `D00038166${now.toISOString().replace(/\D/g, '').slice(0, 12)}${alphanumericId(11)}`,
        ...read.value,
        horario: { solicitacao: now.toISOString() },
        status: 'EM_PROCESSAMENTO',
      };
      if (!(await insertRefund(db, e2eid, refund, new Date(now.getTime() + core.options.refundSettleMs))))
        return invalid(
          'A presente requisição de devolução apresenta um id já utilizado por outra requisição de devolução para o e2eid em questão.',
          'id',
        );
      core.scheduleRefundNotice(e2eid);
      return reply.code(201).send(refund);
    },
  );

  app.get<RefundParams>(
    `${API}/pix/:e2eid/devolucao/:id`,
    { preHandler: guard('GET /devolucao') },
    async (request, reply) => {
      const refund = (await refundsOf(db, request.params.e2eid)).find((one) => one.id === request.params.id);
      return refund ?? problem(reply, 'PixDevolucaoNaoEncontrada');
    },
  );

  app.put<{ Params: { chave: string } }>(
    `${API}/webhook/:chave`,
    { preHandler: guard('PUT /webhook') },
    async (request, reply) => {
      const url = (request.body as { webhookUrl?: unknown } | undefined)?.webhookUrl;
      if (request.params.chave !== core.options.pixKey || typeof url !== 'string' || !URL.canParse(url))
        return problem(reply, 'WebhookOperacaoInvalida', [
          {
            razao: 'O parâmetro chave ou o campo webhookUrl não respeita o _schema_.',
            propriedade: 'webhookUrl',
          },
        ]);
      await setWebhook(db, request.params.chave, url);
      return reply.code(200).send();
    },
  );
}
