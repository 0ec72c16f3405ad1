import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { STAFF_ROLES } from '../../api/store-staff';
import { PHYSICAL_STORES, physicalStore } from '../../domain/store';
import type { Db } from '../db/client';
import { fail, validateInput } from '../http/operation';
import { addStaff, listStaff, removeStaff, resetPin } from '../services/staff';

// The staff commands of `npm run store` (src/server/cli-staff.ts), inside the admin scope of
// src/server/routes/admin.ts (loopback and the admin token already checked).

/** A store's number as the CLI gives it (`--loja N`): one of PHYSICAL_STORES. */
export const storeNumber = z.coerce
  .number()
  .int()
  .refine((id) => physicalStore(id) !== undefined);
export const STORE_NUMBER_RANGE = `de 1 a ${PHYSICAL_STORES.length}`;
const staffParams = z.object({ id: z.coerce.number().int().positive('Funcionário inválido.') });
const addBody = z.object({
  nome: z
    .string({ error: 'Informe o nome: --nome "Ana Souza".' })
    .trim()
    .min(1, 'Informe o nome: --nome "Ana Souza".')
    .max(60, 'Nome com até 60 caracteres.'),
  loja: storeNumber,
  papel: z.enum(STAFF_ROLES, { error: 'Informe o papel: --papel vendedor ou --papel gerente.' }),
});

/** `sales:day --vendedor ID`: the seller asked for, or undefined for all. */
export function sellerQuery(query: object): number | undefined {
  const raw = (query as { vendedor?: unknown }).vendedor;
  if (raw === undefined) return undefined;
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw fail(400, 'Vendedor inválido: use o número de staff:list.');
  return id;
}

export function staffAdminRoutes(scope: FastifyInstance, db: Db): void {
  scope.post('/staff', async (request) => {
    const body = validateInput(addBody, request.body ?? {});
    return addStaff(db, body);
  });
  scope.get<{ Querystring: { loja?: string } }>('/staff', async (request) => {
    const loja = request.query.loja === undefined ? undefined : storeNumber.safeParse(request.query.loja);
    if (loja && !loja.success) throw fail(400, `Loja inválida: ${STORE_NUMBER_RANGE}.`);
    return { equipe: await listStaff(db, loja?.data) };
  });
  scope.post('/staff/:id/reset-pin', async (request) => {
    const { id } = validateInput(staffParams, request.params);
    return resetPin(db, id);
  });
  scope.post('/staff/:id/remove', async (request) => {
    const { id } = validateInput(staffParams, request.params);
    return removeStaff(db, id);
  });
}
