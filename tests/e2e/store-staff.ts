import type { Page } from 'playwright-core';
import { visit } from './browser';
import { staffRequest } from './shopper';

// What the browser tests of store staff share: a tablet paired to a store, an employee added with
// their PIN (what `npm run store -- staff:add` prints), and that employee signing in on /loja.

/** Loja Taquaral, the store the staff tests pair their tablets to. */
export const STORE = { id: 2, name: 'Loja Taquaral' };

interface StaffMember {
  id: number;
  pin: string;
  nome: string;
}

/** Adds an employee of `STORE` (`staff:add`) and returns their id and PIN. */
export async function addStaff(nome: string, papel: 'vendedor' | 'gerente'): Promise<StaffMember> {
  const response = await staffRequest('POST', '/staff', { nome, loja: STORE.id, papel });
  return (await response.json()) as StaffMember;
}

/** Pairs the page's tablet to `STORE` with a code from `tablet:pair`, typed on /loja. */
export async function pair(page: Page): Promise<void> {
  const response = await staffRequest('POST', '/tablets/pairing-codes', { loja: STORE.id });
  const { codigo } = (await response.json()) as { codigo: string };
  await visit(page, '/loja');
  await page.getByLabel('Código de pareamento').fill(codigo);
  await page.getByRole('button', { name: 'Parear tablet' }).click();
  await page.getByText(`Tablet pareado à ${STORE.name}`).waitFor();
}

/** On /loja of a paired tablet: the employee's name, the PIN and 'Entrar'. */
export async function staffSignIn(page: Page, staff: { nome: string; pin: string }): Promise<void> {
  await visit(page, '/loja');
  await page.getByRole('radio', { name: staff.nome }).check();
  await page.getByLabel('PIN', { exact: true }).fill(staff.pin);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}
