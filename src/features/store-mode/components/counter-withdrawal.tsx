import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { messageOf } from '../../../api/errors';
import type { WithdrawalState } from '../../../api/withdrawal';
import { OnlineOnlyButton } from '../../../components/online-only-button';
import { WithdrawalReasonField } from '../../../components/withdrawal-reason-field';
import { formatBRL, reaisToCentavos } from '../../../domain/money';
import { formatStoreDate, formatStoreDateTime } from '../../../domain/store-calendar';
import { useCounterWithdrawal } from '../api/returns';
import classes from './staff-screens.module.css';

// 'Desistir da compra' at the counter, under the order found by 'Consultar pedido': the seller
// withdraws the purchase for the customer in front of them, with the shopper's own rules (the
// server decides, from the same state the order page shows).

interface Props {
  pedido: number;
  documento: string;
  state: WithdrawalState;
  onDone: (state: WithdrawalState) => void;
}

/** What the state says before the button, or why there is none. */
function stateText(state: WithdrawalState): string | null {
  if (state.pedido)
    return `Desistência registrada em ${formatStoreDateTime(state.pedido.em)}${
      state.pedido.devolucao?.recebidaEm ? '; produtos recebidos.' : '.'
    }`;
  if (!state.disponivel) return state.motivo;
  const amount = state.valor === null ? '' : ` Devolvemos ${formatBRL(reaisToCentavos(state.valor))}`;
  return state.tipo === 'cancelamento'
    ? `Ainda não enviado: a desistência cancela o pedido.${amount}${amount && ', frete incluído.'}`
    : `Desistência possível${state.prazo ? ` até ${formatStoreDate(state.prazo)}` : ''}: os produtos ficam nesta loja.${amount}${amount && '.'}`;
}

export function CounterWithdrawal({ pedido, documento, state, onDone }: Props) {
  const withdraw = useCounterWithdrawal();
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const [said, setSaid] = useState<string | null>(null);
  const text = stateText(state);
  const submit = () =>
    withdraw.mutate(
      { pedido, documento, motivo: reason.trim() || undefined },
      {
        onSuccess: (answer) => {
          setSaid(answer.resposta);
          setConfirming(false);
          onDone(answer.desistencia);
        },
      },
    );
  return (
    <Stack gap="xs" mt="xs">
      {text && <Text size="sm">{text}</Text>}
      {state.excluidos.length > 0 && (
        <Text size="sm">Feitos sob encomenda, ficam com o cliente: {state.excluidos.join(', ')}.</Text>
      )}
      {said && (
        <Alert color="teal" role="status">
          {said}
        </Alert>
      )}
      {state.disponivel && !confirming && (
        <Group className={classes.actions}>
          <Button
            color="red.8"
            variant="outline"
            size="md"
            onClick={() => setConfirming(true)}
            className={classes.touchButton}
          >
            Desistir da compra
          </Button>
        </Group>
      )}
      {state.disponivel && confirming && (
        <Stack gap="xs">
          <WithdrawalReasonField value={reason} onChange={setReason} />
          {withdraw.isError && (
            <Alert color="red" role="alert">
              {messageOf(withdraw.error, 'Não foi possível registrar a desistência.')}
            </Alert>
          )}
          <Group className={classes.actions}>
            <Button
              variant="default"
              size="md"
              onClick={() => setConfirming(false)}
              className={classes.touchButton}
            >
              Voltar
            </Button>
            <OnlineOnlyButton
              color="red.8"
              size="md"
              loading={withdraw.isPending}
              onClick={submit}
              className={classes.touchButton}
            >
              Confirmar desistência
            </OnlineOnlyButton>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
