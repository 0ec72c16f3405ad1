import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Problem } from '../services/payments/pix/api-pix';
import type { EmulatorRoute, PixEmulatorCore } from './emulator';

// What every emulated API call shares: the standard's error body, the faults a test set, the token.

const ERROR_BASE = 'https://pix.bcb.gov.br/api/v2/error/';

export function problem(reply: FastifyReply, status: number, type: string, title: string, detail?: string) {
  const body: Problem = { type: `${ERROR_BASE}${type}`, title, status, ...(detail ? { detail } : {}) };
  return reply.code(status).type('application/problem+json').send(body);
}

/** Faults first, then the bearer token, for every API call. */
export const apiGuard =
  (core: PixEmulatorCore) =>
  (route: EmulatorRoute) =>
  async (request: FastifyRequest, reply: FastifyReply) => {
    const delay = core.faults.takeDelay(route);
    if (delay) reply.header('x-emulator-delay', String(delay));
    if (core.faults.takeFailure(route))
      return problem(reply, 503, 'ServicoIndisponivel', 'Serviço Indisponível', 'Falha simulada.');
    if (route === 'POST /oauth/token') return;
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token || !core.isTokenValid(token))
      return problem(reply, 403, 'AcessoNegado', 'Acesso Negado', 'Token de acesso ausente ou inválido.');
  };
