import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Radio.css';
import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Group, Radio, Stack, Text } from '@mantine/core';
import type { Facet, PriceRange } from '../../../api/products';
import { EMPTY_FILTERS, type ListingFilters as Filters } from '../lib/listing-params';

interface ListingFiltersProps {
  facets: readonly Facet[];
  priceRanges: readonly Pick<PriceRange, 'codigo' | 'ate' | 'quantidade'>[];
  /** The filters in the URL now. */
  applied: Filters;
  onApply(filters: Filters): void;
  /** Tells the ids apart when the filters are rendered twice (sidebar and drawer). */
  idPrefix: string;
}

const byName = (a: Facet, b: Facet) => a.descricao.localeCompare(b.descricao, 'pt-BR');

/**
 * The facets of one kind with every chosen value among them: a chosen brand whose count fell to
 * 0 must stay on screen to be unticked (our server keeps it in the answer; another may not).
 */
function withChosen(facets: readonly Facet[], tipo: Facet['tipo'], chosen: readonly number[]): Facet[] {
  const ofKind = facets.filter((facet) => facet.tipo === tipo);
  const missing = chosen
    .filter((id) => !ofKind.some((facet) => facet.id === id))
    .map((id): Facet => ({ tipo, id, descricao: `código ${id}`, quantidade: 0 }));
  return [...ofKind, ...missing].sort(byName);
}

/**
 * The listing sidebar: brand (multiple), category (multiple) and price range (single),
 * applied together with 'Filtrar'. Choices are a draft until then, so a shopper can tick several
 * boxes without the grid reloading at each one.
 */
export function ListingFilters({ facets, priceRanges, applied, onApply, idPrefix }: ListingFiltersProps) {
  const [marca, setMarca] = useState(applied.marca.map(String));
  const [cat, setCat] = useState(applied.cat.map(String));
  const [precos, setPrecos] = useState(applied.precos);
  const brands = withChosen(facets, 'marca', applied.marca);
  const categories = withChosen(facets, 'cat', applied.cat);
  const ranges =
    applied.precos && !priceRanges.some((range) => range.codigo === applied.precos)
      ? [...priceRanges, { codigo: applied.precos, ate: applied.precos, quantidade: 0 }]
      : priceRanges;
  const anyApplied = applied.marca.length + applied.cat.length > 0 || applied.precos !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ marca: marca.map(Number), cat: cat.map(Number), precos });
  };

  return (
    // A GET form of the same address: before the app has taken over the page, 'Filtrar' sends the
    // ticked boxes to the server, which renders the filtered listing (repeated marca=, cat=).
    <form method="get" onSubmit={submit} aria-label="Filtros">
      <Stack gap="lg">
        <FacetChecklist
          label="Marca"
          facets={brands}
          value={marca}
          onChange={setMarca}
          id={`${idPrefix}-marca`}
          name="marca"
        />
        <FacetChecklist
          label="Categoria"
          facets={categories}
          value={cat}
          onChange={setCat}
          id={`${idPrefix}-cat`}
          name="cat"
        />
        {ranges.length > 0 && (
          <Radio.Group label="Preço" value={precos} onChange={setPrecos} name="precos">
            <Stack gap={6} mt="xs">
              <Radio value="" label="Qualquer preço" />
              {ranges.map((range) => (
                <Radio
                  key={range.codigo}
                  value={range.codigo}
                  label={<FacetLabel text={range.ate} count={range.quantidade} />}
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
        <Group gap="xs">
          <Button type="submit">Filtrar</Button>
          {anyApplied && (
            <Button variant="subtle" onClick={() => onApply(EMPTY_FILTERS)}>
              Limpar filtros
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** A multiple-choice facet (brand, category); nothing when the answer has no values for it. */
function FacetChecklist(props: {
  label: string;
  facets: readonly Facet[];
  value: string[];
  onChange: (value: string[]) => void;
  id: string;
  name: string;
}) {
  if (props.facets.length === 0) return null;
  return (
    <Checkbox.Group label={props.label} value={props.value} onChange={props.onChange} id={props.id}>
      <Stack gap={6} mt="xs">
        {props.facets.map((facet) => (
          <Checkbox
            key={facet.id}
            value={String(facet.id)}
            name={props.name}
            label={<FacetLabel text={facet.descricao} count={facet.quantidade} />}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

function FacetLabel({ text, count }: { text: string; count: number }) {
  return (
    <Text span fz="sm">
      {text}{' '}
      <Text span fz="sm" c="dark.4">
        ({count})
      </Text>
    </Text>
  );
}
