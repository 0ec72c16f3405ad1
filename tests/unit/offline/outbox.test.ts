import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  profileUpdateOperation,
  contactMessageOperation,
  signOutOperation,
} from '../../../src/api/customers';
import { createStorageDb, type StorefrontDb } from '../../../src/storage/db';
import {
  QUEUED_TEXT,
  queuedWrites,
  replayOutbox,
  sendOrQueue,
  SIGN_OUT_LABEL,
  type ReplayResult,
} from '../../../src/storage/outbox';

const contact = {
  nome: 'Maria Souza',
  telefone: '(11) 98765-4321',
  email: 'maria@exemplo.com.br',
  assunto: 'Orçamento',
  message: 'Vocês entregam em Osasco?',
};
const profile = { fixo: '', celular: '(11) 91234-5678', email: 'maria.nova@exemplo.com.br', id: 7 };

/** The network as the outbox sees it: each request is recorded and answered by the current rule. */
function network() {
  const requests: Array<{ operation: string; body: unknown; key: string | null }> = [];
  let answer: (operation: string) => Response | 'down' = () =>
    new Response(JSON.stringify({ resposta: 'Recebido.' }), { status: 200 });
  const fetchImpl = (async (url: string, init: RequestInit) => {
    const operation = String(url).split('/').pop()!;
    const reply = answer(operation);
    if (reply === 'down') throw new TypeError('Failed to fetch');
    requests.push({
      operation,
      body: JSON.parse(String(init.body)),
      key: new Headers(init.headers).get('idempotency-key'),
    });
    return reply;
  }) as typeof fetch;
  return {
    requests,
    fetchImpl,
    answerWith(rule: typeof answer) {
      answer = rule;
    },
  };
}

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
}

let database: StorefrontDb;
let counter = 0;
beforeEach(() => {
  database = createStorageDb(`outbox-test-${++counter}`);
});
afterEach(async () => {
  setOnline(true);
  await database.delete();
});

describe('the outbox of writes that can wait', () => {
  it('queues offline, then sends in order exactly once when the network returns', async () => {
    const net = network();
    setOnline(false);
    const options = { database, fetchImpl: net.fetchImpl };
    await expect(
      sendOrQueue(contactMessageOperation, contact, 'Mensagem de contato', options),
    ).resolves.toEqual({
      kind: 'queued',
    });
    await sendOrQueue(profileUpdateOperation, profile, 'Alteração do perfil', options);
    expect(net.requests).toEqual([]);
    expect(QUEUED_TEXT).toBe('Sem conexão: enviaremos assim que a internet voltar.');

    setOnline(true);
    const told: ReplayResult[] = [];
    // Two triggers at once (the online event and the page opening) still send each write once.
    const [first, second] = await Promise.all([
      replayOutbox((result) => told.push(result), options),
      replayOutbox((result) => told.push(result), options),
    ]);
    expect(first).toBe(second);
    expect(net.requests.map((request) => request.operation)).toEqual(['APP_0051', 'APP_0047']);
    expect(net.requests[0].body).toEqual(contact);
    expect(told.map((result) => `${result.kind} ${result.write.label}: ${result.resposta}`)).toEqual([
      'sent Mensagem de contato: Recebido.',
      'sent Alteração do perfil: Recebido.',
    ]);
    expect(await queuedWrites(database)).toEqual([]);

    await replayOutbox(() => undefined, options);
    expect(net.requests).toHaveLength(2);
  });

  it('sends a queued sign-out without telling the person how it ended', async () => {
    const sent: string[] = [];
    // A DataSnap without APP_0099 (or APP_0051) refuses both with a 404.
    const fetchImpl = (async (url: string) => {
      sent.push(String(url).split('/').pop()!);
      return new Response(JSON.stringify({ resposta: 'Não encontrado.' }), { status: 404 });
    }) as typeof fetch;
    const options = { database, fetchImpl };
    setOnline(false);
    await sendOrQueue(signOutOperation, undefined, SIGN_OUT_LABEL, options);
    await sendOrQueue(contactMessageOperation, contact, 'Mensagem de contato', options);
    setOnline(true);
    const told: ReplayResult[] = [];
    const results = await replayOutbox((result) => told.push(result), options);
    expect(sent).toEqual(['APP_0099', 'APP_0051']);
    expect(results.map((result) => `${result.kind} ${result.write.operation}`)).toEqual([
      'refused APP_0099',
      'refused APP_0051',
    ]);
    expect(told.map((result) => result.write.label)).toEqual(['Mensagem de contato']);
    expect(await queuedWrites(database)).toEqual([]);
  });

  it('reports a refusal (4xx) with the server reason, and goes on with the next write', async () => {
    const net = network();
    setOnline(false);
    const options = { database, fetchImpl: net.fetchImpl };
    await sendOrQueue(profileUpdateOperation, profile, 'Alteração do perfil', options);
    await sendOrQueue(contactMessageOperation, contact, 'Mensagem de contato', options);
    setOnline(true);
    net.answerWith((operation) =>
      operation === 'APP_0047'
        ? new Response(JSON.stringify({ resposta: 'Sua sessão expirou. Entre novamente para continuar.' }), {
            status: 401,
          })
        : new Response(JSON.stringify({ resposta: 'Mensagem enviada.' }), { status: 200 }),
    );
    const told: ReplayResult[] = [];
    await replayOutbox((result) => told.push(result), options);
    expect(told.map((result) => [result.kind, result.resposta])).toEqual([
      ['refused', 'Sua sessão expirou. Entre novamente para continuar.'],
      ['sent', 'Mensagem enviada.'],
    ]);
    expect(await queuedWrites(database)).toEqual([]);
  });

  it('keeps what was not answered (network lost, server error) in order for the next run', async () => {
    const net = network();
    setOnline(false);
    const options = { database, fetchImpl: net.fetchImpl };
    await sendOrQueue(contactMessageOperation, contact, 'Mensagem de contato', options);
    await sendOrQueue(profileUpdateOperation, profile, 'Alteração do perfil', options);
    setOnline(true);

    net.answerWith(() => new Response(JSON.stringify({ resposta: 'Erro interno.' }), { status: 503 }));
    await expect(replayOutbox(() => undefined, options)).resolves.toEqual([]);
    net.answerWith(() => 'down');
    await expect(replayOutbox(() => undefined, options)).resolves.toEqual([]);
    const waiting = await queuedWrites(database);
    expect(waiting.map((write) => write.operation)).toEqual(['APP_0051', 'APP_0047']);
    expect(waiting[0].attempts).toBe(2);

    net.answerWith(() => new Response(JSON.stringify({ resposta: 'Ok.' }), { status: 200 }));
    const results = await replayOutbox(() => undefined, options);
    expect(results.map((result) => result.write.operation)).toEqual(['APP_0051', 'APP_0047']);
    // Every attempt of one write carries the same key, so the server can apply it once.
    const contactKeys = new Set(
      net.requests.filter((request) => request.operation === 'APP_0051').map((request) => request.key),
    );
    expect(contactKeys.size).toBe(1);
    expect([...contactKeys][0]).toMatch(/\S{8,}/);
  });

  it('sends at once when online, and queues with the same key when the answer never comes', async () => {
    const net = network();
    const options = { database, fetchImpl: net.fetchImpl };
    await expect(
      sendOrQueue(contactMessageOperation, contact, 'Mensagem de contato', options),
    ).resolves.toEqual({
      kind: 'sent',
      resposta: 'Recebido.',
    });
    expect(await queuedWrites(database)).toEqual([]);

    net.answerWith(() => 'down');
    await expect(
      sendOrQueue(contactMessageOperation, contact, 'Mensagem de contato', options),
    ).resolves.toEqual({
      kind: 'queued',
    });
    const [queued] = await queuedWrites(database);
    expect(queued.label).toBe('Mensagem de contato');
    expect(queued.idempotencyKey).toMatch(/\S{8,}/);
  });

  it('lets a refused form keep its input: a 4xx at send time is thrown, not queued', async () => {
    const net = network();
    net.answerWith(() => new Response(JSON.stringify({ resposta: 'E-mail inválido.' }), { status: 400 }));
    await expect(
      sendOrQueue(contactMessageOperation, contact, 'Mensagem de contato', {
        database,
        fetchImpl: net.fetchImpl,
      }),
    ).rejects.toMatchObject({ status: 400, resposta: 'E-mail inválido.' });
    expect(await queuedWrites(database)).toEqual([]);
  });
});
