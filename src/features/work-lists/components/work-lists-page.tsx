import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useIsSignedIn } from '../../../storage/customer-session';
import { writeSession } from '../../../storage/session-keys';
import { createWorkList, pullWorkLists, useWorkLists } from '../../../storage/work-lists';
import { ListNameField, useListName } from './list-name-field';
import { WorkListCard } from './work-list-card';

export const WORK_LISTS_TITLE = 'Listas da obra';

/** Signed in: what the outbox holds goes first, then the account's lists are read into the device. */
async function syncWithAccount(): Promise<void> {
  if (!navigator.onLine) return;
  const { replayOutbox } = await import('../../../storage/outbox');
  await replayOutbox();
  await pullWorkLists();
}

function NewListForm() {
  const field = useListName();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = field.checked();
    if (name !== null) void createWorkList(name).then(() => field.setName(''));
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Nova lista">
      <Group align="flex-start" gap="xs">
        <ListNameField field={field} label="Nome da nova lista" style={{ flex: '1 1 16rem' }} />
        <Button type="submit" mt={{ base: 0, xs: 25 }}>
          Criar lista
        </Button>
      </Group>
    </form>
  );
}

/**
 * /listas: the shopper's 'Listas da obra'. Signed out they are this device's; signed in, the
 * account's (read when the page opens), and the device's signed-out lists joined them at sign-in.
 */
export function WorkListsPage() {
  usePageTitle(WORK_LISTS_TITLE);
  const lists = useWorkLists();
  const signedIn = useIsSignedIn();
  const [syncFailed, setSyncFailed] = useState(false);
  useEffect(() => {
    if (!signedIn) return;
    let active = true;
    syncWithAccount().then(
      () => active && setSyncFailed(false),
      (error: unknown) => {
        console.warn('Não foi possível ler as listas da conta', error);
        if (active) setSyncFailed(true);
      },
    );
    return () => {
      active = false;
    };
  }, [signedIn]);

  return (
    <Stack gap="md" maw={860} mx="auto">
      <Title order={1} size="h2">
        {WORK_LISTS_TITLE}
      </Title>
      <Text>
        Guarde os materiais de cada obra com as quantidades, e mande a lista inteira para o carrinho quando
        for comprar: conferimos preço e estoque na hora.
      </Text>
      {signedIn ? null : (
        <Text size="sm" c="dark.5">
          Suas listas ficam neste aparelho.{' '}
          <Anchor
            component={Link}
            to={paths.login}
            underline="always"
            onClick={() => writeSession('redirect', paths.workLists)}
          >
            Entre na sua conta
          </Anchor>{' '}
          para guardá-las na conta e vê-las em outros aparelhos.
        </Text>
      )}
      {syncFailed ? (
        <Alert color="yellow" title="Não foi possível atualizar as listas da sua conta" role="alert">
          Mostramos as listas guardadas neste aparelho. Verifique sua conexão e volte a esta página.
        </Alert>
      ) : null}
      <NewListForm />
      {lists === undefined ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Carregando suas listas" />
        </Group>
      ) : lists.length === 0 ? (
        <Stack gap="xs" py="md">
          <Title order={2} size="h3">
            Você ainda não tem listas
          </Title>
          <Text>Crie uma lista acima e, na página de cada produto, toque em “Adicionar à lista”.</Text>
          <Group>
            <Button component={Link} to={paths.products} variant="outline">
              Ver produtos
            </Button>
          </Group>
        </Stack>
      ) : (
        lists.map((list) => <WorkListCard key={list.key} list={list} />)
      )}
    </Stack>
  );
}
