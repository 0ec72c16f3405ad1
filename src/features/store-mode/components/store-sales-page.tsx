import { Alert, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { callOperation } from '../../../api/client';
import { messageOf } from '../../../api/errors';
import { usePageTitle } from '../../../hooks/use-page-title';
import { paths } from '../../../config/paths';
import { formatBRL, reaisToCentavos } from '../../../domain/money';
import { storeClockTime } from '../../../domain/store-calendar';
import { staffKeys, useForgetStaffOn401, useStaffMember } from '../api/staff';
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
  const member = useStaffMember();
  const manager = member?.papel === 'gerente';
  const sales = useQuery({
    queryKey: staffKeys.sales('hoje'),
    queryFn: async () =>
      callOperation((await import('../../../api/store-staff')).storeDaySalesOperation, { query: {} }),
    enabled: manager,
    retry: false,
  });
  useForgetStaffOn401(sales.error);

  if (!manager)
    return (
      <Stack maw={560} mx="auto">
        <Title order={1} size="h2">
          Vendas do dia
        </Title>
        <Alert color="teal" role="status">
          Somente o gerente da loja vê as vendas do dia. <Link to={paths.storeMode}>Entrar como gerente</Link>
        </Alert>
      </Stack>
    );
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
