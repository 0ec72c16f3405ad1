import { readFileSync } from 'node:fs';
import addFormats from 'ajv-formats';
import { OpenAPIBackend, type Document } from 'openapi-backend';

// Adyen's published files (tests/fixtures/adyen, see SOURCE.md) as the judge of the adapter: a
// stand-in for Adyen's servers that validates every request against the Checkout API's schema for
// its path and method, and answers only with what the file's schemas allow.

type Json = Record<string, unknown>;

const read = (file: string) => JSON.parse(readFileSync(`tests/fixtures/adyen/${file}`, 'utf8')) as Json;
export const checkoutSpec = read('CheckoutService-v71.json');
const webhooksSpec = read('Webhooks-v1.json');

const BASE = 'https://checkout-test.adyen.com/v71';

async function backend(definition: Json) {
  // quick: the 3.1 files are not validated against openapi-backend's 3.0 meta-schema (SOURCE.md).
  const api = new OpenAPIBackend({
    definition: definition as unknown as Document,
    apiRoot: '/',
    quick: true,
    customizeAjv: (ajv) => addFormats(ajv),
  });
  await api.init();
  return api;
}

let checkout: ReturnType<typeof backend> | undefined;
/** One judge for the whole file: building ajv's validators of 889 KB of schemas takes a while. */
export const checkoutApi = () => (checkout ??= backend(structuredClone(checkoutSpec)));

/** The webhooks as operations on our server, so their request schemas judge notification bodies. */
export const webhooksApi = () =>
  backend({
    ...structuredClone(webhooksSpec),
    paths: structuredClone(webhooksSpec.webhooks),
    webhooks: undefined,
  });

function examplesOf(spec: Json, content: Json | undefined): Record<string, unknown> {
  const refs = ((content?.['application/json'] as Json | undefined)?.examples ?? {}) as Record<string, Json>;
  const all = (spec.components as Json).examples as Record<string, Json>;
  return Object.fromEntries(
    Object.entries(refs).map(([name, ref]) => {
      const example = typeof ref.$ref === 'string' ? all[ref.$ref.split('/').pop()!] : ref;
      return [name, structuredClone(example.value)];
    }),
  );
}

/** An example answer of the Checkout file: path, status and the example's name there. */
export function answerExample(path: string, status: number, name: string): Json {
  const operation = (checkoutSpec.paths as Record<string, Record<string, Json>>)[path].post;
  const response = (operation.responses as Record<string, Json>)[String(status)];
  const example = examplesOf(checkoutSpec, response.content as Json)[name];
  if (!example) throw new Error(`no example ${name} of ${status} to POST ${path}`);
  return example as Json;
}

export function requestExample(path: string, name: string): Json {
  const operation = (checkoutSpec.paths as Record<string, Record<string, Json>>)[path].post;
  return examplesOf(checkoutSpec, (operation.requestBody as Json).content as Json)[name] as Json;
}

export function notificationExample(event: string): Json {
  const operation = (webhooksSpec.webhooks as Record<string, Record<string, Json>>)[`/${event}`].post;
  const examples = examplesOf(webhooksSpec, (operation.requestBody as Json).content as Json);
  return Object.values(examples)[0] as Json;
}

export interface Sent {
  operation: string;
  path: string;
  headers: Record<string, string>;
  body: Json;
}

export type Answer = { status: number; body: Json } | 'timeout' | 'network';

/**
 * A fetch that plays Adyen: each request is matched to the file's operation and validated, and
 * `answer` decides what comes back, validated too. Problems are collected for the test to assert.
 */
export async function adyenDouble(answer: (sent: Sent) => Answer) {
  const api = await checkoutApi();
  const sent: Sent[] = [];
  const problems: string[] = [];
  const fetchDouble = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    if (!url.startsWith(BASE)) throw new Error(`not Adyen's test URL: ${url}`);
    const path = url.slice(BASE.length);
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const body = JSON.parse(String(init?.body)) as Json;
    const request = { method: init?.method ?? 'GET', path, body, headers };
    const operation = api.matchOperation(request);
    if (!operation) throw new Error(`${request.method} ${path}: no such operation in the published API`);
    const validRequest = api.validateRequest(request, operation);
    if (!validRequest.valid)
      problems.push(`${operation.operationId}: ${JSON.stringify(validRequest.errors)}`);
    const item = { operation: operation.operationId!, path, headers, body };
    sent.push(item);
    const reply = answer(item);
    if (reply === 'network') throw new TypeError('fetch failed');
    if (reply === 'timeout')
      return new Promise((_, reject) => {
        const signal = init?.signal;
        signal?.addEventListener('abort', () => reject(signal.reason));
      });
    const validAnswer = api.validateResponse(reply.body, operation, reply.status);
    if (!validAnswer.valid)
      problems.push(`answer to ${operation.operationId}: ${JSON.stringify(validAnswer.errors)}`);
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch: fetchDouble as typeof fetch, sent, problems };
}
