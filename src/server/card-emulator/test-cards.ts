import type { RefusalCode } from '../services/payments/cards/provider';

// The emulator's named test cards (every one passes the Luhn check). Any other number of an accepted
// brand is approved. Expiry and CVV are free, except that a past expiry is refused as expired.

export type Scenario =
  | { kind: 'approve' }
  | { kind: 'refuse'; refusal: RefusalCode }
  | { kind: 'challenge'; passes: boolean }
  | { kind: 'review'; approves: boolean }
  | { kind: 'error' }
  | { kind: 'timeout' };

export interface TestCard {
  number: string;
  name: string;
  scenario: Scenario;
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4111111111111111', name: 'aprovado (Visa)', scenario: { kind: 'approve' } },
  { number: '5555555555554444', name: 'aprovado (Mastercard)', scenario: { kind: 'approve' } },
  {
    number: '4000000000000002',
    name: 'recusado pelo emissor',
    scenario: { kind: 'refuse', refusal: 'issuer' },
  },
  {
    number: '4000000000009995',
    name: 'saldo ou limite insuficiente',
    scenario: { kind: 'refuse', refusal: 'insufficient-funds' },
  },
  { number: '4000000000000127', name: 'CVV incorreto', scenario: { kind: 'refuse', refusal: 'cvv' } },
  { number: '4000000000000069', name: 'cartão vencido', scenario: { kind: 'refuse', refusal: 'expired' } },
  {
    number: '4000000000003220',
    name: 'autenticação 3-D Secure, depois aprovado',
    scenario: { kind: 'challenge', passes: true },
  },
  {
    number: '4000000000003212',
    name: 'autenticação 3-D Secure que falha',
    scenario: { kind: 'challenge', passes: false },
  },
  {
    number: '4000000000000259',
    name: 'em análise, depois aprovado',
    scenario: { kind: 'review', approves: true },
  },
  {
    number: '4000000000000267',
    name: 'em análise, depois recusado',
    scenario: { kind: 'review', approves: false },
  },
  { number: '4000000000000119', name: 'erro de processamento', scenario: { kind: 'error' } },
  {
    number: '4000000000000341',
    name: 'sem resposta (tempo esgotado), aprovado',
    scenario: { kind: 'timeout' },
  },
];

/** The code the emulator's 3-D Secure page asks for (it says so on the page). */
export const CHALLENGE_CODE = '1234';

export function scenarioOf(number: string): Scenario {
  return TEST_CARDS.find((card) => card.number === number)?.scenario ?? { kind: 'approve' };
}
