import type { ReactNode } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';

interface CheckoutStepProps {
  number: number;
  title: string;
  open: boolean;
  done: boolean;
  /** Whether the header may open the step (earlier steps saved). */
  reachable: boolean;
  onOpen(): void;
  /** The confirmation card shown when the step is saved and closed. */
  summary?: ReactNode;
  children: ReactNode;
}

/** One collapsible checkout step with its confirmation card and 'Editar'. */
export function CheckoutStep({
  number,
  title,
  open,
  done,
  reachable,
  onOpen,
  summary,
  children,
}: CheckoutStepProps) {
  const contentId = `checkout-step-${number}`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <UnstyledButton
          onClick={onOpen}
          disabled={!reachable}
          aria-expanded={open}
          aria-controls={contentId}
          style={{ cursor: reachable ? 'pointer' : 'default' }}
        >
          <Group justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Badge circle size="lg" color={done ? 'teal.9' : open ? 'red.8' : 'gray'}>
                {done ? '✓' : number}
              </Badge>
              <Text component="h2" fw={700} size="lg" m={0}>
                {title}
              </Text>
            </Group>
          </Group>
        </UnstyledButton>
        {open ? (
          <div id={contentId}>{children}</div>
        ) : done && summary ? (
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div>{summary}</div>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={onOpen}
              aria-label={`Editar ${title}`}
              style={{ flexShrink: 0 }}
            >
              Editar
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
