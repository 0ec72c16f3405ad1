import { Badge, Button, Group, List, Paper, Skeleton, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../../browser/toast';
import { paths } from '../../../config/paths';
import { addToCart, type CartProductInput } from '../../../storage/cart';
import { reservePickupAt } from '../../../storage/checkout-form';
import { messageOf } from '../../../api/errors';
import { stockAmountText, stockTimeText } from '../../../domain/store-stock';
import { useStoreStock } from '../api/get-store-stock';
import { useTablet } from '../api/tablet';

interface StoreStockPanelProps {
  idprd: number;
  multiploprdvenda: number | null;
  /** The product as the cart takes it, for 'Reservar na Loja X'. */
  product?: CartProductInput;
}

/**
 * On a paired tablet, the product page's stock per store: this store first ('Nesta loja: 12 cx
 * (26,40 m²)'), then the others, per lote for tiles. Offline it shows the downloaded figures and
 * their time ('estoque de 10:42'). Nothing for other shoppers, and nothing in server HTML.
 */
export function StoreStockPanel(props: StoreStockPanelProps) {
  const tablet = useTablet();
  if (!tablet) return null;
  return <StoreStockFigures {...props} ownStoreId={tablet.loja.id} />;
}

function StoreStockFigures({
  idprd,
  multiploprdvenda,
  product,
  ownStoreId,
}: StoreStockPanelProps & { ownStoreId: number }) {
  const stock = useStoreStock(idprd, ownStoreId);
  const navigate = useNavigate();
  const own = stock.data?.lojas.find((loja) => loja.id === ownStoreId);
  // Missing here, held by another store: the sale becomes a pickup there, its units taken from
  // that store's stock when the order is placed (src/server/services/store-stock.ts).
  const elsewhere =
    own && own.estoque === 0 && !stock.data?.offlineAt
      ? stock.data?.lojas.find((loja) => loja.id !== ownStoreId && loja.estoque > 0)
      : undefined;
  const reserve = async () => {
    if (!product || !elsewhere) return;
    await addToCart(product, { quantity: 1 });
    await reservePickupAt(elsewhere.id);
    toast.info(`Na finalização, a retirada na ${elsewhere.nome} já vem escolhida.`);
    void navigate(paths.cart);
  };
  const amount = (units: number) => stockAmountText(units, multiploprdvenda);
  return (
    <Paper withBorder radius="md" p="sm" aria-labelledby="estoque-lojas" data-testid="store-stock">
      <Group justify="space-between" gap="xs" mb={4}>
        <Title order={2} size="h5" id="estoque-lojas">
          Estoque nas lojas
        </Title>
        {stock.data?.offlineAt && (
          <Badge color="gray" variant="light">
            {stockTimeText(stock.data.offlineAt, new Date())}
          </Badge>
        )}
      </Group>
      {stock.isPending ? (
        <Skeleton h={60} aria-label="Carregando estoque" />
      ) : stock.isError ? (
        <Text size="sm" c="red.8">
          {messageOf(stock.error, 'Não foi possível ler o estoque das lojas.')}
        </Text>
      ) : (
        <List listStyleType="none" spacing={2} size="sm">
          {stock.data.lojas.map((loja) => {
            const own = loja.id === ownStoreId;
            return (
              <List.Item key={loja.id} fw={own ? 700 : 400}>
                {own ? 'Nesta loja' : loja.nome}: {amount(loja.estoque)}
                {own && loja.lotes.length > 0 && (
                  <List listStyleType="none" withPadding size="xs" fw={400}>
                    {loja.lotes.map((lote) => (
                      <List.Item key={lote.idlote}>
                        {lote.lote}: {amount(lote.estoque)}
                      </List.Item>
                    ))}
                  </List>
                )}
              </List.Item>
            );
          })}
          {stock.data.online !== null && (
            <List.Item c="dark.5">Loja online: {amount(stock.data.online)}</List.Item>
          )}
        </List>
      )}
      {product && elsewhere && (
        <Button mt="xs" size="md" color="teal.9" fullWidth onClick={() => void reserve()}>
          Reservar na {elsewhere.nome}
        </Button>
      )}
    </Paper>
  );
}
