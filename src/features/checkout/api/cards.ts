import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../api/client';
import { cardInstallmentsOperation, cardSetupOperation } from '../../../api/cards';
import { cardChallengeOperation } from '../../../api/place-order';

// The card provider as the checkout sees it: the fields' page to frame, and the instalment plans it
// quotes for the card typed there (by its BIN) and the order's total.

const cardKeys = {
  setup: ['checkout', 'card', 'setup'] as const,
  plans: (bin: string, totalReais: number) => ['checkout', 'card', 'plans', bin, totalReais] as const,
};

export const cardSetupQueryOptions = () =>
  queryOptions({
    queryKey: cardKeys.setup,
    queryFn: () => callOperation(cardSetupOperation),
    staleTime: Infinity,
  });

export function useCardSetup() {
  return useQuery(cardSetupQueryOptions());
}

export function useCardPlans(bin: string | null, totalReais: number) {
  return useQuery({
    queryKey: cardKeys.plans(bin ?? '', totalReais),
    queryFn: async () =>
      (await callOperation(cardInstallmentsOperation, { query: { bin: bin!, valor: totalReais } })).parcelas,
    enabled: bin !== null && totalReais > 0,
    staleTime: 5 * 60 * 1000,
  });
}

/** What the provider's script gave when the shopper finished its challenge (Adyen's state.data). */
export interface ChallengeAnswer {
  detalhes: Record<string, string>;
  paymentData?: string;
}

/** CARTAO_DESAFIO: the challenge's answer for the order of this checkout (its movement value). */
export function sendChallengeAnswer(mov: string, answer: ChallengeAnswer) {
  return callOperation(cardChallengeOperation, { body: { mov, ...answer } });
}
