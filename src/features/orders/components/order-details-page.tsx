import { useEffect, useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { isApiError, messageOf } from '../../../api/errors';
import type { OrderDetail } from '../../../api/orders';
import { paths } from '../../../config/paths';
import { addressLine } from '../../../domain/address';
import { formatCep } from '../../../domain/cep';
import { formatBRL, reaisToCentavos } from '../../../domain/money';
import { STATUS_AWAITING_PAYMENT, STATUS_CANCELLED, TRACKER_STAGES } from '../../../domain/order-tracker';
import { freightLabel } from '../../../domain/shipping';
import {
  formatIsoDate,
  formatStoreDate,
  formatStoreDateTime,
  isIsoDate,
} from '../../../domain/store-calendar';
import { trackingUrl } from '../../../domain/store';
import { clearCart } from '../../../storage/cart';
import { useIsSignedIn } from '../../../storage/customer-session';
import { readSessionJson, writeSession } from '../../../storage/session-keys';
import { useOrder } from '../api/get-order';
import { OnlineOnlyButton } from '../../../components/online-only-button';
import { OrderAlerts } from './order-alerts';
import { RefundNotices } from '../../../components/refund-notices';
import { PickupStatus } from '../../../components/pickup-status';
import { OrderItems } from './order-items';
import { OrderTotals } from './order-totals';
import { WithdrawalPanel } from './withdrawal-panel';

const brl = (reais: number) => formatBRL(reaisToCentavos(reais));

export const SIGN_IN_TO_SEE_ORDER = 'Entre na sua conta para ver este pedido.';

/** A calendar day ('2026-11-24') as it is; an instant (the order's date-time) on Brazil's calendar. */
function dayText(text: string | null | undefined): string | null {
  if (!text) return null;
  return isIsoDate(text) ? formatIsoDate(text) : formatStoreDate(text);
}

/** /detalhes_pedido/:id, /pedido_confirmado/:id and /rastreio: one screen for all three. */
/** One of the order's side cards ('Entrega', 'Pagamento'): its title, the method in bold, the rest. */
function DetailCard({ title, method, children }: { title: string; method: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      <Text size="sm" fw={600}>
        {method}
      </Text>
      {children}
    </Paper>
  );
}

export function OrderDetailsPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const raw = params.id ?? search.get('id') ?? '';
  const id = Number(raw);
  if (!raw || !Number.isInteger(id) || id <= 0) return <OrderLookup />;
  return <OrderDetails id={id} />;
}

function OrderLookup() {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  return (
    <Paper withBorder radius="md" p="md" maw={480} mx="auto">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const digits = value.replace(/\D/g, '');
          if (digits) navigate(paths.orderDetails(digits));
        }}
      >
        <Stack gap="sm">
          <Title order={1} size="h3">
            Acompanhe seu pedido
          </Title>
          <TextInput
            label="Número do pedido"
            inputMode="numeric"
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
          />
          <OnlineOnlyButton type="submit" color="red.8" disabled={!value.replace(/\D/g, '')}>
            Consultar
          </OnlineOnlyButton>
        </Stack>
      </form>
    </Paper>
  );
}

function OrderDetails({ id }: { id: number }) {
  const location = useLocation();
  const order = useOrder(id);
  // The banner greets a purchase just made (the checkout navigates here with novaCompra: true),
  // never an order opened later from a link, the list or a bookmark.
  const showBanner = (location.state as { novaCompra?: boolean } | null)?.novaCompra === true;
  const signedIn = useIsSignedIn();

  // The cart is emptied once the order it became is paid (also when the Pix was paid elsewhere); an
  // order bought from a quote was never the cart (the checkout left the cart alone), so it stays.
  const paid =
    order.data && order.data.status !== STATUS_AWAITING_PAYMENT && order.data.status !== STATUS_CANCELLED;
  useEffect(() => {
    if (!paid) return;
    const last = readSessionJson<{ idmov?: number; orcamento?: number | null } | null>('APP_0050', null);
    if (last?.idmov === id && !last.orcamento) void clearCart();
  }, [paid, id]);

  if (order.isPending) return <Text c="dimmed">Carregando...</Text>;
  if (order.isError) {
    const signedOut = isApiError(order.error) && order.error.status === 401;
    // Someone who never signed in here is asked to; a session that ended says so (the server's text).
    const message =
      signedOut && !signedIn
        ? SIGN_IN_TO_SEE_ORDER
        : messageOf(order.error, 'Não foi possível carregar o pedido.');
    return (
      <Stack align="center" gap="sm" py="xl">
        <Alert color={signedOut && !signedIn ? 'yellow' : 'red'} variant="light" role="alert" maw={520}>
          {message}
        </Alert>
        {signedOut ? (
          <Button
            component={Link}
            to={paths.login}
            color="red.8"
            onClick={() => writeSession('redirect', `${location.pathname}${location.search}`)}
          >
            Entrar
          </Button>
        ) : null}
        <Button component={Link} to={paths.home} variant="default">
          Continuar Comprando
        </Button>
      </Stack>
    );
  }
  return <OrderView order={order.data} showBanner={showBanner} />;
}

function OrderView({ order, showBanner }: { order: OrderDetail; showBanner: boolean }) {
  const { shipping, payment } = order;
  const address = shipping.address;
  const subtotal = order.subtotal ?? order.items.reduce((sum, item) => sum + item.total_item, 0);
  const estimate = dayText(shipping.estimate);
  const installmentText =
    payment.installments > 1 && payment.installmentValue
      ? `${payment.installments}x de ${brl(payment.installmentValue)}`
      : 'À vista';
  return (
    <Stack gap="md">
      {showBanner ? (
        <Alert color="green" variant="light" title="Pedido realizado com sucesso!">
          {order.status === STATUS_AWAITING_PAYMENT
            ? 'Seu pedido foi registrado e aguarda a confirmação do pagamento.'
            : 'Obrigado pela sua compra! Acompanhe o andamento em Meus Pedidos.'}
        </Alert>
      ) : null}
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          Pedido #{order.id}
        </Title>
        <Badge size="lg" color={order.status === STATUS_CANCELLED ? 'gray' : 'red.8'}>
          {order.status}
        </Badge>
      </Group>
      {order.date ? <Text c="dimmed">Realizado em {formatStoreDateTime(order.date)}</Text> : null}
      {order.status === STATUS_CANCELLED && order.motivo ? (
        <Alert color="gray" variant="light" title="Pedido cancelado">
          {order.motivo}
        </Alert>
      ) : null}
      <RefundNotices refunds={order.devolucoes} />
      <WithdrawalPanel order={order} />
      {/* Offered while there is still something to tell about the order. */}
      {order.status !== STATUS_CANCELLED && order.status !== TRACKER_STAGES.at(-1) ? <OrderAlerts /> : null}

      <OrderItems items={order.items} />

      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DetailCard title="Entrega" method={shipping.method}>
          <Text size="sm">Frete: {freightLabel(reaisToCentavos(shipping.price))}</Text>
          {estimate ? <Text size="sm">Previsão de entrega: {estimate}</Text> : null}
          {shipping.loja ? (
            <>
              <Text size="sm">Retirada na {shipping.loja.nome}</Text>
              <PickupStatus retirada={shipping.retirada} />
            </>
          ) : (
            <Text size="sm">
              {addressLine(address)}, CEP {formatCep(address.cep)}
            </Text>
          )}
          {order.rastreio ? (
            <Anchor href={trackingUrl(order.rastreio)} target="_blank" rel="noopener noreferrer" size="sm">
              Rastrear Pedido
            </Anchor>
          ) : null}
        </DetailCard>
        <DetailCard title="Pagamento" method={payment.method}>
          <Text size="sm">{installmentText}</Text>
          {payment.brand && payment.last4 ? (
            <Text size="sm">
              {payment.brand} final {payment.last4}
            </Text>
          ) : null}
          {payment.amount !== undefined ? (
            <Text size="sm">
              {order.status === STATUS_AWAITING_PAYMENT || order.status === STATUS_CANCELLED
                ? 'Valor'
                : 'Valor pago'}
              : {brl(payment.amount)}
            </Text>
          ) : null}
        </DetailCard>
      </SimpleGrid>

      <OrderTotals subtotal={subtotal} freight={shipping.price} total={order.total} />

      <Group>
        <Button component={Link} to={paths.customerArea} color="red.8">
          Meus Pedidos
        </Button>
        <Button component={Link} to={paths.home} variant="default">
          Continuar Comprando
        </Button>
      </Group>
    </Stack>
  );
}
