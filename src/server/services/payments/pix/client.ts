import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { z } from 'zod';
import {
  centavosToAmount,
  cobSchema,
  receivedPageSchema,
  receivedPixSchema,
  refundSchema,
  tokenSchema,
  type Cob,
  type CobRequest,
  type Problem,
  type ReceivedPage,
  type ReceivedPix,
  type Refund,
} from './api-pix';

// The store's client of a provider's API Pix (v2): OAuth2 client credentials (the token kept until
// it expires), mutual TLS with the certificate the PSP issued, explicit timeouts, and every answer
// parsed with the standard's shapes. Nothing of the certificate, secret or token reaches an error
// message or a log line.

/** The provider as the store uses it (the way CardGateway stands for the card acquirer). */
export interface PixProvider {
  createCharge(txid: string, request: CobRequest): Promise<Cob>;
  /** undefined when the provider has no charge of that txid. */
  getCharge(txid: string): Promise<Cob | undefined>;
  /** PATCH to REMOVIDA_PELO_USUARIO_RECEBEDOR: the bank refuses the code from then on. */
  removeCharge(txid: string): Promise<Cob>;
  listReceived(query: { inicio: Date; fim: Date; page: number }): Promise<ReceivedPage>;
  getReceived(endToEndId: string): Promise<ReceivedPix | undefined>;
  refund(endToEndId: string, id: string, amountCentavos: number, descricao: string): Promise<Refund>;
  getRefund(endToEndId: string, id: string): Promise<Refund | undefined>;
  configureWebhook(chave: string, webhookUrl: string): Promise<void>;
}

/** A provider call that failed: unreachable or slow (`unavailable`), or refused with a problem. */
export class PixProviderError extends Error {
  constructor(
    message: string,
    readonly kind: 'unavailable' | 'refused',
    readonly status?: number,
    readonly problem?: Partial<Problem>,
  ) {
    super(message);
  }
}

export interface PixClientOptions {
  apiUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** PEM file paths of the client certificate and key (mutual TLS) and of an extra CA. */
  certFile?: string;
  keyFile?: string;
  caFile?: string;
  timeoutMs: number;
}

interface Answer {
  status: number;
  text: string;
}

export function createApiPixClient(options: PixClientOptions): PixProvider {
  const base = options.apiUrl.replace(/\/$/, '');
  const secure = base.startsWith('https:');
  const agent = secure
    ? new https.Agent({
        keepAlive: true,
        cert: options.certFile ? readFileSync(options.certFile) : undefined,
        key: options.keyFile ? readFileSync(options.keyFile) : undefined,
        ca: options.caFile ? readFileSync(options.caFile) : undefined,
      })
    : new http.Agent({ keepAlive: true });
  let token: { value: string; until: number } | undefined;

  function send(
    method: string,
    url: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<Answer> {
    const transport = url.startsWith('https:') ? https : http;
    return new Promise((resolve, reject) => {
      const request = transport.request(url, { method, headers, agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      });
      request.setTimeout(options.timeoutMs, () =>
        request.destroy(
          new PixProviderError(`provedor PIX sem resposta em ${options.timeoutMs} ms`, 'unavailable'),
        ),
      );
      request.on('error', (error) =>
        reject(
          error instanceof PixProviderError
            ? error
            : new PixProviderError(
                `provedor PIX inacessível (${(error as NodeJS.ErrnoException).code ?? 'erro'})`,
                'unavailable',
              ),
        ),
      );
      request.end(body);
    });
  }

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const answer = await send(
      'POST',
      options.tokenUrl,
      { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      'grant_type=client_credentials',
    );
    if (answer.status !== 200)
      throw new PixProviderError(
        `provedor PIX recusou as credenciais (HTTP ${answer.status})`,
        answer.status >= 500 ? 'unavailable' : 'refused',
        answer.status,
      );
    const parsed = tokenSchema.parse(JSON.parse(answer.text));
    // Renewed a minute early, so a token never expires between this check and the provider's.
    token = { value: parsed.access_token, until: Date.now() + Math.max(0, parsed.expires_in - 60) * 1000 };
    return token.value;
  }

  async function call(method: string, path: string, body?: unknown): Promise<Answer> {
    const attempt = async () =>
      send(
        method,
        `${base}${path}`,
        {
          authorization: `Bearer ${await accessToken()}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body === undefined ? undefined : JSON.stringify(body),
      );
    let answer = await attempt();
    // A token the provider stopped accepting: a new one, once.
    if (answer.status === 401 || answer.status === 403) {
      token = undefined;
      answer = await attempt();
    }
    return answer;
  }

  function parsed<S extends z.ZodType>(schema: S, answer: Answer, what: string, ok: number[]): z.infer<S> {
    if (!ok.includes(answer.status)) throw failure(answer, what);
    const result = schema.safeParse(safeJson(answer.text));
    if (!result.success)
      throw new PixProviderError(
        `resposta do provedor PIX fora do padrão (${what})`,
        'refused',
        answer.status,
      );
    return result.data;
  }

  const pathOf = (...parts: string[]) => parts.map((part) => `/${encodeURIComponent(part)}`).join('');

  return {
    async createCharge(txid, request) {
      const body = withinTheStandard(request);
      return parsed(cobSchema, await call('PUT', pathOf('cob', txid), body), 'PUT /cob', [200, 201]);
    },
    async getCharge(txid) {
      const answer = await call('GET', pathOf('cob', txid));
      return answer.status === 404 ? undefined : parsed(cobSchema, answer, 'GET /cob', [200]);
    },
    async removeCharge(txid) {
      const answer = await call('PATCH', pathOf('cob', txid), { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' });
      return parsed(cobSchema, answer, 'PATCH /cob', [200]);
    },
    async listReceived({ inicio, fim, page }) {
      const query = new URLSearchParams({
        inicio: inicio.toISOString(),
        fim: fim.toISOString(),
        'paginacao.paginaAtual': String(page),
        'paginacao.itensPorPagina': '100',
      });
      return parsed(receivedPageSchema, await call('GET', `/pix?${query}`), 'GET /pix', [200]);
    },
    async getReceived(endToEndId) {
      const answer = await call('GET', pathOf('pix', endToEndId));
      return answer.status === 404 ? undefined : parsed(receivedPixSchema, answer, 'GET /pix/{e2eid}', [200]);
    },
    async refund(endToEndId, id, amountCentavos, descricao) {
      const answer = await call('PUT', pathOf('pix', endToEndId, 'devolucao', id), {
        valor: centavosToAmount(amountCentavos),
        natureza: 'ORIGINAL',
        descricao: clip(descricao, 140),
      });
      return parsed(refundSchema, answer, 'PUT /devolucao', [200, 201]);
    },
    async getRefund(endToEndId, id) {
      const answer = await call('GET', pathOf('pix', endToEndId, 'devolucao', id));
      return answer.status === 404 ? undefined : parsed(refundSchema, answer, 'GET /devolucao', [200]);
    },
    async configureWebhook(chave, webhookUrl) {
      const answer = await call('PUT', pathOf('webhook', chave), { webhookUrl });
      if (answer.status !== 200 && answer.status !== 201 && answer.status !== 204)
        throw failure(answer, 'PUT /webhook');
    },
  };
}

/** A text cut to `max` characters, as API Pix counts them (code points, not UTF-16 units). */
const clip = (text: string, max: number) => [...text].slice(0, max).join('');

/**
 * The charge as API Pix allows it, whatever the store's data: texts cut to their limits, and a
 * debtor the provider would refuse (a CPF or CNPJ out of its pattern, no name) left out, since it
 * is optional: the shopper still gets a code.
 */
function withinTheStandard(request: CobRequest): CobRequest {
  const { devedor, solicitacaoPagador, ...rest } = request;
  const document =
    devedor && ('cpf' in devedor ? /^\d{11}$/.test(devedor.cpf) : /^[0-9A-Z]{14}$/.test(devedor.cnpj));
  return {
    ...rest,
    ...(solicitacaoPagador === undefined ? {} : { solicitacaoPagador: clip(solicitacaoPagador, 140) }),
    ...(devedor && document && devedor.nome
      ? { devedor: { ...devedor, nome: clip(devedor.nome, 200) } }
      : {}),
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function failure(answer: Answer, what: string): PixProviderError {
  const problem = safeJson(answer.text) as Partial<Problem> | undefined;
  // The provider's words (its detail, and each rule broken), never the request itself.
  const reasons = [
    problem?.detail,
    ...(Array.isArray(problem?.violacoes) ? problem.violacoes.map((violation) => violation?.razao) : []),
  ].filter((text): text is string => typeof text === 'string');
  const detail = reasons.length ? `: ${reasons.join(' ')}` : '';
  const kind = answer.status >= 500 || answer.status === 0 ? 'unavailable' : 'refused';
  return new PixProviderError(
    `provedor PIX respondeu ${answer.status} a ${what}${detail}`,
    kind,
    answer.status,
    problem,
  );
}
