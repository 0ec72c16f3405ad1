import '@mantine/core/styles/Table.css';
import { Anchor, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { OrderDetail } from '../../../api/orders';
import { paths } from '../../../config/paths';
import { formatBRL, reaisToCentavos } from '../../../domain/money';
import { linePriceText, lineQuantityText } from '../../../domain/quantity';

type Item = OrderDetail['items'][number];

function ItemName({ item }: { item: Item }) {
  return (
    <>
      <Anchor component={Link} to={paths.product(item.idprd)} size="sm">
        {item.name}
      </Anchor>
      {item.lote ? (
        <Text size="xs" c="dimmed">
          {item.lote}
        </Text>
      ) : null}
    </>
  );
}

/** On a phone, one line per item with every figure labelled: four columns do not fit 390 px. */
function PhoneItems({ items }: { items: OrderDetail['items'] }) {
  return (
    <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} hiddenFrom="sm">
      {items.map((item) => (
        <Stack component="li" key={item.id} gap={2}>
          <ItemName item={item} />
          <Group gap="xs">
            <Text size="sm">
              Qtde: {lineQuantityText(item.quantity, item.multiploprdvenda, item.codundvenda)}
            </Text>
            <Text size="sm">Preço: {linePriceText(reaisToCentavos(item.price), item.multiploprdvenda)}</Text>
            <Text size="sm" fw={600}>
              Total: {formatBRL(reaisToCentavos(item.total_item))}
            </Text>
          </Group>
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * The order's lines: a box item's quantity counts boxes ('2 cx (4,32 m²)') and its price is per m²,
 * read by the same rule as the checkout's summary (src/domain/quantity.ts). A table from 576 px, a
 * labelled list on phones.
 */
export function OrderItems({ items }: { items: OrderDetail['items'] }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="sm">
        Itens
      </Title>
      <PhoneItems items={items} />
      <Table.ScrollContainer minWidth={420} visibleFrom="sm">
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Produto</Table.Th>
              <Table.Th>Qtde</Table.Th>
              <Table.Th>Preço</Table.Th>
              <Table.Th>Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>
                  <ItemName item={item} />
                </Table.Td>
                <Table.Td>
                  {lineQuantityText(item.quantity, item.multiploprdvenda, item.codundvenda)}
                </Table.Td>
                <Table.Td>{linePriceText(reaisToCentavos(item.price), item.multiploprdvenda)}</Table.Td>
                <Table.Td>{formatBRL(reaisToCentavos(item.total_item))}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
