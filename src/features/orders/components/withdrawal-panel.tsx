import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Radio.css';
import { useState } from 'react';
import { Alert, Button, Group, Modal, NativeSelect, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { messageOf } from '../../../api/errors';
import type { OrderDetail } from '../../../api/orders';
import type { ReturnMode, WithdrawalState } from '../../../api/withdrawal';
import { formatStoreDate, formatStoreDateTime } from '../../../domain/store-calendar';
import { PHYSICAL_STORES } from '../../../domain/store';
import { formatBRL, reaisToCentavos } from '../../../domain/money';
import { partialWithdrawalText, WITHDRAWAL_DAYS } from '../../../domain/withdrawal';
import { OnlineOnlyButton } from '../../../components/online-only-button';
import { WithdrawalReasonField } from '../../../components/withdrawal-reason-field';
import { useWithdrawOrder } from '../api/withdraw-order';

// 'Desistir da compra' (CDC art. 49, Decreto 7.962/2013 art. 5): the same means as the purchase,
// on the order's page. The server decides whether it is still possible and says why not.

const ExcludedItems = ({ names }: { names: string[] }) =>
  names.length ? (
    <Text size="sm">
      Feitos sob encomenda, sem direito de desistência: <strong>{names.join(', ')}</strong>.
    </Text>
  ) : null;

/** What goes back: everything paid, or, when a return leaves items made to order, the others' share. */
function refundWords(state: WithdrawalState): string {
  const isReturn = (state.pedido?.tipo ?? state.tipo) === 'devolucao';
  return isReturn && state.excluidos.length && state.valor !== null
    ? partialWithdrawalText(formatBRL(reaisToCentavos(state.valor)), state.excluidos)
    : 'O valor pago, frete incluído, volta pela mesma forma de pagamento.';
}

function RequestMade({
  state,
  request,
}: {
  state: WithdrawalState;
  request: NonNullable<WithdrawalState['pedido']>;
}) {
  const back = request.devolucao;
  return (
    <Alert color="blue" variant="light" title="Desistência registrada">
      Recebemos o seu pedido de desistência em {formatStoreDateTime(request.em)}.{' '}
      {request.tipo === 'cancelamento'
        ? 'O pedido foi cancelado.'
        : back?.modo === 'loja' && back.loja
          ? `Deixe os produtos na ${back.loja.nome}.`
          : 'Vamos buscar os produtos no endereço de entrega e avisaremos a data da coleta.'}{' '}
      {refundWords(state)}
      {back?.recebidaEm ? ` Recebemos os produtos em ${formatStoreDateTime(back.recebidaEm)}.` : ''}
    </Alert>
  );
}

function ConfirmWithdrawal({ order, onClose }: { order: OrderDetail; onClose: () => void }) {
  const withdraw = useWithdrawOrder(order.id);
  const state = order.desistencia;
  const isReturn = state?.tipo === 'devolucao';
  const [reason, setReason] = useState('');
  const [mode, setMode] = useState<ReturnMode>(order.shipping.loja ? 'loja' : 'coleta');
  const [store, setStore] = useState<string | null>(
    order.shipping.loja ? String(order.shipping.loja.id) : null,
  );
  const submit = () =>
    withdraw.mutate(
      {
        pedido: order.id,
        motivo: reason.trim() || undefined,
        devolucao: isReturn ? { modo: mode, loja: mode === 'loja' ? Number(store) : undefined } : undefined,
      },
      { onSuccess: onClose },
    );
  return (
    <Stack gap="sm">
      <Text size="sm">
        {!isReturn
          ? 'O pedido será cancelado e devolveremos tudo o que foi pago, frete incluído, pela mesma forma de pagamento.'
          : state?.excluidos.length
            ? `${refundWords(state)} Abriremos a devolução dos demais produtos.`
            : 'Vamos devolver tudo o que foi pago, frete incluído, pela mesma forma de pagamento, e abrir a devolução dos produtos.'}
      </Text>
      {isReturn ? (
        <Radio.Group
          label="Como devolver os produtos"
          value={mode}
          onChange={(value) => setMode(value as ReturnMode)}
        >
          <Stack gap={6} mt={6}>
            <Radio value="coleta" label="Coletar no endereço de entrega" />
            <Radio value="loja" label="Deixar em uma loja" />
          </Stack>
        </Radio.Group>
      ) : null}
      {isReturn && mode === 'loja' ? (
        <NativeSelect
          label="Loja"
          data={[
            { value: '', label: 'Escolha a loja' },
            ...PHYSICAL_STORES.map((entry) => ({ value: String(entry.id), label: entry.name })),
          ]}
          value={store ?? ''}
          onChange={(event) => setStore(event.currentTarget.value || null)}
        />
      ) : null}
      <WithdrawalReasonField value={reason} onChange={setReason} />
      {withdraw.isError ? (
        <Alert color="red" variant="light" role="alert">
          {messageOf(withdraw.error, 'Não foi possível registrar a desistência. Tente novamente.')}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Voltar
        </Button>
        <OnlineOnlyButton
          color="red.8"
          loading={withdraw.isPending}
          disabled={isReturn && mode === 'loja' && !store}
          onClick={submit}
        >
          Confirmar desistência
        </OnlineOnlyButton>
      </Group>
    </Stack>
  );
}

/** The button while the law allows it; the request once made; or why it is gone. */
export function WithdrawalPanel({ order }: { order: OrderDetail }) {
  const [open, setOpen] = useState(false);
  const state = order.desistencia;
  if (!state) return null;
  if (state.pedido) return <RequestMade state={state} request={state.pedido} />;
  if (!state.disponivel)
    return state.motivo ? (
      <Alert color="gray" variant="light" title="Desistência da compra">
        {state.motivo}
      </Alert>
    ) : null;
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="xs">
        Desistência da compra
      </Title>
      <Stack gap="xs">
        <Text size="sm">
          {state.prazo
            ? `Você pode desistir da compra até ${formatStoreDate(state.prazo)}, ${WITHDRAWAL_DAYS} dias após o recebimento (CDC art. 49).`
            : state.tipo === 'cancelamento'
              ? 'O pedido ainda não foi enviado: você pode cancelá-lo.'
              : `Você pode desistir da compra até ${WITHDRAWAL_DAYS} dias após o recebimento (CDC art. 49).`}
        </Text>
        <ExcludedItems names={state.excluidos} />
        <Group>
          <Button color="red.8" variant="outline" onClick={() => setOpen(true)}>
            Desistir da compra
          </Button>
        </Group>
      </Stack>
      <Modal opened={open} onClose={() => setOpen(false)} title="Desistir da compra?" centered>
        <ConfirmWithdrawal order={order} onClose={() => setOpen(false)} />
      </Modal>
    </Paper>
  );
}
