import { Paper, Text } from '@mantine/core';

interface EmptyProductsProps {
  title?: string;
  hint?: string;
}

/** The empty state of a product grid (also shown when the load failed). */
export function EmptyProducts({
  title = 'Nenhum produto disponível no momento.',
  hint = 'Volte em breve para ver novos produtos!',
}: EmptyProductsProps) {
  return (
    <Paper withBorder p="xl" ta="center" role="status">
      <Text fw={600}>{title}</Text>
      <Text c="dark.5" mt={4}>
        {hint}
      </Text>
    </Paper>
  );
}
