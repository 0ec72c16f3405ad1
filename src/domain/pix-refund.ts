import { formatBRL } from './money';
import { storeDate } from './store-calendar';

// What the order page tells a shopper whose Pix the store gave back: a payment for an order that
// no longer wanted it (cancelled, already paid, or of another amount) is refunded whole; a line
// removed after payment (out of stock) is refunded by its value.

export type RefundReason = 'cancelado' | 'duplicado' | 'valor-divergente' | 'desistencia' | 'item-removido';
export type RefundState = 'em-andamento' | 'devolvido' | 'nao-realizado';

export interface OrderRefund {
  valor?: number;
  motivo: RefundReason;
  /** A card refund: the card ('Visa final 1111'), how, and the plan's instalments. */
  cartao?: { descricao: string; como: 'cancelamento' | 'estorno'; parcelas: number };
  status: RefundState;
  /** When the money went back, ISO 8601; null until then. */
  devolvidaEm: string | null;
}

const RECEIVED: Record<RefundReason, string> = {
  cancelado: 'Recebemos um pagamento PIX após o cancelamento deste pedido.',
  duplicado: 'Recebemos um segundo pagamento PIX deste pedido.',
  'valor-divergente': 'Recebemos um pagamento PIX com valor diferente do valor deste pedido.',
  desistencia: 'Você desistiu da compra: devolvemos o pagamento PIX, frete incluído.',
  'item-removido': 'Um produto ficou sem estoque e foi retirado do pedido: devolvemos o valor dele no PIX.',
};

const LINE_REMOVED = 'Um produto ficou sem estoque e foi retirado do pedido. ';

/** 'dd/mm' of an instant, in the store's time zone. */
function dayAndMonth(instant: string): string {
  const [, month, day] = storeDate(new Date(instant)).split('-');
  return `${day}/${month}`;
}

function cardRefundNotice(refund: OrderRefund, card: NonNullable<OrderRefund['cartao']>): string {
  const amount = refund.valor === undefined ? 'O valor' : formatBRL(Math.round(refund.valor * 100));
  if (refund.status === 'nao-realizado')
    return `Não foi possível devolver ${amount} no cartão ${card.descricao} automaticamente: nossa equipe entrará em contato.`;
  if (refund.status !== 'devolvido' || !refund.devolvidaEm)
    return `Devolução de ${amount} no cartão ${card.descricao} em andamento.`;
  const day = dayAndMonth(refund.devolvidaEm);
  if (card.como === 'cancelamento')
    return `Cobrança de ${amount} no cartão ${card.descricao} cancelada em ${day}: nada será lançado na fatura.`;
  const parts = card.parcelas > 1 ? ` (todas as ${card.parcelas} parcelas)` : '';
  return (
    `Estornamos ${amount} no cartão ${card.descricao} em ${day}${parts}. ` +
    'O crédito aparece na fatura em até duas faturas, conforme o banco emissor.'
  );
}

export function refundNotice(refund: OrderRefund): string {
  if (refund.cartao)
    return (refund.motivo === 'item-removido' ? LINE_REMOVED : '') + cardRefundNotice(refund, refund.cartao);
  const then =
    refund.status === 'devolvido' && refund.devolvidaEm
      ? `Valor devolvido em ${dayAndMonth(refund.devolvidaEm)}.`
      : refund.status === 'nao-realizado'
        ? 'Não foi possível devolver o valor automaticamente: nossa equipe entrará em contato.'
        : 'A devolução do valor está em andamento.';
  return `${RECEIVED[refund.motivo]} ${then}`;
}
