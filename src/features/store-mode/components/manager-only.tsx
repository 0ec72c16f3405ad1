import { Alert, Stack, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';

/** What a manager-only screen shows anyone else: its title, why not, and where to sign in. */
export function ManagerOnly({ title, message }: { title: string; message: string }) {
  return (
    <Stack maw={560} mx="auto">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Alert color="teal" role="status">
        {message} <Link to={paths.storeMode}>Entrar como gerente</Link>
      </Alert>
    </Stack>
  );
}
