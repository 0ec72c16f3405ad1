import { Container, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../hooks/use-page-title';
import { paths } from '../../config/paths';
import { categoryProductsQueryOptions } from '../../features/catalogue/api/get-category-products';
import { CategoryShelf } from '../../features/catalogue/components/category-shelf';
import type { PageMeta } from '../page-meta';
import type { RouteContext, ScreenData } from '../screen';

// Four carousels without buttons, one per category the depot is best known for.
const SHELVES = ['pisos-e-revestimentos', 'banheiro', 'cozinha-e-lavanderia', 'ferramentas'] as const;

export async function load(_args: unknown, { queryClient }: RouteContext): Promise<ScreenData | null> {
  await Promise.all(SHELVES.map((slug) => queryClient.ensureQueryData(categoryProductsQueryOptions(slug))));
  return null;
}

export const meta = (): PageMeta => ({
  title: 'Nossos Produtos',
  description: 'Pisos e revestimentos, banheiro, cozinha e lavanderia e ferramentas da Casa & Obra.',
  canonical: paths.ourProducts,
});

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
