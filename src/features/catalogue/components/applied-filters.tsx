import { Button, Group, Text } from '@mantine/core';
import type { Facet, PriceRange } from '../../../api/products';
import { EMPTY_FILTERS, type ListingFilters as Filters } from '../lib/listing-params';

interface AppliedFiltersProps {
  applied: Filters;
  facets: readonly Facet[];
  priceRanges: readonly PriceRange[];
  onApply(filters: Filters): void;
}

interface Chip {
  key: string;
  label: string;
  without: Filters;
}

function facetName(facets: readonly Facet[], tipo: Facet['tipo'], id: number): string {
  const found = facets.find((facet) => facet.tipo === tipo && facet.id === id);
  return found?.descricao ?? `código ${id}`;
}

/** The filters in force, as chips above the grid: each one removes itself, whatever the counts say. */
function chipsOf(applied: Filters, facets: readonly Facet[], priceRanges: readonly PriceRange[]): Chip[] {
  const chips: Chip[] = [];
  for (const id of applied.marca)
    chips.push({
      key: `marca-${id}`,
      label: `Marca: ${facetName(facets, 'marca', id)}`,
      without: { ...applied, marca: applied.marca.filter((other) => other !== id) },
    });
  for (const id of applied.cat)
    chips.push({
      key: `cat-${id}`,
      label: `Categoria: ${facetName(facets, 'cat', id)}`,
      without: { ...applied, cat: applied.cat.filter((other) => other !== id) },
    });
  if (applied.precos) {
    const range = priceRanges.find((candidate) => candidate.codigo === applied.precos);
    chips.push({
      key: `precos-${applied.precos}`,
      label: `Preço: ${range?.ate ?? applied.precos}`,
      without: { ...applied, precos: '' },
    });
  }
  return chips;
}

export function AppliedFilters({ applied, facets, priceRanges, onApply }: AppliedFiltersProps) {
  const chips = chipsOf(applied, facets, priceRanges);
  if (chips.length === 0) return null;
  return (
    <Group gap="xs" mb="sm" role="group" aria-label="Filtros aplicados">
      <Text size="sm" c="dark.5">
        Filtros aplicados:
      </Text>
      {chips.map((chip) => (
        <Button
          key={chip.key}
          // Outline: Mantine draws 'light' with a shade given (red.8) as a solid button under text of
          // the same red, unreadable; red 8 on white passes AA (4.5:1), as the theme's brand text.
          variant="outline"
          color="red.8"
          size="compact-sm"
          radius="xl"
          mih={32}
          rightSection={<span aria-hidden="true">×</span>}
          aria-label={`Remover filtro ${chip.label}`}
          onClick={() => onApply(chip.without)}
        >
          {chip.label}
        </Button>
      ))}
      {chips.length > 1 && (
        <Button variant="subtle" size="compact-sm" mih={32} onClick={() => onApply(EMPTY_FILTERS)}>
          Limpar filtros
        </Button>
      )}
    </Group>
  );
}
