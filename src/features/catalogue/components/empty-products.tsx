import { Paper, Text } from '@mantine/core';
import { isApiError } from '../../../api/errors';

/** What a grid whose load got no answer says (the browser may think it is online, the store is not reached). */
const STORE_UNREACHABLE = {
  title: 'Não foi possível conectar à loja.',
  hint: 'Verifique sua conexão e tente novamente.',
};

interface EmptyProductsProps {
  title?: string;
  hint?: string;
  /**
   * The load's failure, when it failed: one that never got an answer says the store could not be
   * reached; one the server answered keeps the spec's empty state ('Product load failure: ...
   * empty-state message shown').
   */
  error?: unknown;
}

/** The empty state of a product grid (also shown when the load failed). */
export function EmptyProducts({
  title = 'Nenhum produto disponível no momento.',
  hint = 'Volte em breve para ver novos produtos!',
  error,
}: EmptyProductsProps) {
  const texts = isApiError(error) && error.kind === 'network' ? STORE_UNREACHABLE : { title, hint };
  return (
    <Paper withBorder p="xl" ta="center" role="status">
      <Text fw={600}>{texts.title}</Text>
      <Text c="dark.5" mt={4}>
        {texts.hint}
      </Text>
    </Paper>
  );
}
