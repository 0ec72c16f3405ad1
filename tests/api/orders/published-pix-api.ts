import { resolve } from 'node:path';
import addFormats from 'ajv-formats';
import { OpenAPIBackend, type Document, type Operation } from 'openapi-backend';
import type { Exchange } from '../../../src/server/pix-emulator/api';

// The Banco Central's published openapi.yaml (tests/fixtures/pix-api, v2.9.0) as the judge of API
// Pix messages, through openapi-backend (ajv). The file's mistakes that no real message could
// satisfy, and its looseness against its own words, are corrected here in memory, each named
// (SOURCE.md beside the file lists them).

const SPEC = resolve('tests/fixtures/pix-api/openapi.yaml');
export const API_PREFIX = '/api/v2';
const ERROR_BASE = 'https://pix.bcb.gov.br/api/v2/error/';
/** Where the emulator's locations point, as the file's examples give them: without a scheme. */
const LOCATION_FORMAT = 'pix-location';

type Schema = Record<string, unknown>;
const isSchema = (node: unknown): node is Schema => typeof node === 'object' && node !== null;

/** The published file's mistakes and looseness, corrected (numbered as in SOURCE.md). */
function applyErrata(document: Schema): Schema {
  const walk = (node: unknown): void => {
    if (!isSchema(node)) return;
    // 1. A pattern written as a JavaScript regex literal ("/^\d{11}$/"): its body is the pattern.
    if (typeof node.pattern === 'string' && /^\/.*\/$/.test(node.pattern))
      node.pattern = node.pattern.slice(1, -1);
    // 4. JSON Schema patterns match anywhere in the text, so "[a-zA-Z0-9]{26,35}" takes a txid of 40
    //    characters or one with a space around 26 good ones. The file means the whole value (the
    //    CNPJ's and CPF's patterns are anchored, the end-to-end id's lengths pinned to 32).
    if (typeof node.pattern === 'string' && !/^\^.*\$$/.test(node.pattern))
      node.pattern = `^(?:${node.pattern})$`;
    // 3. A charge's `location` goes into the QR code without its scheme, as the file's own examples
    //    give it ("pix.example.com/qr/v2/..."), yet it is declared `format: uri`, which needs one:
    //    it is checked as a URI once resolved against https://, as a payer's app resolves it.
    const location = (node.properties as Schema | undefined)?.location as Schema | undefined;
    if (
      location?.format === 'uri' &&
      typeof location.example === 'string' &&
      !location.example.includes('://')
    )
      location.format = LOCATION_FORMAT;
    Object.values(node).forEach(walk);
  };
  walk(document);
  // 2. PixConsultados requires `cobs`, which it does not define (a copy of CobsConsultadas); its
  //    list is `pix`, required in its place.
  const schemas = (document.components as Schema).schemas as Record<string, Schema>;
  schemas.PixConsultados.required = ['parametros', 'pix'];
  return document;
}

/** `[GET|PATCH] /cob/{txid}` and `GET /pix` in the description's error tables, one per method. */
function endpointsOf(line: string): string[] {
  return [...line.matchAll(/`(?:\[([A-Z|]+)\]|([A-Z]+)) (\/[^`]*)`/g)].flatMap(([, methods, method, path]) =>
    (methods ?? method).split('|').map((one) => `${one} ${path}`),
  );
}

/**
 * The description's error tables: each problem type with its status and the endpoints it belongs
 * to; the general ones ("Gerais", no endpoints) belong to every endpoint.
 */
function problemTable(description: string) {
  const table: { type: string; status: number; endpoints: string[] | 'all' }[] = [];
  for (const block of description.split(/^\s*### /m).slice(1)) {
    const type = /^`(\w+)`/.exec(block)?.[1];
    const statuses = /__HTTP Status Code__:(.*)/.exec(block)?.[1].matchAll(/\[(\d{3})/g) ?? [];
    const endpoints = /__endpoints?__:(.*)/.exec(block)?.[1];
    for (const [, status] of statuses)
      if (type)
        table.push({ type, status: Number(status), endpoints: endpoints ? endpointsOf(endpoints) : 'all' });
  }
  return table;
}

/**
 * 5. openapi-backend validates only `application/json` answers, and the file declares its errors as
 *    `application/problem+json`: those are validated as the same schema. The error tables also
 *    give operations answers their `responses` leave out (400 PixConsultaInvalida to GET /pix,
 *    400 CobConsultaInvalida to GET /cob/{txid}, the general 400 RequisicaoInvalida and 500 to
 *    all): those are declared as the file's `Problema`.
 */
function declareProblems(document: Schema, table: ReturnType<typeof problemTable>) {
  const problema = { $ref: '#/components/schemas/Problema' };
  for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, Schema>>))
    for (const [method, operation] of Object.entries(item)) {
      if (method === 'parameters' || !isSchema(operation)) continue;
      // openapi-backend finds operations by operationId, which the file leaves out (optional).
      operation.operationId ??= `${method.toUpperCase()} ${path}`;
      const responses = (operation.responses ??= {}) as Record<string, Schema>;
      for (const response of Object.values(responses)) {
        const content = response.content as Record<string, Schema> | undefined;
        if (content?.['application/problem+json'] && !content['application/json'])
          content['application/json'] = content['application/problem+json'];
      }
      for (const row of table)
        if (row.endpoints === 'all' || row.endpoints.includes(`${method.toUpperCase()} ${path}`))
          responses[row.status] ??= {
            description: row.type,
            content: { 'application/json': { schema: problema } },
          };
    }
}

/** A location as a payer's app reads it from the code: https:// before it, a host and a path. */
function isLocation(value: string): boolean {
  if (value.includes('://') || !URL.canParse(`https://${value}`)) return false;
  const url = new URL(`https://${value}`);
  return url.hostname.includes('.') && url.pathname.length > 1 && !url.search && !url.hash;
}

export interface PublishedPixApi {
  /** What is wrong with one request and its answer, as the published file judges them. */
  judge(exchange: Exchange): string[];
  /** `METHOD /path` of the published operation the exchange is, if any. */
  operationOf(exchange: Exchange): string | undefined;
}

export async function publishedPixApi(): Promise<PublishedPixApi> {
  const loaded = (await new OpenAPIBackend({
    definition: SPEC,
    quick: true,
  }).loadDocument()) as unknown as Schema;
  const table = problemTable(String((loaded.info as Schema).description));
  declareProblems(applyErrata(loaded), table);
  const api = new OpenAPIBackend({
    definition: loaded as unknown as Document,
    apiRoot: '/',
    // The formats the file uses (date-time, uri, ...) checked, not ignored.
    customizeAjv: (ajv) => addFormats(ajv).addFormat(LOCATION_FORMAT, isLocation),
  });
  await api.init();

  const requestOf = (exchange: Exchange) => ({
    method: exchange.method,
    path: exchange.path.slice(API_PREFIX.length),
    query: exchange.query,
    body: exchange.body,
    headers: { 'content-type': 'application/json' },
  });
  const match = (exchange: Exchange): Operation | undefined =>
    api.matchOperation(requestOf(exchange)) ?? undefined;
  const nameOf = (operation: Operation) => `${operation.method.toUpperCase()} ${operation.path}`;

  function judge(exchange: Exchange): string[] {
    const request = requestOf(exchange);
    const said = `${exchange.status} to ${exchange.method} ${request.path}`;
    const operation = match(exchange);
    if (!operation) return [`${exchange.method} ${request.path}: no such operation in the published API`];
    const problems: string[] = [];
    const sent = api.validateRequest(request, operation);
    // What the file forbids is refused: never a success.
    if (!sent.valid && exchange.status < 400)
      problems.push(`${said} accepted a request the file forbids: ${JSON.stringify(sent.errors)}`);
    if (!operation.responses?.[exchange.status]) problems.push(`${said}: a status the file never gives it`);
    const answered = api.validateResponse(exchange.answer, operation, exchange.status);
    if (!answered.valid) problems.push(`answer ${said}: ${JSON.stringify(answered.errors)}`);
    if (exchange.status >= 400) {
      if (!/^application\/problem\+json/.test(exchange.contentType))
        problems.push(
          `${said} answered as ${exchange.contentType || 'nothing'}, not application/problem+json`,
        );
      const type = String((exchange.answer as Schema | undefined)?.type ?? '');
      const assigned = table.filter(
        (row) =>
          row.status === exchange.status &&
          (row.endpoints === 'all' || row.endpoints.includes(nameOf(operation))),
      );
      if (!assigned.some((row) => type === `${ERROR_BASE}${row.type}`))
        problems.push(
          `${said} is of type ${type || 'none'}; the file gives it ${assigned.map((row) => row.type).join(', ')}`,
        );
    }
    return problems;
  }

  return {
    judge,
    operationOf: (exchange) => {
      const operation = match(exchange);
      return operation && nameOf(operation);
    },
  };
}
