import { z } from 'zod';
import { defineOperation } from './define';
import { idValue } from './fields';

// Store staff on a paired tablet: PIN sign-in, the manager's day of sales, the pickup counter.
// Every operation here needs a paired tablet (LOJA_PAREAR); all but the sign-in list and the
// sign-in itself need a staff member signed in on that tablet (401 otherwise). The store always
// comes from the tablet's credential, the staff member from the staff cookie, both checked on the
// server. Answers are `Cache-Control: no-store`.

export const STAFF_PIN_LENGTH = 6;
export const STAFF_LOCK_ATTEMPTS = 5;
export const STAFF_LOCK_MINUTES = 15;
/** The tablet's idle sign-out: a staff session unused this long is over on the server too. */
export const STAFF_IDLE_MINUTES = 5;

export const STAFF_SIGNED_OUT_MESSAGE = 'Entre como vendedor para usar esta função.';
export const STAFF_WRONG_PIN_MESSAGE = 'PIN incorreto.';
export const STAFF_OTHER_STORE_MESSAGE = 'Este funcionário não é desta loja.';
export const STAFF_MANAGER_ONLY_MESSAGE = 'Somente o gerente da loja vê as vendas do dia.';
export const staffLockedMessage = (until: string) =>
  `PIN bloqueado após ${STAFF_LOCK_ATTEMPTS} tentativas erradas. Tente novamente às ${until} ou peça ao gerente um novo PIN.`;

/** A store employee's role (store_staff.role). */
export const STAFF_ROLES = ['vendedor', 'gerente'] as const;
export const staffRole = z.enum(STAFF_ROLES);
export const staffMember = z.object({ id: z.number().int(), nome: z.string(), papel: staffRole });
export type StaffMember = z.output<typeof staffMember>;

export const staffListOperation = defineOperation({
  name: 'LOJA_EQUIPE',
  method: 'GET',
  answer: z.object({ equipe: z.array(staffMember) }),
  doc: "The staff of the paired tablet's store (names and roles only), for 'Entrar como vendedor'. Paired tablets only (401).",
});

export const staffStatusOperation = defineOperation({
  name: 'LOJA_VENDEDOR',
  method: 'GET',
  answer: z.object({ vendedor: staffMember.nullable() }),
  doc: 'The staff member signed in on this tablet, or null (none, signed out, idle for 5 minutes). Paired tablets only (401).',
});

export const staffSignInOperation = defineOperation({
  name: 'LOJA_ENTRAR',
  method: 'POST',
  body: z.object({
    vendedor: idValue,
    pin: z
      .string({ error: 'Informe o PIN.' })
      .regex(new RegExp(`^\\d{${STAFF_PIN_LENGTH}}$`), `O PIN tem ${STAFF_PIN_LENGTH} dígitos.`),
  }),
  answer: z.object({ resposta: z.string(), vendedor: staffMember }),
  doc: [
    'Signs a staff member in on this tablet with their 6-digit PIN and sets the staff cookie',
    "(HttpOnly, separate from the customer's session). A wrong PIN: 401; five in a row lock that",
    'member for 15 minutes (429, even with the right PIN); a member of another store: 403.',
  ].join(' '),
});

export const staffSignOutOperation = defineOperation({
  name: 'LOJA_SAIR',
  method: 'POST',
  answer: z.object({ resposta: z.string() }),
  doc: "'Sair': ends the staff session of this tablet (the customer's session, if any, is left alone).",
});

export const storeDaySalesOperation = defineOperation({
  name: 'LOJA_VENDAS',
  method: 'GET',
  query: z.object({
    dia: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dia inválido: use AAAA-MM-DD.')
      .optional(),
  }),
  answer: z.object({
    dia: z.string(),
    loja: z.string(),
    pedidos: z.array(
      z.object({
        id: z.number().int(),
        hora: z.string(),
        canal: z.string(),
        vendedor: z.string().nullable(),
        status: z.string(),
        total: z.number(),
      }),
    ),
    vendedores: z.array(
      z.object({
        id: z.number().int().nullable(),
        nome: z.string(),
        pedidos: z.number().int(),
        total: z.number(),
      }),
    ),
    total: z.number(),
  }),
  doc: "The day's sales of the tablet's store (São Paulo day; today by default) with totals per seller, cancelled orders listed but not added. Managers (gerente) only: 403 for a seller.",
});
