import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/client';
import { startPixEmulator, type Exchange, type RunningEmulator } from '../../../src/server/pix-emulator/api';
import { newEmulatorCredentials } from '../../../src/server/pix-emulator/emulator';
import { createApiPixClient } from '../../../src/server/services/payments/pix/client';
import { alphanumericId } from '../../../src/server/services/payments/pix/ids';
import { databaseKinds, freshDatabase } from '../databases';
import { publishedPixApi, type PublishedPixApi } from './published-pix-api';

// The bundled emulator answers as the published openapi.yaml (2.9.0) says a PSP answers, including
// what it must refuse: each request here is one the file forbids (or allows, for the revision of
// an amount), sent as a client would send it, and every exchange is judged by the file as well.

const quiet = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;
const PIX_KEY = 'pix@casaeobra.com.br';
const ERROR = 'https://pix.bcb.gov.br/api/v2/error/';

interface Answer {
  status: number;
  contentType: string;
  json: Record<string, unknown>;
}

describe.each(databaseKinds)('the Pix emulator on %s, held to the published API Pix', (kind) => {
  const credentials = newEmulatorCredentials();
  const exchanges: Exchange[] = [];
  let database: Database;
  let emulator: RunningEmulator;
  let published: PublishedPixApi;
  let token: string;

  beforeAll(async () => {
    database = await freshDatabase(kind);
    emulator = await startPixEmulator({
      db: database.db,
      credentials,
      pixKey: PIX_KEY,
      merchantName: 'Casa e Obra',
      merchantCity: 'Campinas',
      autoConfirmSeconds: 0,
      refundSettleMs: 60_000,
      log: quiet,
      onExchange: (exchange) => exchanges.push(exchange),
    });
    published = await publishedPixApi();
    const basic = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64');
    const answer = await fetch(emulator.tokenUrl, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    token = ((await answer.json()) as { access_token: string }).access_token;
  });
  afterAll(async () => {
    await emulator.close();
    await database.close();
  });
  // Whatever a test sent, the published file agrees with each answer the emulator gave.
  afterEach(() => {
    const judged = exchanges.filter((exchange) => exchange.path !== '/oauth/token');
    exchanges.length = 0;
    expect(judged.flatMap((exchange) => published.judge(exchange))).toEqual([]);
  });

  /** A request as a client sends it: a JSON body, or `raw` text with its own content type. */
  async function send(
    method: string,
    path: string,
    body?: unknown,
    raw?: { text: string; contentType: string },
  ): Promise<Answer> {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (raw) headers['content-type'] = raw.contentType;
    else if (body !== undefined) headers['content-type'] = 'application/json';
    const answer = await fetch(`${emulator.url}${path}`, {
      method,
      headers,
      body: raw ? raw.text : body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await answer.text();
    return {
      status: answer.status,
      contentType: answer.headers.get('content-type') ?? '',
      json: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    };
  }

  const newTxid = () => alphanumericId(32);
  const cobRequest = (change: Record<string, unknown> = {}) => ({
    calendario: { expiracao: 3600 },
    valor: { original: '10.00' },
    chave: PIX_KEY,
    ...change,
  });
  async function openCob(change: Record<string, unknown> = {}) {
    const txid = newTxid();
    const answer = await send('PUT', `/cob/${txid}`, cobRequest(change));
    expect(answer.status).toBe(201);
    return { txid, cob: answer.json };
  }
  /** The problem+json answer of `type`, naming the property that broke the rule. */
  function expectProblem(answer: Answer, status: number, type: string, propriedade?: string) {
    expect(answer.status).toBe(status);
    expect(answer.contentType).toMatch(/^application\/problem\+json/);
    expect(answer.json).toMatchObject({ type: `${ERROR}${type}`, status, title: expect.any(String) });
    if (propriedade) expect(answer.json.violacoes).toEqual([expect.objectContaining({ propriedade })]);
  }

  it('refuses a refund of a nature other than ORIGINAL or RETIRADA, or with a descricao over 140 characters', async () => {
    const { txid } = await openCob();
    const pix = await emulator.core.pay({ code: txid });
    const refund = (id: string, body: object) => send('PUT', `/pix/${pix.endToEndId}/devolucao/${id}`, body);

    expectProblem(
      await refund('D1', { valor: '1.00', natureza: 'MED_FRAUDE' }),
      400,
      'PixDevolucaoInvalida',
      'devolucao.natureza',
    );
    expectProblem(
      await refund('D2', { valor: '1.00', descricao: 'x'.repeat(141) }),
      400,
      'PixDevolucaoInvalida',
      'devolucao.descricao',
    );
    // Neither was made: the Pix has no refund, and the ids are still free.
    expect((await send('GET', `/pix/${pix.endToEndId}`)).json.devolucoes).toBeUndefined();
    const made = await refund('D1', { valor: '1.00', natureza: 'ORIGINAL', descricao: 'ç'.repeat(140) });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({
      id: 'D1',
      valor: '1.00',
      natureza: 'ORIGINAL',
      descricao: 'ç'.repeat(140),
    });
  });

  it('refuses a charge whose infoAdicionais item lacks its valor, and keeps one that has it', async () => {
    const txid = newTxid();
    expectProblem(
      await send('PUT', `/cob/${txid}`, cobRequest({ infoAdicionais: [{ nome: 'Pedido' }] })),
      400,
      'CobOperacaoInvalida',
      'cob.infoAdicionais',
    );
    expectProblem(await send('GET', `/cob/${txid}`), 404, 'CobNaoEncontrado');
    const { cob } = await openCob({ infoAdicionais: [{ nome: 'Pedido', valor: '123' }] });
    expect(cob.infoAdicionais).toEqual([{ nome: 'Pedido', valor: '123' }]);
  });

  it('refuses a charge naming a location that does not exist, or that another charge uses', async () => {
    const txid = newTxid();
    expectProblem(
      await send('PUT', `/cob/${txid}`, cobRequest({ loc: { id: 987654321, tipoCob: 'cob' } })),
      400,
      'CobOperacaoInvalida',
      'cob.loc.id',
    );
    const { cob: other } = await openCob();
    const taken = await send(
      'PUT',
      `/cob/${txid}`,
      cobRequest({ loc: { id: (other.loc as { id: number }).id, tipoCob: 'cob' } }),
    );
    expectProblem(taken, 400, 'CobOperacaoInvalida', 'cob.loc.id');
    expectProblem(await send('GET', `/cob/${txid}`), 404, 'CobNaoEncontrado');
  });

  it('answers a body that is not JSON in the problem form', async () => {
    const txid = newTxid();
    const broken = await send('PUT', `/cob/${txid}`, undefined, {
      text: '{"calendario": ',
      contentType: 'application/json',
    });
    expectProblem(broken, 400, 'RequisicaoInvalida');
    const text = await send('PUT', `/cob/${txid}`, undefined, {
      text: 'valor=10.00',
      contentType: 'text/plain',
    });
    expectProblem(text, 400, 'RequisicaoInvalida');
    expectProblem(await send('GET', `/cob/${txid}`), 404, 'CobNaoEncontrado');
  });

  it('refuses to read a revision of a charge that does not exist', async () => {
    const { txid } = await openCob();
    expect((await send('GET', `/cob/${txid}?revisao=0`)).json).toMatchObject({ txid, revisao: 0 });
    expectProblem(await send('GET', `/cob/${txid}?revisao=1`), 400, 'CobConsultaInvalida', 'revisao');
    expectProblem(await send('GET', `/cob/${txid}?revisao=-1`), 400, 'CobConsultaInvalida', 'revisao');
  });

  it('refuses a search of received Pix by CPF and CNPJ at once', async () => {
    const period = `inicio=${new Date(Date.now() - 3_600_000).toISOString()}&fim=${new Date().toISOString()}`;
    expect((await send('GET', `/pix?${period}&cpf=12345678909`)).status).toBe(200);
    expectProblem(
      await send('GET', `/pix?${period}&cpf=12345678909&cnpj=12345678000195`),
      400,
      'PixConsultaInvalida',
      'cnpj',
    );
  });

  it("revises a charge's amount, keeps the revision before it, and the payer pays the new one", async () => {
    const { txid, cob } = await openCob();
    const revised = await send('PATCH', `/cob/${txid}`, { valor: { original: '15.00' } });
    expect(revised.status).toBe(200);
    expect(revised.json).toMatchObject({ txid, revisao: 1, status: 'ATIVA', valor: { original: '15.00' } });
    expect(revised.json.pixCopiaECola).toBe(cob.pixCopiaECola);
    expect((await send('GET', `/cob/${txid}`)).json).toMatchObject({
      revisao: 1,
      valor: { original: '15.00' },
    });
    expect((await send('GET', `/cob/${txid}?revisao=0`)).json).toMatchObject({
      revisao: 0,
      valor: { original: '10.00' },
    });
    // A revision that changes nothing (a calendario without its expiracao) makes no new one.
    expect((await send('PATCH', `/cob/${txid}`, { calendario: {} })).json).toMatchObject({
      revisao: 1,
      calendario: { expiracao: 3600 },
    });
    expect(await emulator.core.pay({ code: String(cob.pixCopiaECola) })).toMatchObject({
      txid,
      valor: '15.00',
    });
  });

  it("has the store's client send only what the file allows: long texts cut, a debtor it forbids left out", async () => {
    const client = createApiPixClient({
      apiUrl: emulator.url,
      tokenUrl: emulator.tokenUrl,
      ...credentials,
      timeoutMs: 5000,
    });
    const txid = newTxid();
    const request = cobRequest({ solicitacaoPagador: 'ç'.repeat(150) }) as Parameters<
      typeof client.createCharge
    >[1];
    const anonymous = await client.createCharge(txid, { ...request, devedor: { cpf: '123', nome: 'Maria' } });
    expect(anonymous.devedor).toBeUndefined();
    expect(anonymous.solicitacaoPagador).toBe('ç'.repeat(140));
    const named = await client.createCharge(newTxid(), {
      ...request,
      devedor: { cnpj: '12ABC34501DE35', nome: '👷'.repeat(250) },
    });
    expect(named.devedor).toEqual({ cnpj: '12ABC34501DE35', nome: '👷'.repeat(200) });
    const pix = await emulator.core.pay({ code: txid });
    const refund = await client.refund(pix.endToEndId, 'D1', 100, 'ç'.repeat(200));
    expect(refund).toMatchObject({ valor: '1.00', natureza: 'ORIGINAL', descricao: 'ç'.repeat(140) });
  });
});
