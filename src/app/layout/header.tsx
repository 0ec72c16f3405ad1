import { Group, TextInput, Anchor } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';

// First header: the storefront-UI issue replaces it with search suggestions, menus and the cart badge.
export function Header() {
  return (
    <Group component="header" justify="space-between" p="md" bg="red.8">
      <Anchor component={Link} to={paths.home} c="white" fw={700}>
        Casa &amp; Obra
      </Anchor>
      <TextInput aria-label="Buscar produtos" placeholder="O que deseja procurar?" w={360} />
      <Anchor component={Link} to={paths.login} c="white">
        Minha Conta
      </Anchor>
    </Group>
  );
}
