import { Anchor } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { findCategory } from '../../../domain/categories';
import { useCategoryProducts } from '../api/get-category-products';
import { ProductShelf } from './product-shelf';

/** One 'Nossos Produtos' carousel: a category's products in a row that scrolls, without buttons. */
export function CategoryShelf({ slug }: { slug: string }) {
  const products = useCategoryProducts(slug);
  const label = findCategory(slug)?.label ?? slug;
  return (
    <>
      <ProductShelf
        id={`prateleira-${slug.replace(/\s+/g, '-').toLowerCase()}`}
        title={label}
        products={products.data}
        loading={products.isPending}
      />
      {products.data && products.data.length > 0 && (
        <Anchor component={Link} to={paths.category(slug)} fz="sm" fw={600}>
          Ver todos os produtos de {label}
        </Anchor>
      )}
    </>
  );
}
