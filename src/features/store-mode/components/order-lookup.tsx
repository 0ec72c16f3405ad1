import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { callOperation } from '../../../api/client';
import { messageOf } from '../../../api/errors';
import { orderLookupOperation } from '../../../api/store-pickup';
import type { AnswerOf } from '../../../api/define';
import { CounterWithdrawal } from './counter-withdrawal';
import { OrderNumberInput } from './order-number-input';
import classes from './staff-screens.module.css';

type Found = AnswerOf<typeof orderLookupOperation>;

/**
 * 'Consultar pedido': a seller finds an order by number and the customer's CPF/CNPJ (status only),
 * and can withdraw the purchase for the customer there.
 */
export function OrderLookup() {
  const [number, setNumber] = useState('');
  const [document, setDocument] = useState('');
  const [found, setFound] = useState<Found | null>(null);
  // The CPF/CNPJ the order was found with: a withdrawal sends it, whatever the field holds since.
  const [foundWith, setFoundWith] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setFound(null);
    setPending(true);
    try {
      setFound(
        await callOperation(orderLookupOperation, { query: { pedido: number.trim(), documento: document } }),
      );
      setFoundWith(document);
    } catch (failure) {
      setError(messageOf(failure, 'Não foi possível consultar o pedido.'));
    } finally {
      setPending(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h3">
            Consultar pedido
          </Title>
          <Group grow align="flex-end" className={classes.fields}>
            <OrderNumberInput value={number} onChange={setNumber} />
            <TextInput
              label="CPF/CNPJ do cliente"
              value={document}
              onChange={(event) => setDocument(event.currentTarget.value)}
              autoComplete="off"
              classNames={{ wrapper: classes.touchInput }}
            />
            <Button type="submit" size="md" loading={pending} className={classes.touchButton}>
              Consultar
            </Button>
          </Group>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {found && (
            <Stack gap={4} role="status" aria-label={`Pedido ${found.id}`}>
              <Text fw={700}>
                Pedido {found.id}: {found.status}
                {found.retiradaEm ? ` · retirada na ${found.retiradaEm}` : ''}
              </Text>
              <List size="sm">
                {found.etapas.map((stage) => (
                  <List.Item key={stage.label}>
                    {stage.label}: {stage.current ? 'etapa atual' : stage.done ? 'concluída' : 'pendente'}
                  </List.Item>
                ))}
                {found.pronto && <List.Item>Pronto para retirada ({found.pronto.por ?? '-'})</List.Item>}
                {found.retirado && <List.Item>Retirado ({found.retirado.por ?? '-'})</List.Item>}
              </List>
              <CounterWithdrawal
                key={found.id}
                pedido={found.id}
                documento={foundWith}
                state={found.desistencia}
                onDone={(desistencia) => setFound({ ...found, desistencia })}
              />
            </Stack>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
