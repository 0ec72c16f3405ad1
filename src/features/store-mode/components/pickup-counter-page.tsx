import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { messageOf } from '../../../api/errors';
import { PICKUP_DOCUMENT_DIGITS, type PickupOrder, type PickupStep } from '../../../api/store-pickup';
import { usePageTitle } from '../../../hooks/use-page-title';
import { usePickups, usePickupQueueSender, usePickupStep, useQueuedSteps } from '../api/pickups';
import { useForgetStaffOn401, useStaffMember } from '../api/staff';
import { useTablet } from '../api/tablet';
import { CounterReturns } from './counter-returns';
import { CounterCard } from './counter-card';
import { OrderLookup } from './order-lookup';
import { OrderNumberInput } from './order-number-input';
import { StaffOnly } from './staff-only';
import classes from './staff-screens.module.css';

const when = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    dateStyle: 'short',
    timeStyle: 'short',
  });

function stageOf(order: PickupOrder, queued: PickupStep[]): string {
  if (queued.length) return 'Na fila (sem conexão)';
  if (order.pronto) return 'Pronto para retirada';
  if (order.separacao) return 'Em separação';
  return 'Pago';
}

/** What a step's answer said under its order, and whether it only waits in the tablet's queue. */
interface Said {
  text: string;
  queued: boolean;
}

/** 'Retirado' asks the order number and the last digits of the customer's CPF/CNPJ first. */
function HandOverForm({ order, onDone }: { order: PickupOrder; onDone: (said: Said) => void }) {
  const step = usePickupStep();
  const [number, setNumber] = useState('');
  const [digits, setDigits] = useState('');
  // Each message under the field it is about; the server's refusal is about the digits.
  const [numberError, setNumberError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const numberWrong = number.trim() !== String(order.id);
    const digitsMissing = digits.length !== PICKUP_DOCUMENT_DIGITS;
    setNumberError(numberWrong ? 'O número do pedido não confere.' : null);
    setError(digitsMissing ? `Informe os ${PICKUP_DOCUMENT_DIGITS} últimos dígitos do CPF/CNPJ.` : null);
    if (numberWrong || digitsMissing) return;
    step.mutate(
      { pedido: order.id, passo: 'retirado', documento: digits },
      {
        onSuccess: (answer) => onDone({ text: answer.resposta, queued: answer.queued }),
        onError: (failure) => setError(messageOf(failure, 'Não foi possível registrar a retirada.')),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs" mt="sm">
        <Group grow align="flex-start" className={classes.fields}>
          <OrderNumberInput value={number} onChange={setNumber} error={numberError} />
          <TextInput
            label={`Últimos ${PICKUP_DOCUMENT_DIGITS} dígitos do CPF/CNPJ`}
            value={digits}
            onChange={(event) =>
              setDigits(
                event.currentTarget.value
                  .replace(/[^0-9A-Za-z]/g, '')
                  .toUpperCase()
                  .slice(0, PICKUP_DOCUMENT_DIGITS),
              )
            }
            autoComplete="off"
            error={error}
            classNames={{ wrapper: classes.touchInput }}
          />
        </Group>
        <Button type="submit" size="lg" loading={step.isPending} className={classes.touchButton}>
          Confirmar retirada
        </Button>
      </Stack>
    </form>
  );
}

function PickupCard({ order, queued }: { order: PickupOrder; queued: PickupStep[] }) {
  const step = usePickupStep();
  const [handingOver, setHandingOver] = useState(false);
  const [said, setSaid] = useState<Said | null>(null);
  const make = (passo: PickupStep) =>
    step.mutate(
      { pedido: order.id, passo },
      {
        onSuccess: (answer) => setSaid({ text: answer.resposta, queued: answer.queued }),
        onError: (failure) =>
          setSaid({ text: messageOf(failure, 'Não foi possível registrar o passo.'), queued: false }),
      },
    );
  // 'Sem conexão: o passo foi guardado…' holds while this order has steps in the queue; once they
  // are sent, the page's 'Passos enviados' tells how each went.
  const message = said && (!said.queued || queued.length > 0) ? said.text : null;
  const stage = stageOf(order, queued);
  return (
    <CounterCard
      pedido={order.id}
      headingId={`retirada-${order.id}`}
      headingOrder={2}
      subtitle={`${order.cliente} · pago em ${when(order.pagoEm)}`}
      badge={stage}
      badgeColor={order.pronto ? 'teal.9' : 'gray.8'}
    >
      <List size="sm" mt="xs">
        {order.itens.map((item, index) => (
          <List.Item key={index}>
            {item.quantidade} × {item.nome}
          </List.Item>
        ))}
      </List>
      {order.separacao && (
        <Text size="xs" mt="xs">
          Separação: {order.separacao.por ?? '-'} às {when(order.separacao.em)}
          {order.pronto && ` · Pronto: ${order.pronto.por ?? '-'} às ${when(order.pronto.em)}`}
        </Text>
      )}
      <Group gap="sm" mt="sm" className={classes.actions}>
        {!order.separacao && !queued.includes('separar') && (
          <Button
            size="lg"
            variant="outline"
            color="teal.9"
            loading={step.isPending}
            onClick={() => make('separar')}
            className={classes.touchButton}
          >
            Separar
          </Button>
        )}
        {!order.pronto && !queued.includes('pronto') && (
          <Button
            size="lg"
            color="teal.9"
            loading={step.isPending}
            onClick={() => make('pronto')}
            className={classes.touchButton}
          >
            Pronto para retirada
          </Button>
        )}
        {(order.pronto || queued.includes('pronto')) && !handingOver && (
          <Button size="lg" onClick={() => setHandingOver(true)} className={classes.touchButton}>
            Retirado
          </Button>
        )}
      </Group>
      {handingOver && <HandOverForm order={order} onDone={setSaid} />}
      {message && (
        <Text size="sm" mt="xs" role="status">
          {message}
        </Text>
      )}
    </CounterCard>
  );
}

/** /loja/retiradas: the paid pickup orders of this store, oldest first, for signed-in staff. */
export function PickupCounterPage() {
  usePageTitle('Retiradas');
  const tablet = useTablet();
  const member = useStaffMember();
  const pickups = usePickups(member !== null);
  const queue = useQueuedSteps();
  const sender = usePickupQueueSender(member !== null);
  useForgetStaffOn401(pickups.error);
  useForgetStaffOn401(sender.error);

  if (!tablet || !member)
    return (
      <StaffOnly title="Retiradas" what="as retiradas">
        {tablet && queue.length > 0 && (
          <Alert color="yellow" role="status">
            {queue.length} passo(s) guardado(s) neste tablet: serão enviados quando um vendedor entrar e
            voltar a esta tela.
          </Alert>
        )}
      </StaffOnly>
    );
  const orders = pickups.data ?? [];
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Retiradas · {tablet.loja.nome}
      </Title>
      {queue.length > 0 && (
        <Alert color="yellow" role="status">
          {queue.length} passo(s) guardado(s) sem conexão: serão enviados ao voltar a conexão.
        </Alert>
      )}
      {sender.sent.length > 0 && (
        <Alert color="teal" role="status" title="Passos enviados">
          {sender.sent.join(' ')}
        </Alert>
      )}
      <OrderLookup />
      {pickups.isPending && <Text>Carregando as retiradas…</Text>}
      {pickups.isError && (
        <Alert color="red" role="alert">
          {messageOf(pickups.error, 'Não foi possível carregar as retiradas.')}
        </Alert>
      )}
      {pickups.isSuccess && orders.length === 0 && <Text>Nenhum pedido aguardando retirada nesta loja.</Text>}
      {orders.map((order) => (
        <PickupCard
          key={order.id}
          order={order}
          queued={queue.filter((entry) => entry.pedido === order.id).map((entry) => entry.passo)}
        />
      ))}
      <CounterReturns />
    </Stack>
  );
}
