import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_LIMITS } from '../../../src/server/http/framework-errors';
import { buildTestApp, type TestApp } from '../helpers';

// What Node and Fastify answer before any route runs, seen from a raw socket as a careless client
// would send it: a status, a JSON body with a pt-BR resposta, and the answer read whole (the
// connection is closed after it, never reset under the client's feet).

interface RawAnswer {
  status: number;
  headers: string;
  body: string;
  reset: boolean;
}

function send(port: number, request: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let reset = false;
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') reset = true;
      else reject(error);
    });
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      resolve({ status, headers: head, body: rest.join('\r\n\r\n'), reset });
    });
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer in 10 s')));
    socket.write(request);
  });
}

const get = (path: string, headers = '') =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}Connection: close\r\n\r\n`;

describe('answers before a route runs', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  const expectResposta = (answer: RawAnswer, status: number) => {
    expect(answer.status, answer.headers).toBe(status);
    expect(answer.reset, 'connection reset before the answer was read').toBe(false);
    expect(answer.headers).toMatch(/content-type: application\/json/i);
    const json = JSON.parse(answer.body) as { resposta?: string };
    expect(json.resposta).toMatch(/[áãçéêíóõú]|inválid|long|grande|demais/i);
    expect(json.resposta).not.toMatch(/Bad Request|Client Error|exceed|Header/i);
  };

  it('a request line longer than Node takes: 414, read whole', async () => {
    const answer = await send(port, get(`/datasnap/rest/TFireFlay/APP_0027?produto=${'a'.repeat(40_000)}`));
    expectResposta(answer, 414);
  });

  it('headers larger than Node takes: 431', async () => {
    const answer = await send(port, get('/', `X-Grande: ${'b'.repeat(SERVER_LIMITS.maxHeaderSize)}\r\n`));
    expectResposta(answer, 431);
  });

  it('a URL longer than the store serves but within Node: 414', async () => {
    expectResposta(await send(port, get(`/datasnap/rest/TFireFlay/APP_0041?x=${'c'.repeat(10_000)}`)), 414);
  });

  it('a path parameter past maxParamLength: 414', async () => {
    expectResposta(
      await send(port, get(`/imagens/${'9'.repeat(SERVER_LIMITS.maxParamLength + 50)}/1.png`)),
      414,
    );
  });

  it('bad percent-encoding in the path: 400', async () => {
    expectResposta(await send(port, get('/imagens/%E0%A4%A/1.png')), 400);
  });

  it('a request that is not HTTP: 400', async () => {
    expectResposta(await send(port, 'HELLO THERE\r\n\r\n'), 400);
  });

  it('a bad header line: 400', async () => {
    expectResposta(await send(port, 'GET / HTTP/1.1\r\nHost: x\r\nSem dois pontos\r\n\r\n'), 400);
  });

  it('an unknown content type: 415, a body too large: 413', async () => {
    const xml = '<a/>';
    expectResposta(
      await send(
        port,
        `POST /datasnap/rest/TFireFlay/APP_0051 HTTP/1.1\r\nHost: x\r\nContent-Type: application/xml\r\nContent-Length: ${xml.length}\r\nConnection: close\r\n\r\n${xml}`,
      ),
      415,
    );
    const big = JSON.stringify({ message: 'x'.repeat(SERVER_LIMITS.bodyLimit) });
    expectResposta(
      await send(
        port,
        `POST /datasnap/rest/TFireFlay/APP_0051 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${big.length}\r\nConnection: close\r\n\r\n${big}`,
      ),
      413,
    );
  });

  it('has its timeouts set and still answers normally afterwards', async () => {
    const server = t.app.server;
    expect(server.requestTimeout).toBe(SERVER_LIMITS.requestTimeout);
    expect(server.headersTimeout).toBe(SERVER_LIMITS.headersTimeout);
    expect(server.keepAliveTimeout).toBe(SERVER_LIMITS.keepAliveTimeout);
    expect(server.timeout).toBe(SERVER_LIMITS.connectionTimeout);
    const answer = await send(port, get('/datasnap/rest/TFireFlay/APP_0070'));
    expect(answer.status).toBe(200);
  });
});
