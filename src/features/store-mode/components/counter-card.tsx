import { Badge, Card, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  pedido: number;
  /** The heading's id, which names the card ('retirada-N', 'devolucao-N'). */
  headingId: string;
  headingOrder: 2 | 3;
  /** Who and when: 'Ana Souza · pago em ...'. */
  subtitle: string;
  badge: string;
  badgeColor: string;
  children: ReactNode;
}

/** A card of the pickup counter (a pickup, a return): 'Pedido N', who and when, its state, its body. */
export function CounterCard({
  pedido,
  headingId,
  headingOrder,
  subtitle,
  badge,
  badgeColor,
  children,
}: Props) {
  return (
    <Card withBorder radius="md" p="md" component="article" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={headingOrder} size="h4" id={headingId}>
            Pedido {pedido}
          </Title>
          <Text size="sm">{subtitle}</Text>
        </div>
        <Badge size="lg" color={badgeColor} variant="filled">
          {badge}
        </Badge>
      </Group>
      {children}
    </Card>
  );
}
