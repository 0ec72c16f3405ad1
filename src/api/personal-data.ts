import { z } from 'zod';
import { anyPassword } from './customer-fields';
import { defineOperation } from './define';

// The customer's LGPD rights in the customer area (Lei 13.709/2018 art. 18): operations of ours, not
// in the retailer's contract. Both are POSTs, so the origin check refuses them from another site and
// the rate limits count them (src/server/http/rate-limits.ts), as they do the password change.

const declaredKind = z.object({
  chave: z.string(),
  titulo: z.string(),
  finalidade: z.string(),
  baseLegal: z.string(),
  guarda: z.string(),
  compartilhadoCom: z.array(z.string()),
  /** The rows held, per table: every column but the secrets kept only as hashes or keys. */
  tabelas: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});

/** The name the export is saved under, by the customer area and by a direct download alike. */
export const PERSONAL_DATA_FILE_NAME = 'meus-dados-casa-e-obra.json';

export const personalDataExportOperation = defineOperation({
  name: 'LGPD_MEUS_DADOS',
  method: 'POST',
  answer: z.object({
    geradoEm: z.string(),
    controlador: z.object({ razaoSocial: z.string(), cnpj: z.string() }),
    encarregado: z.object({ nome: z.string(), email: z.string() }),
    dados: z.array(declaredKind),
  }),
  doc: [
    "'Baixar meus dados': everything the store holds about the session customer, one entry per kind of",
    'the declared personal data (src/domain/personal-data.ts) with the rows of each of its tables.',
    'No session: 401.',
  ].join(' '),
});

export const ACCOUNT_ERASED_MESSAGE =
  'Sua conta foi excluída e seus dados pessoais foram apagados. Enviamos a confirmação para o seu e-mail.';
export const ERASURE_WRONG_PASSWORD_MESSAGE = 'Senha incorreta. Sua conta não foi excluída.';

export const ERASURE_OPEN_ORDERS_MESSAGE =
  'Você tem pedidos em andamento. A conta pode ser excluída quando eles forem entregues, retirados ou cancelados.';

export const accountErasureBody = z.object({ senha: anyPassword('Informe a sua senha.') });
export type AccountErasurePayload = z.input<typeof accountErasureBody>;

export const accountErasureOperation = defineOperation({
  name: 'LGPD_EXCLUIR_CONTA',
  method: 'POST',
  body: accountErasureBody,
  answer: z.object({ resposta: z.string() }),
  doc: [
    "'Excluir minha conta' with the password asked again: erases the customer's personal data at once,",
    'keeps the orders (5 years, fiscal) no longer tied to a name, ends every session and push',
    `subscription and queues a confirmation e-mail. Wrong password: 400 '${ERASURE_WRONG_PASSWORD_MESSAGE}'.`,
    'An order neither delivered, picked up nor cancelled still needs the name and address (LGPD art. 16, I):',
    `409 '${ERASURE_OPEN_ORDERS_MESSAGE}'.`,
    'No session: 401.',
  ].join(' '),
});
