import '@mantine/core/styles/Pagination.css';
import { Center, Pagination } from '@mantine/core';

interface ProductPaginationProps {
  total: number;
  value: number;
  onChange(page: number): void;
  label: string;
}

const controlLabels = {
  previous: 'Página anterior',
  next: 'Próxima página',
  first: 'Primeira página',
  last: 'Última página',
} as const;

/** Pages of a product grid: 1 boundary and 1 sibling, labelled for screen readers. */
export function ProductPagination({ total, value, onChange, label }: ProductPaginationProps) {
  if (total <= 1) return null;
  return (
    <Center component="nav" aria-label={label} mt="lg">
      <Pagination
        total={total}
        value={value}
        onChange={onChange}
        boundaries={1}
        siblings={1}
        getItemProps={(page) => ({
          'aria-label': `Página ${page}`,
          'aria-current': page === value ? 'page' : undefined,
        })}
        getControlProps={(control) => ({ 'aria-label': controlLabels[control] })}
      />
    </Center>
  );
}
