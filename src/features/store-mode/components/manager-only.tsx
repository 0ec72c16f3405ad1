import type { ReactNode } from 'react';
import { Alert, Stack, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';

/** A staff screen's notice instead of its content: its title, why not, the way to /loja, and more. */
export function StaffNotice({
  title,
  message,
  link,
  children,
}: {
  title: string;
  message: string;
  link: string;
  children?: ReactNode;
}) {
  return (
    <Stack maw={560} mx="auto">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Alert color="teal" role="status">
        {message} <Link to={paths.storeMode}>{link}</Link>
      </Alert>
      {children}
    </Stack>
  );
}

/** What a manager-only screen shows anyone else: its title, why not, and where to sign in. */
export function ManagerOnly({ title, message }: { title: string; message: string }) {
  return <StaffNotice title={title} message={message} link="Entrar como gerente" />;
}
