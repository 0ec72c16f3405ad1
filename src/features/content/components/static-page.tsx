import type { ReactNode } from 'react';
import { Container, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { STORE_NAME } from '../../../domain/store';

/** The frame of every institutional page: one h1, an optional lead, readable width. */
export function StaticPage({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(`${title} | ${STORE_NAME}`);
  return (
    <Container size="md" py="xl">
      <Title order={1} mb="sm">
        {title}
      </Title>
      {lead && (
        <Text size="lg" c="gray.8" mb="lg">
          {lead}
        </Text>
      )}
      {children}
    </Container>
  );
}
