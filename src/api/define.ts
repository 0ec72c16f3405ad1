import { z } from 'zod';

// Validation messages a person may read (400 `resposta`, form errors) are in Portuguese.
z.config(z.locales.pt());
// No `new Function` fast path: the store's Content-Security-Policy has no 'unsafe-eval', and zod's
// probe for it would be reported as a violation on every page (src/server/http/security.ts).
z.config({ jitless: true });

export type HttpMethod = 'GET' | 'POST';

/**
 * One operation of the contract: its name, method, query or body, and answer.
 * `query` schemas receive the raw query-string values (strings); `body` schemas receive parsed JSON.
 */
export interface Operation<
  Name extends string = string,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Answer extends z.ZodType = z.ZodType,
> {
  name: Name;
  method: HttpMethod;
  query?: Query;
  body?: Body;
  answer: Answer;
  /** The success status the caller relies on (201 for APP_0063). */
  okStatus: number;
  /** What the operation does, and anything the contract leaves open that we decided. */
  doc: string;
}

export function defineOperation<
  Name extends string,
  Query extends z.ZodType = z.ZodUndefined,
  Body extends z.ZodType = z.ZodUndefined,
  Answer extends z.ZodType = z.ZodType,
>(operation: {
  name: Name;
  method: HttpMethod;
  query?: Query;
  body?: Body;
  answer: Answer;
  okStatus?: number;
  doc: string;
}): Operation<Name, Query, Body, Answer> {
  return { okStatus: 200, ...operation };
}

export type AnswerOf<Op> = Op extends Operation<string, z.ZodType, z.ZodType, infer A> ? z.output<A> : never;
