import { Container, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../components/use-page-title';
import { CategoryShelf } from '../../features/catalogue/components/category-shelf';

// Four carousels without buttons (spec §2), one per category the depot is best known for.
const SHELVES = ['pisos-e-revestimentos', 'banheiro', 'cozinha-e-lavanderia', 'ferramentas'] as const;

export function Component() {
  usePageTitle('Nossos Produtos');
  return (
    <Container size="xl" py="md">
      <Title order={1}>Nossos Produtos</Title>
      <Text c="dark.5" mt={4}>
        Deslize cada fileira para ver mais produtos.
      </Text>
      {SHELVES.map((slug) => (
        <CategoryShelf key={slug} slug={slug} />
      ))}
    </Container>
  );
}
