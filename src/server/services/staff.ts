import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { STAFF_ROLES } from '../../api/store-staff';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { refuse } from './domain-error';
import { hashPassword } from './passwords';
import { storeById } from './tablets';

// Store staff as the manager's command line sees them (npm run store -- staff:*): a PIN is made
// here, printed once by the command and kept only as its scrypt hash.

export type StaffRole = (typeof STAFF_ROLES)[number];
export const PIN_LENGTH = 6;

export interface StaffListing {
  id: number;
  nome: string;
  loja: number;
  lojaNome: string;
  papel: StaffRole;
  bloqueadoAte: string | null;
}

interface StaffRow {
  id: number;
  store_id: number;
  name: string;
  role: StaffRole;
  locked_until: Date | string | null;
}

const listing = (row: StaffRow): StaffListing => ({
  id: Number(row.id),
  nome: row.name,
  loja: Number(row.store_id),
  lojaNome: storeById(Number(row.store_id)).name,
  papel: row.role,
  bloqueadoAte:
    row.locked_until && new Date(row.locked_until).getTime() > Date.now()
      ? new Date(row.locked_until).toISOString()
      : null,
});

/** Six random digits, leading zeros kept. */
function newPin(): string {
  return String(randomInt(10 ** PIN_LENGTH)).padStart(PIN_LENGTH, '0');
}

export async function addStaff(
  db: Db,
  input: { nome: string; loja: number; papel: StaffRole },
): Promise<StaffListing & { pin: string }> {
  const store = storeById(input.loja);
  const nome = input.nome.trim().replace(/\s+/g, ' ');
  if (!nome || nome.length > 60)
    throw refuse('invalid', 'Informe o nome (até 60 caracteres): --nome "Ana Souza".');
  const pin = newPin();
  const [row] = await queryRows<StaffRow>(
    db,
    sql`INSERT INTO store_staff (store_id, name, role, pin_hash)
        VALUES (${store.id}, ${nome}, ${input.papel}, ${await hashPassword(pin)})
        RETURNING id, store_id, name, role, locked_until`,
  );
  return { ...listing(row), pin };
}

export async function listStaff(db: Db, storeId?: number): Promise<StaffListing[]> {
  const rows = await queryRows<StaffRow>(
    db,
    sql`SELECT id, store_id, name, role, locked_until FROM store_staff WHERE removed_at IS NULL
        ${storeId ? sql`AND store_id = ${storeId}` : sql``} ORDER BY store_id, name, id`,
  );
  return rows.map(listing);
}

/** A new PIN (the old one stops working), the lock lifted, the member's tablet sessions ended. */
export async function resetPin(db: Db, id: number): Promise<StaffListing & { pin: string }> {
  const pin = newPin();
  const pinHash = await hashPassword(pin);
  const row = await db.transaction(async (tx) => {
    const [updated] = await queryRows<StaffRow>(
      tx,
      sql`UPDATE store_staff SET pin_hash = ${pinHash}, failed_pins = 0, locked_until = NULL
          WHERE id = ${id} AND removed_at IS NULL RETURNING id, store_id, name, role, locked_until`,
    );
    if (updated) await tx.execute(sql`DELETE FROM staff_sessions WHERE staff_id = ${id}`);
    return updated;
  });
  if (!row) throw refuse('not-found', `Funcionário ${id} não encontrado.`);
  return { ...listing(row), pin };
}

/** Kept for the sales already credited to them; no longer signs in. */
export async function removeStaff(db: Db, id: number): Promise<StaffListing> {
  const row = await db.transaction(async (tx) => {
    const [updated] = await queryRows<StaffRow>(
      tx,
      sql`UPDATE store_staff SET removed_at = now() WHERE id = ${id} AND removed_at IS NULL
          RETURNING id, store_id, name, role, locked_until`,
    );
    if (updated) await tx.execute(sql`DELETE FROM staff_sessions WHERE staff_id = ${id}`);
    return updated;
  });
  if (!row) throw refuse('not-found', `Funcionário ${id} não encontrado.`);
  return listing(row);
}
