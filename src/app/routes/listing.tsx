import { Container } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { ListingScreen } from '../../features/catalogue/components/listing-screen';

// One screen for /produtos, a category, a subcategory and both search routes (spec §2).
export function Component() {
  const { categoria, subcategoria, produto } = useParams();
  return (
    <Container size="xl" py="md">
      <ListingScreen route={{ categoria, subcategoria, produto }} />
    </Container>
  );
}
