import { useEffect } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { ordersFoundLabel } from '../../../domain/texts';
import { useOrders } from '../api/get-orders';
import { useSessionExpiry } from '../lib/session-expiry';
import type { OrderActions } from './customer-area';
import { OrderCard } from './order-card';

export function OrdersTab({
  customerId,
  orderActions,
}: {
  customerId: number | undefined;
  orderActions?: OrderActions;
}) {
  const orders = useOrders(customerId);
  const expire = useSessionExpiry();
  useEffect(() => {
    if (orders.error) expire(orders.error);
  }, [orders.error, expire]);

  if (orders.isPending) return <Text c="dimmed">Carregando...</Text>;
  const list = orders.data ?? [];
  if (list.length === 0) {
    return (
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3">
          Nenhum pedido encontrado
        </Title>
        <Button component={Link} to={paths.home}>
          Começar a Comprar
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Text fw={500} role="status">
        {ordersFoundLabel(list.length)}
      </Text>
      {list.map((order) => (
        <OrderCard key={order.id} order={order} actions={orderActions?.(order)} />
      ))}
    </Stack>
  );
}
