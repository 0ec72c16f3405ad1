import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { messageOf } from '../../../api/errors';
import type { StoreReturn } from '../../../api/store-returns';
import { formatBRL } from '../../../domain/money';
import { formatStoreDateTime } from '../../../domain/store-calendar';
import { useCounterReturns, useReturnReceived } from '../api/returns';
import { CounterCard } from './counter-card';
import classes from './staff-screens.module.css';

// The returns left at this store by withdrawals (CDC art. 49), on the pickup counter: what the
// customer brings back, what stays with them (made to order), and 'Recebido' once the goods are
// here. The money already went back at the request: receiving them moves none.

function ReturnCard({ line }: { line: StoreReturn }) {
  const received = useReturnReceived();
  const [said, setSaid] = useState<string | null>(null);
  const receive = () =>
    received.mutate(line.pedido, {
      onSuccess: (answer) => setSaid(answer.resposta),
      onError: (failure) => setSaid(messageOf(failure, 'Não foi possível registrar o recebimento.')),
    });
  return (
    <CounterCard
      pedido={line.pedido}
      headingId={`devolucao-${line.pedido}`}
      headingOrder={3}
      subtitle={`${line.cliente} · desistência em ${formatStoreDateTime(line.solicitadaEm)}`}
      badge={line.recebida ? 'Recebida' : 'Aguardando os produtos'}
      badgeColor={line.recebida ? 'teal.9' : 'orange.9'}
    >
      <Text size="sm" mt="xs">
        Valor devolvido ao cliente: <span className={classes.money}>{formatBRL(line.valorCentavos)}</span>
      </Text>
      {line.excluidos.length > 0 && (
        <Text size="sm">Fica com o cliente (feito sob encomenda): {line.excluidos.join(', ')}</Text>
      )}
      {line.motivo && <Text size="sm">Motivo: {line.motivo}</Text>}
      {line.recebida ? (
        <Text size="xs" mt="xs">
          Recebida {line.recebida.por ? `por ${line.recebida.por} ` : ''}em{' '}
          {formatStoreDateTime(line.recebida.em)}
        </Text>
      ) : (
        <Group mt="sm" className={classes.actions}>
          <Button
            size="lg"
            color="teal.9"
            loading={received.isPending}
            onClick={receive}
            className={classes.touchButton}
          >
            Recebido
          </Button>
        </Group>
      )}
      {said && (
        <Text size="sm" mt="xs" role="status">
          {said}
        </Text>
      )}
    </CounterCard>
  );
}

/** 'Devoluções nesta loja': open ones first, then those received in the last days. */
export function CounterReturns() {
  const returns = useCounterReturns(true);
  const lines = returns.data ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="devolucoes-loja">
      <Title order={2} size="h3" id="devolucoes-loja">
        Devoluções nesta loja
      </Title>
      {returns.isError && (
        <Alert color="red" role="alert">
          {messageOf(returns.error, 'Não foi possível carregar as devoluções.')}
        </Alert>
      )}
      {returns.isSuccess && lines.length === 0 && <Text>Nenhuma devolução para receber nesta loja.</Text>}
      {lines.map((line) => (
        <ReturnCard key={line.pedido} line={line} />
      ))}
    </Stack>
  );
}
