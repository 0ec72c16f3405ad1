import type { ReactNode } from 'react';
import { Paper, Stack, Title } from '@mantine/core';

/** The centred card every sign-in, registration and recovery screen sits in. */
export function AuthCard({
  title,
  children,
  width = 440,
}: {
  title: string;
  children: ReactNode;
  width?: number;
}) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={width} mx="auto" my="lg" w="100%">
      <Stack gap="md">
        <Title order={1} size="h2">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
