import { Alert, Stack, Text, Title } from '@mantine/core';
import { callOperation } from '../../../api/client';
import { messageOf } from '../../../api/errors';
import { usePageTitle } from '../../../hooks/use-page-title';
import { formatBRL, reaisToCentavos } from '../../../domain/money';
import { storeClockTime } from '../../../domain/store-calendar';
import { staffKeys, useManagerQuery } from '../api/staff';
import { ManagerOnly } from './manager-only';
import { StaffTable } from './staff-table';
import classes from './staff-screens.module.css';

/** The answer's totals are in reais (the wire's money, docs/decisions/006-money-on-the-wire.md). */
const money = (reais: number) => formatBRL(reaisToCentavos(reais));

/** A sum of money on one line ('R$ 179,80' not broken at its space). */
function Money({ reais }: { reais: number }) {
  return <span className={classes.money}>{money(reais)}</span>;
}

/** /loja/vendas: the store's sales today with totals per seller, for the manager (gerente). */
export function StoreSalesPage() {
  usePageTitle('Vendas do dia');
  const { manager, query: sales } = useManagerQuery(staffKeys.sales('hoje'), async () =>
    callOperation((await import('../../../api/store-staff')).storeDaySalesOperation, { query: {} }),
  );
  if (!manager)
    return <ManagerOnly title="Vendas do dia" message="Somente o gerente da loja vê as vendas do dia." />;
  const day = sales.data;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Vendas do dia{day ? ` · ${day.loja}` : ''}
      </Title>
      {sales.isPending && <Text>Carregando as vendas…</Text>}
      {sales.isError && (
        <Alert color="red" role="alert">
          {messageOf(sales.error, 'Não foi possível carregar as vendas.')}
        </Alert>
      )}
      {day && (
        <>
          <Text fw={700}>
            {day.pedidos.length} pedido(s) · total {money(day.total)} (só pedidos pagos)
          </Text>
          <Title order={2} size="h3">
            Por vendedor
          </Title>
          <StaffTable
            label="Vendas por vendedor"
            columns={['Vendedor', 'Pedidos', 'Total']}
            rows={day.vendedores.map((seller) => ({
              key: seller.id ?? 'none',
              cells: [seller.nome, seller.pedidos, <Money key="total" reais={seller.total} />],
            }))}
          />
          <Title order={2} size="h3">
            Pedidos
          </Title>
          {day.pedidos.length === 0 ? (
            <Text>Nenhuma venda hoje nesta loja.</Text>
          ) : (
            <StaffTable
              label="Pedidos do dia"
              columns={['Pedido', 'Hora', 'Vendedor', 'Status', 'Total']}
              rows={day.pedidos.map((order) => ({
                key: order.id,
                cells: [
                  order.id,
                  storeClockTime(new Date(order.hora)),
                  order.vendedor ?? '-',
                  order.status,
                  <Money key="total" reais={order.total} />,
                ],
              }))}
            />
          )}
        </>
      )}
    </Stack>
  );
}
