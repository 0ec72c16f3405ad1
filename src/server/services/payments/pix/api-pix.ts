import { z } from 'zod';

// The shapes of the Banco Central's API Pix (v2) that the store uses, as zod schemas: the client
// parses every provider answer with them (a provider answering something else is an error, never
// a guess), and the bundled emulator answers with the same types. The published openapi.yaml is
// kept in tests/fixtures/pix-api/ and the contract tests check both sides against it.

export const COB_ACTIVE = 'ATIVA';
export const COB_PAID = 'CONCLUIDA';
export const COB_REMOVED_BY_US = 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
const COB_STATUSES = [COB_ACTIVE, COB_PAID, COB_REMOVED_BY_US, 'REMOVIDA_PELO_PSP'] as const;

const REFUND_STATUSES = ['EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO'] as const;

/** Reais with a dot and two decimals, as every API Pix amount travels. */
const amount = z.string().regex(/^\d{1,10}\.\d{2}$/);

export const refundSchema = z.looseObject({
  id: z.string(),
  rtrId: z.string().optional(),
  valor: amount,
  horario: z.looseObject({ solicitacao: z.string().optional(), liquidacao: z.string().optional() }),
  status: z.enum(REFUND_STATUSES),
  motivo: z.string().optional(),
});
export type Refund = z.infer<typeof refundSchema>;

/** A Pix's end-to-end id (E2EID): 32 of [a-zA-Z0-9]. */
const endToEndId = z.string().regex(/^[a-zA-Z0-9]{32}$/);

export const receivedPixSchema = z.looseObject({
  endToEndId,
  txid: z.string().optional(),
  valor: amount,
  horario: z.string(),
  devolucoes: z.array(refundSchema).optional(),
});
export type ReceivedPix = z.infer<typeof receivedPixSchema>;

/**
 * The body the provider POSTs to our webhook ({webhookUrl}/pix): only each Pix's id is relied on,
 * the rest is read back from the provider before it counts.
 */
export const webhookNotificationSchema = z.looseObject({
  pix: z.array(z.looseObject({ endToEndId })).min(1).max(1000),
});

export const cobSchema = z.looseObject({
  txid: z.string(),
  status: z.enum(COB_STATUSES),
  calendario: z.looseObject({ criacao: z.string(), expiracao: z.number().int() }),
  valor: z.looseObject({ original: amount }),
  location: z.string().optional(),
  pixCopiaECola: z.string().optional(),
  pix: z.array(receivedPixSchema).optional(),
});
export type Cob = z.infer<typeof cobSchema>;

export const receivedPageSchema = z.looseObject({
  parametros: z.looseObject({
    paginacao: z.looseObject({ paginaAtual: z.number().int(), quantidadeDePaginas: z.number().int() }),
  }),
  pix: z.array(receivedPixSchema).default([]),
});
export type ReceivedPage = z.infer<typeof receivedPageSchema>;

export const tokenSchema = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number().int().positive(),
});

/** The body of PUT /cob/{txid} (CobSolicitada) as the store fills it. */
export interface CobRequest {
  calendario: { expiracao: number };
  devedor?: { cpf: string; nome: string } | { cnpj: string; nome: string };
  valor: { original: string };
  chave: string;
  solicitacaoPagador?: string;
}

/** The application/problem+json body of an API Pix error (RFC 7807). */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  violacoes?: { razao: string; propriedade: string; valor?: string }[];
}

/** Our txids: 32 of [a-zA-Z0-9], inside the standard's 26 to 35. */
export const TXID_PATTERN = /^[a-zA-Z0-9]{26,35}$/;

export const centavosToAmount = (centavos: number) => (centavos / 100).toFixed(2);
export function amountToCentavos(text: string): number {
  const [reais, cents] = text.split('.');
  return Number(reais) * 100 + Number(cents);
}
