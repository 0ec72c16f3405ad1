import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';

export function EmptyCart() {
  return (
    <Stack align="center" gap="sm" py="xl" ta="center">
      <Title order={1} size="h2">
        Seu carrinho está vazio
      </Title>
      <Text c="dimmed">Explore nossos produtos e adicione o que precisa para a sua obra.</Text>
      <Button component={Link} to={paths.home} color="red.8">
        Continuar Comprando
      </Button>
    </Stack>
  );
}
