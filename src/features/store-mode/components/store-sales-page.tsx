import '@mantine/core/styles/Table.css';
import { Alert, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { callOperation } from '../../../api/client';
import { messageOf } from '../../../api/errors';
import { usePageTitle } from '../../../hooks/use-page-title';
import { paths } from '../../../config/paths';
import { staffKeys, useForgetStaffOn401, useStaffMember } from '../api/staff';

const money = (value: number) => value.toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' });
const clock = (iso: string) =>
  new Date(iso).toLocaleTimeString('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    hour: '2-digit',
    minute: '2-digit',
  });

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
            {day.pedidos.length} pedido(s) · total {money(day.total)} (sem cancelados)
          </Text>
          <Title order={2} size="h3">
            Por vendedor
          </Title>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Vendedor</Table.Th>
                <Table.Th scope="col">Pedidos</Table.Th>
                <Table.Th scope="col">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {day.vendedores.map((seller) => (
                <Table.Tr key={seller.id ?? 'none'}>
                  <Table.Td>{seller.nome}</Table.Td>
                  <Table.Td>{seller.pedidos}</Table.Td>
                  <Table.Td>{money(seller.total)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Title order={2} size="h3">
            Pedidos
          </Title>
          {day.pedidos.length === 0 ? (
            <Text>Nenhuma venda hoje nesta loja.</Text>
          ) : (
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Pedido</Table.Th>
                  <Table.Th scope="col">Hora</Table.Th>
                  <Table.Th scope="col">Vendedor</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">Total</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {day.pedidos.map((order) => (
                  <Table.Tr key={order.id}>
                    <Table.Td>{order.id}</Table.Td>
                    <Table.Td>{clock(order.hora)}</Table.Td>
                    <Table.Td>{order.vendedor ?? '-'}</Table.Td>
                    <Table.Td>{order.status}</Table.Td>
                    <Table.Td>{money(order.total)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </>
      )}
    </Stack>
  );
}
