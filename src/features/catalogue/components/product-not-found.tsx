import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../../hooks/use-page-title';
import { paths } from '../../../config/paths';

/** A product code that does not exist (a case left to us): say so and offer the way home. */
export function ProductNotFound() {
  usePageTitle('Produto não encontrado');
  return (
    <Stack align="center" py="xl" ta="center">
      <Title order={1}>Produto não encontrado</Title>
      <Text c="dark.5">O produto que você procura não existe ou não está mais disponível.</Text>
      <Anchor component={Link} to={paths.home} fw={700}>
        Voltar para a página inicial
      </Anchor>
    </Stack>
  );
}
