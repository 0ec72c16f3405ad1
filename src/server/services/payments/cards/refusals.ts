import type { RefusalCode } from './provider';

// What the shopper reads when a card is refused, whatever provider said it.

export const CARD_UNAVAILABLE_MESSAGE =
  'Não foi possível processar o pagamento agora. Tente novamente em instantes.';

const REFUSAL_MESSAGES: Record<RefusalCode, string> = {
  issuer: 'Pagamento recusado pelo banco emissor. Use outro cartão ou pague com PIX.',
  'insufficient-funds':
    'Pagamento recusado: saldo ou limite insuficiente. Use outro cartão ou pague com PIX.',
  cvv: 'Pagamento recusado: código de segurança (CVV) incorreto.',
  expired: 'Pagamento recusado: cartão vencido.',
  'challenge-failed':
    'Pagamento recusado: a autenticação com o seu banco não foi concluída. Tente de novo ou use outro cartão.',
  fraud: 'Pagamento recusado pela análise do banco emissor. Use outro cartão ou pague com PIX.',
  processing: CARD_UNAVAILABLE_MESSAGE,
  other: 'Pagamento recusado. Use outro cartão ou pague com PIX.',
};

export function refusalMessage(code: string | null): string {
  return REFUSAL_MESSAGES[(code ?? 'other') as RefusalCode] ?? REFUSAL_MESSAGES.other;
}
