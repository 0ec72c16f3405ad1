import '@mantine/core/styles/Table.css';
import { Anchor, Paper, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { OrderDetail } from '../../../api/orders';
import { paths } from '../../../config/paths';
import { formatBRL, reaisToCentavos } from '../../../domain/money';
import { linePriceText, lineQuantityText } from '../../../domain/quantity';

/**
 * The order's lines: a box item's quantity counts boxes ('2 cx (4,32 m²)') and its price is per m²,
 * read by the same rule as the checkout's summary (src/domain/quantity.ts).
 */
export function OrderItems({ items }: { items: OrderDetail['items'] }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="sm">
        Itens
      </Title>
      <Table.ScrollContainer minWidth={420}>
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
                  <Anchor component={Link} to={paths.product(item.idprd)} size="sm">
                    {item.name}
                  </Anchor>
                  {item.lote ? (
                    <Text size="xs" c="dimmed">
                      {item.lote}
                    </Text>
                  ) : null}
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
