import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Divider, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import { messageOf } from '../../../api/errors';
import { toast } from '../../../browser/toast';
import { paths } from '../../../config/paths';
import { formatBRL, moneyToCentavos } from '../../../domain/money';
import { pixTotal, PIX_DISCOUNT_LABEL } from '../../../domain/payment-options';
import { freightLabel } from '../../../domain/shipping';
import { itemCountLabel } from '../../../domain/texts';
import {
  removeFromCart,
  setQuantity,
  useCartLines,
  useCartNotices,
  useCartShipping,
} from '../../../storage/cart';
import { cartSubtotalCentavos, cartUnitCount } from '../../../storage/cart-totals';
import type { CartLine, CartNotices, CartShipping } from '../../../storage/db';
import { useSessionValue, writeSession } from '../../../storage/session-keys';
import { CartFreight, refreshCartFreight } from './cart-freight';
import { CartLineItem } from './cart-line-item';
import { EmptyCart } from './empty-cart';

export const LOGIN_REDIRECT_MS = 5000;
export const LOGIN_NOTICE = 'Você será redirecionado para a página de Login para finaliza sua compra.';
export const NO_FREIGHT_NOTICE = 'Favor informe seu CEP e calcule o Frete.';
export const CHOOSE_SHIPPING_NOTICE = 'Selecione um método de envio para continuar';

/**
 * `staffActions`: what the store adds below the cart (the app puts it there): a tablet's hand-off,
 * a phone's 'Mostrar ao vendedor'. It stays mounted when the cart empties, so a hand-off's QR
 * dialog outlives the cart it emptied.
 */
export function CartPage({ staffActions }: { staffActions?: ReactNode } = {}) {
  return (
    <>
      <CartContent />
      {staffActions && (
        <Group justify="flex-end" mt="md">
          {staffActions}
        </Group>
      )}
    </>
  );
}

function CartContent() {
  const lines = useCartLines();
  const shipping = useCartShipping();
  const notices = useCartNotices();
  if (lines === undefined || shipping === undefined) {
    return <Text c="dimmed">Carregando...</Text>;
  }
  if (lines.length === 0) return <EmptyCart />;
  return <FilledCart lines={lines} shipping={shipping} notices={notices ?? {}} />;
}

interface FilledCartProps {
  lines: CartLine[];
  shipping: CartShipping | null;
  notices: CartNotices;
}

function FilledCart({ lines, shipping, notices }: FilledCartProps) {
  // The quoted freight depends on the lines: quote again after each change, quietly.
  async function requote(next: CartLine[]) {
    if (!shipping || next.length === 0) return;
    try {
      await refreshCartFreight(shipping.cep, next, shipping);
    } catch {
      // The old quote stays; the checkout quotes again with the full address anyway.
    }
  }

  async function changeQuantity(line: CartLine, quantity: number) {
    await setQuantity(line.id, quantity);
    await requote(lines.map((item) => (item.id === line.id ? { ...item, quantity } : item)));
  }

  async function remove(line: CartLine) {
    await removeFromCart(line.id);
    await requote(lines.filter((item) => item.id !== line.id));
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Meu Carrinho
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack
            gap="sm"
            component="ul"
            aria-label="Itens do carrinho"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {lines.map((line) => (
              <CartLineItem
                key={line.id}
                line={line}
                notice={notices[line.id]}
                onQuantity={changeQuantity}
                onRemove={remove}
              />
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <CartFreight lines={lines} shipping={shipping} />
            <CartSummary lines={lines} shipping={shipping} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function CartSummary({ lines, shipping }: { lines: CartLine[]; shipping: CartShipping | null }) {
  const navigate = useNavigate();
  const nome = useSessionValue('nome');
  const signedIn = (nome ?? '').trim() !== '';
  const [redirecting, setRedirecting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const subtotal = cartSubtotalCentavos(lines);
  const selected = shipping?.options.find((option) => option.id === shipping.selectedId) ?? null;
  const freight = selected ? moneyToCentavos(selected.price) : 0;
  const total = subtotal + freight;
  const mustChoose = !!shipping && shipping.options.length > 0 && !selected;

  function finish() {
    if (!signedIn) {
      if (redirecting) return;
      toast.info(LOGIN_NOTICE);
      writeSession('redirect', paths.checkout);
      setRedirecting(true);
      timer.current = setTimeout(() => navigate(paths.login), LOGIN_REDIRECT_MS);
      return;
    }
    if (!shipping || shipping.options.length === 0) {
      toast.warning(NO_FREIGHT_NOTICE);
      return;
    }
    if (!selected) return;
    try {
      navigate(paths.checkout);
    } catch (error) {
      toast.error(messageOf(error, 'Erro inesperado'));
    }
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="cart-summary-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="cart-summary-title">
          Resumo do pedido
        </Title>
        <Group justify="space-between">
          <Text size="sm">Subtotal ({itemCountLabel(cartUnitCount(lines))})</Text>
          <Text size="sm">{formatBRL(subtotal)}</Text>
        </Group>
        <Group justify="space-between">
          <Text size="sm">Frete</Text>
          <Text size="sm">{selected ? freightLabel(freight) : 'A calcular'}</Text>
        </Group>
        <Divider />
        <Group justify="space-between">
          <Text fw={700}>Total</Text>
          <Text fw={700}>{formatBRL(total)}</Text>
        </Group>
        <Text size="sm" c="dimmed" ta="right">
          ou {formatBRL(pixTotal(subtotal, freight))} no PIX ({PIX_DISCOUNT_LABEL})
        </Text>
        {mustChoose ? (
          <Alert color="yellow" variant="light" p="xs">
            {CHOOSE_SHIPPING_NOTICE}
          </Alert>
        ) : null}
        <Button size="md" color="red.8" onClick={finish} disabled={mustChoose}>
          Finalizar Compra
        </Button>
        <Button component={Link} to={paths.home} variant="default">
          Continuar Comprando
        </Button>
      </Stack>
    </Paper>
  );
}
