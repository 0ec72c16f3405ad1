import { Alert } from '@mantine/core';
import type { OrderDetail } from '../api/orders';
import { refundNotice } from '../domain/pix-refund';

/** A Pix or card payment the store gave back (or is giving back), told on the order's page and its card. */
export function RefundNotices({ refunds }: { refunds: OrderDetail['devolucoes'] }) {
  if (!refunds?.length) return null;
  return refunds.map((refund, index) => (
    <Alert
      key={index}
      color={refund.status === 'nao-realizado' ? 'orange' : 'blue'}
      variant="light"
      title={refund.cartao ? 'Estorno no cartão' : 'Devolução de pagamento PIX'}
    >
      {refundNotice(refund)}
    </Alert>
  ));
}
