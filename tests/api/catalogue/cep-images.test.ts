import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cepLookupAnswer, cepLookupPath } from '../../../src/api/freight';
import { buildTestApp, databaseKinds, type TestApp } from '../helpers';
import { oneProduct } from './fixtures';

describe.each(databaseKinds)('CEP lookup (ViaCEP compatible) on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const lookup = async (cep: string) => {
    const response = await t.app.inject({ method: 'GET', url: cepLookupPath(cep) });
    return { status: response.statusCode, json: response.json() };
  };

  it('answers a street of the store city', async () => {
    const { status, json } = await lookup('13087000');
    expect(status).toBe(200);
    expect(cepLookupAnswer.parse(json)).toMatchObject({
      cep: '13087-000',
      logradouro: 'Av. Heitor Penteado',
      bairro: 'Taquaral',
      localidade: 'Campinas',
      uf: 'SP',
      erro: false,
    });
    expect(json).not.toHaveProperty('erro');
  });

  it('answers the city for any CEP of the store city and of each capital, and the state elsewhere', async () => {
    expect((await lookup('13150000')).json).toMatchObject({ uf: 'SP', localidade: '' });
    expect((await lookup('13099999')).json).toMatchObject({
      localidade: 'Campinas',
      uf: 'SP',
      logradouro: '',
    });
    expect((await lookup('80010000')).json).toMatchObject({ localidade: 'Curitiba', uf: 'PR' });
    expect((await lookup('69005000')).json).toMatchObject({ localidade: 'Manaus', uf: 'AM' });
    expect((await lookup('70040010')).json).toMatchObject({ localidade: 'Brasília', uf: 'DF' });
    expect((await lookup('01310100')).json).toMatchObject({
      logradouro: 'Avenida Paulista',
      localidade: 'São Paulo',
    });
  });

  it('answers {"erro": true} for a CEP outside every range', async () => {
    const { status, json } = await lookup('00000000');
    expect(status).toBe(200);
    expect(json).toEqual({ erro: true });
  });

  it('answers 400 for a malformed CEP', async () => {
    for (const cep of ['1234', 'abcdefgh', '123456789', '13087-00x']) {
      const { status, json } = await lookup(cep);
      expect(status, cep).toBe(400);
      expect(json.resposta).toBe('CEP inválido.');
    }
  });
});

describe('CEP lookup with CEP_LOOKUP_URL', () => {
  let upstream: Server;
  let url: string;
  let calls: string[];
  beforeAll(async () => {
    calls = [];
    upstream = createServer((request, response) => {
      calls.push(request.url ?? '');
      if (request.url === '/ws/13087000/json/') {
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify({
            cep: '13087-000',
            logradouro: 'Avenida Heitor Penteado (upstream)',
            complemento: 'de 1 a 999',
            bairro: 'Parque Taquaral',
            localidade: 'Campinas',
            uf: 'SP',
          }),
        );
      } else {
        response.statusCode = 500;
        response.end('falhou');
      }
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

  it('asks the upstream first and falls back to the embedded data when it fails', async () => {
    const t = await buildTestApp('pglite', { CEP_LOOKUP_URL: url });
    try {
      const hit = await t.app.inject({ method: 'GET', url: cepLookupPath('13087-000') });
      expect(hit.json()).toMatchObject({
        logradouro: 'Avenida Heitor Penteado (upstream)',
        complemento: 'de 1 a 999',
      });
      const fallback = await t.app.inject({ method: 'GET', url: cepLookupPath('80010000') });
      expect(fallback.statusCode).toBe(200);
      expect(fallback.json()).toMatchObject({ localidade: 'Curitiba', uf: 'PR' });
      expect(calls).toEqual(['/ws/13087000/json/', '/ws/80010000/json/']);
    } finally {
      await t.close();
    }
  });

  it('falls back when the upstream is unreachable', async () => {
    const t = await buildTestApp('pglite', { CEP_LOOKUP_URL: 'http://127.0.0.1:9' });
    try {
      const response = await t.app.inject({ method: 'GET', url: cepLookupPath('13087000') });
      expect(response.json()).toMatchObject({ logradouro: 'Av. Heitor Penteado', localidade: 'Campinas' });
    } finally {
      await t.close();
    }
  });
});

describe.each(databaseKinds)('product images on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('serves every image of a product as a long-cached PNG with a strong ETag', async () => {
    const product = await oneProduct(t, sql`p.image_count = 4`);
    const tags = new Set<string>();
    for (let n = 1; n <= 4; n += 1) {
      const response = await t.app.inject({ method: 'GET', url: `/imagens/${product.idprd}/${n}.png` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const etag = String(response.headers.etag);
      expect(etag).toMatch(/^"[^"]+"$/);
      tags.add(etag);
      const png = PNG.sync.read(response.rawPayload);
      expect([png.width, png.height]).toEqual([400, 400]);
      expect(response.rawPayload.length).toBeLessThan(20_000);
    }
    expect(tags.size).toBe(4);
  });

  it('answers the same bytes again, and 304 to If-None-Match', async () => {
    const product = await oneProduct(t);
    const url = `/imagens/${product.idprd}/1.png`;
    const first = await t.app.inject({ method: 'GET', url });
    const second = await t.app.inject({ method: 'GET', url });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const cached = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);
    expect(cached.headers.etag).toBe(first.headers.etag);
  });

  it('answers 404 for an unknown product or an image number out of range', async () => {
    const product = await oneProduct(t, sql`p.image_count < 4`);
    for (const url of [
      `/imagens/${product.idprd}/${product.image_count + 1}.png`,
      `/imagens/${product.idprd}/0.png`,
      '/imagens/999999/1.png',
      '/imagens/abc/1.png',
      `/imagens/${product.idprd}/1.jpg`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().resposta).toBe('Imagem não encontrada.');
    }
  });

  it('serves the carrier pictures the shipping options point to', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/imagens/transportadoras/100.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
  });
});
