import '@mantine/core/styles/Tabs.css';
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Grid, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { OrderListItem } from '../../../api/orders';
import { toast } from '../../../browser/toast';
import { paths } from '../../../config/paths';
import { isSignedIn, useCustomerRecord } from '../../../storage/customer-session';
import { useSessionValue, writeSession } from '../../../storage/session-keys';
import { useSignOut } from '../api/sign-out';
import { OrdersTab } from './orders-tab';
import { PasswordTab } from './password-tab';
import { PrivacyTab } from './privacy-tab';
import { ProfileTab } from './profile-tab';

export const SIGNED_OUT_MESSAGE = 'Você saiu da sua conta.';

const tabs = {
  pedidos: 'Meus Pedidos',
  perfil: 'Perfil do Usuário',
  senha: 'Alterar Senha',
  dados: 'Meus Dados',
} as const;
type TabKey = keyof typeof tabs;
const isTab = (value: string | null): value is TabKey => value !== null && value in tabs;

/** What the app puts on each order card beside 'Ver Detalhes' ('Comprar novamente'). */
export type OrderActions = (order: OrderListItem) => ReactNode;

/** Signed-in customers only; anyone else goes to /login and comes back here after. */
export function CustomerArea({ orderActions }: { orderActions?: OrderActions }) {
  const location = useLocation();
  const navigate = useNavigate();
  // Decided once on arrival: a sign-out or a lost session while here navigates by itself.
  const [allowed] = useState(() => isSignedIn());
  useEffect(() => {
    if (allowed) return;
    writeSession('redirect', `${location.pathname}${location.search}`);
    navigate(paths.login, { replace: true });
  }, [allowed, location.pathname, location.search, navigate]);
  return allowed ? <CustomerAreaScreen orderActions={orderActions} /> : null;
}

function CustomerAreaScreen({ orderActions }: { orderActions?: OrderActions }) {
  const [params, setParams] = useSearchParams();
  const aba = params.get('aba');
  const tab: TabKey = isTab(aba) ? aba : 'pedidos';
  const record = useCustomerRecord();
  const nome = useSessionValue('nome') ?? record?.nome ?? '';
  const id = Number(useSessionValue('id'));
  const customerId = Number.isInteger(id) && id > 0 ? id : undefined;
  const navigate = useNavigate();
  const signOut = useSignOut();

  function leave() {
    signOut.mutate(undefined, {
      onSettled: () => {
        toast.success(SIGNED_OUT_MESSAGE);
        navigate(paths.home, { replace: true });
      },
    });
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Minha Conta
      </Title>
      <Tabs
        value={tab}
        onChange={(value) => setParams(value && value !== 'pedidos' ? { aba: value } : {})}
        orientation="vertical"
        variant="pills"
        keepMounted={false}
      >
        <Grid gap="lg" w="100%">
          <Grid.Col span={{ base: 12, sm: 4, md: 3 }}>
            <Paper withBorder radius="md" p="md" component="nav" aria-label="Minha conta">
              <Stack gap="sm">
                <div>
                  <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                    {nome}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {record?.email}
                  </Text>
                </div>
                <Tabs.List w="100%">
                  {Object.entries(tabs).map(([key, label]) => (
                    <Tabs.Tab key={key} value={key}>
                      {label}
                    </Tabs.Tab>
                  ))}
                </Tabs.List>
                <Button component={Link} to={paths.workLists} variant="subtle" justify="flex-start">
                  Listas da obra
                </Button>
                <Button component={Link} to={paths.quotes} variant="subtle" justify="flex-start">
                  Meus Orçamentos
                </Button>
                <Button
                  variant="subtle"
                  color="red"
                  justify="flex-start"
                  onClick={leave}
                  loading={signOut.isPending}
                >
                  Sair da Conta
                </Button>
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8, md: 9 }}>
            <Tabs.Panel value="pedidos">
              <OrdersTab customerId={customerId} orderActions={orderActions} />
            </Tabs.Panel>
            <Tabs.Panel value="perfil">
              <ProfileTab customerId={customerId} />
            </Tabs.Panel>
            <Tabs.Panel value="senha">
              <PasswordTab customerId={customerId} />
            </Tabs.Panel>
            <Tabs.Panel value="dados">
              <PrivacyTab />
            </Tabs.Panel>
          </Grid.Col>
        </Grid>
      </Tabs>
    </Stack>
  );
}
