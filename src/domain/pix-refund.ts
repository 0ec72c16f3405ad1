import { storeDate } from './store-calendar';

// What the order page tells a shopper whose Pix the store gave back: a payment for an order that
// no longer wanted it (cancelled, already paid, or of another amount) is refunded whole.

export type RefundReason = 'cancelado' | 'duplicado' | 'valor-divergente';
export type RefundState = 'em-andamento' | 'devolvido' | 'nao-realizado';

export interface OrderRefund {
  motivo: RefundReason;
  status: RefundState;
  /** When the money went back, ISO 8601; null until then. */
  devolvidaEm: string | null;
}

const RECEIVED: Record<RefundReason, string> = {
  cancelado: 'Recebemos um pagamento PIX após o cancelamento deste pedido.',
  duplicado: 'Recebemos um segundo pagamento PIX deste pedido.',
  'valor-divergente': 'Recebemos um pagamento PIX com valor diferente do valor deste pedido.',
};

/** 'dd/mm' of an instant, in the store's time zone. */
function dayAndMonth(instant: string): string {
  const [, month, day] = storeDate(new Date(instant)).split('-');
  return `${day}/${month}`;
}

export function refundNotice(refund: OrderRefund): string {
  const then =
    refund.status === 'devolvido' && refund.devolvidaEm
      ? `Valor devolvido em ${dayAndMonth(refund.devolvidaEm)}.`
      : refund.status === 'nao-realizado'
        ? 'Não foi possível devolver o valor automaticamente: nossa equipe entrará em contato.'
        : 'A devolução do valor está em andamento.';
  return `${RECEIVED[refund.motivo]} ${then}`;
}
