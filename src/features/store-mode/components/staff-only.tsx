import type { ReactNode } from 'react';
import { Alert, Stack, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useTablet } from '../api/tablet';

/**
 * What a staff screen shows without a staff member signed in on a paired tablet: its title, why
 * not (`what`: 'as retiradas', 'os orçamentos'), the way to /loja, and anything the screen adds.
 */
export function StaffOnly({ title, what, children }: { title: string; what: string; children?: ReactNode }) {
  const tablet = useTablet();
  return (
    <Stack maw={560} mx="auto">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Alert color="teal" role="status">
        {tablet
          ? `Entre como vendedor para ver ${what} desta loja.`
          : 'Este aparelho não está pareado a uma loja.'}{' '}
        <Link to={paths.storeMode}>Ir para o modo loja</Link>
      </Alert>
      {children}
    </Stack>
  );
}
