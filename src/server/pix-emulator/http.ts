import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Problem } from '../services/payments/pix/api-pix';
import type { EmulatorRoute, PixEmulatorCore } from './emulator';

// What every emulated API call shares: the standard's error body, the faults a test set, the token.

const ERROR_BASE = 'https://pix.bcb.gov.br/api/v2/error/';

/**
 * The errors the emulator gives, as API Pix 2.9.0's error tables name them (status, type), with
 * the title and detail of the file's examples, or its table's meaning where it gives no example.
 */
const PROBLEMS = {
  RequisicaoInvalida: [400, 'Requisição inválida.', 'A requisição não respeita o _schema_.'],
  AcessoNegado: [
    403,
    'Acesso Negado',
    'Requisição de participante autenticado que viola alguma regra de autorização.',
  ],
  NaoEncontrado: [404, 'Não Encontrado', 'Entidade não encontrada.'],
  ErroInternoDoServidor: [500, 'Erro interno do servidor.', 'Condição inesperada ao processar requisição.'],
  ServicoIndisponivel: [
    503,
    'Serviço Indisponível',
    'Serviço não está disponível no momento. Serviço solicitado pode estar em manutenção ou fora da janela de funcionamento.',
  ],
  CobNaoEncontrado: [404, 'Cobrança não encontrada.', 'Cobrança não encontrada para o txid informado.'],
  CobOperacaoInvalida: [
    400,
    'Cobrança inválida.',
    'A requisição que busca alterar ou criar uma cobrança para pagamento imediato não respeita o _schema_ ou está semanticamente errada.',
  ],
  CobConsultaInvalida: [
    400,
    'Consulta inválida.',
    'Os parâmetros de consulta à cobrança para pagamento imediato não respeitam o _schema_ ou não fazem sentido semanticamente.',
  ],
  PixNaoEncontrado: [404, 'Pix não encontrado.', 'Pix não encontrado para o e2eid informado.'],
  PixDevolucaoNaoEncontrada: [
    404,
    'Devolução não encontrada.',
    'Devolução não encontrada para o e2eid informado.',
  ],
  PixConsultaInvalida: [
    400,
    'Consulta inválida.',
    'Os parâmetros de consulta à lista de Pix recebidos não respeitam o _schema_ ou não fazem sentido semanticamente.',
  ],
  PixDevolucaoInvalida: [
    400,
    'Devolução inválida.',
    'A presente requisição de devolução não respeita o _schema_ ou não faz sentido semanticamente.',
  ],
  WebhookOperacaoInvalida: [
    400,
    'Webhook inválido.',
    'A presente requisição busca criar um webhook sem respeitar o _schema_ ou, ainda, com sentido semanticamente inválido.',
  ],
} as const;

type ProblemType = keyof typeof PROBLEMS;
export type Violation = NonNullable<Problem['violacoes']>[number];

function problemOf(type: ProblemType, violacoes?: Violation[], detail?: string): Problem {
  const [status, title, meaning] = PROBLEMS[type];
  return {
    type: `${ERROR_BASE}${type}`,
    title,
    status,
    detail: detail ?? meaning,
    ...(violacoes?.length ? { violacoes } : {}),
  };
}

export function problem(reply: FastifyReply, type: ProblemType, violacoes?: Violation[], detail?: string) {
  const body = problemOf(type, violacoes, detail);
  return reply.code(body.status).type('application/problem+json').send(body);
}

/** Faults first, then the bearer token, for every API call. */
export const apiGuard =
  (core: PixEmulatorCore) =>
  (route: EmulatorRoute) =>
  async (request: FastifyRequest, reply: FastifyReply) => {
    const delay = core.faults.takeDelay(route);
    if (delay) reply.header('x-emulator-delay', String(delay));
    if (core.faults.takeFailure(route)) return problem(reply, 'ServicoIndisponivel', [], 'Falha simulada.');
    if (route === 'POST /oauth/token') return;
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token || !core.isTokenValid(token))
      return problem(reply, 'AcessoNegado', [], 'Token de acesso ausente ou inválido.');
  };
