import type { ReactNode } from 'react';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PAYMENT_METHOD_PIX, type OrderListItem } from '../../../api/orders';
import { paths } from '../../../config/paths';
import { STATUS_AWAITING_PAYMENT, STATUS_CANCELLED } from '../../../domain/order-tracker';
import { formatIsoDate, formatStoreDate, isIsoDate } from '../../../domain/store-calendar';
import { trackingUrl } from '../../../domain/store';
import { PickupStatus } from '../../../components/pickup-status';
import { RefundNotices } from '../../../components/refund-notices';
import { OrderTracker } from './order-tracker';
import { PendingPixPayment } from './pending-pix-payment';

/** A calendar day ('2026-11-24') as it is; an instant (the order's date-time) on Brazil's calendar. */
function dayText(text: string | null): string {
  if (!text) return 'A definir';
  return isIsoDate(text) ? formatIsoDate(text) : formatStoreDate(text);
}

export function OrderCard({ order, actions }: { order: OrderListItem; actions?: ReactNode }) {
  const titleId = `pedido-${order.id}`;
  const awaitingPix = order.status === STATUS_AWAITING_PAYMENT && order.paymentMethod === PAYMENT_METHOD_PIX;
  return (
    <Paper component="article" withBorder radius="md" p="md" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} size="h4" id={titleId}>
            Pedido #{order.id}
          </Title>
          {order.currentStepIndex < 0 && order.status ? (
            <Badge color={order.status === STATUS_CANCELLED ? 'gray' : 'yellow'} variant="light">
              {order.status}
            </Badge>
          ) : null}
        </Group>
        <Stack gap={2}>
          <Text size="sm">
            <strong>Data do pedido:</strong> {dayText(order.date)}
          </Text>
          <Text size="sm">
            <strong>Forma de pagamento:</strong> {order.paymentMethod}
          </Text>
          {awaitingPix ? (
            <Text size="sm">
              Pague o PIX para confirmar o pedido; a previsão de entrega vem com o pagamento.
            </Text>
          ) : order.status === STATUS_CANCELLED ? (
            <>
              {order.motivo ? (
                <Text size="sm">
                  <strong>Motivo:</strong> {order.motivo}
                </Text>
              ) : null}
              {order.substituidoPor ? (
                <Text size="sm">
                  Substituído pelo{' '}
                  <Anchor component={Link} to={paths.orderDetails(order.substituidoPor)}>
                    pedido #{order.substituidoPor}
                  </Anchor>
                  .
                </Text>
              ) : null}
            </>
          ) : order.retirada?.pronto || order.retirada?.retirado ? null : (
            <Text size="sm">
              <strong>Previsão de entrega:</strong> {dayText(order.deliveryDate)}
            </Text>
          )}
          {order.loja && order.status !== STATUS_CANCELLED ? (
            <>
              <Text size="sm">Retirada na {order.loja.nome}</Text>
              <PickupStatus retirada={order.retirada} />
            </>
          ) : null}
          {order.rastreio ? (
            <Text size="sm">
              <strong>Código de rastreio:</strong> {order.rastreio}{' '}
              <Anchor href={trackingUrl(order.rastreio)} target="_blank" rel="noopener noreferrer">
                Rastrear Pedido
              </Anchor>
            </Text>
          ) : null}
        </Stack>
        {awaitingPix ? <PendingPixPayment orderId={order.id} /> : null}
        <RefundNotices refunds={order.devolucoes} />
        {/* The tracker's stages are a delivery's: a picked-up or cancelled order has none ahead. */}
        {order.retirada?.retirado || order.status === STATUS_CANCELLED ? null : (
          <OrderTracker
            currentStepIndex={order.currentStepIndex}
            label={`Andamento do pedido #${order.id}`}
          />
        )}
        <Group justify="flex-end">
          {actions}
          <Button
            component={Link}
            to={paths.orderDetails(order.id)}
            // An order looked up later: the details screen leaves out the success banner.
            state={{ novaCompra: false }}
            variant="outline"
            size="sm"
            aria-label={`Ver Detalhes do pedido #${order.id}`}
          >
            Ver Detalhes
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
