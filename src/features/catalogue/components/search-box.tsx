import { useState, type FormEvent } from 'react';
import { ActionIcon, Combobox, Group, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { productImageUrl } from '../../../config/env';
import { writeSession } from '../../../storage/session-keys';
import { SUGGESTIONS_MIN_LENGTH, useSuggestions } from '../api/get-suggestions';

export const SEARCH_PLACEHOLDER = 'O que deseja procurar?';
export const NO_MATCH_TEXT = 'Nenhum resultado encontrado';
/** Typing pauses this long before suggestions are asked for, so one word costs one request. */
export const SUGGESTIONS_DEBOUNCE_MS = 250;

function SearchIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M10 2a8 8 0 0 1 6.32 12.9l5.39 5.4-1.41 1.4-5.4-5.39A8 8 0 1 1 10 2Zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12Z"
      />
    </svg>
  );
}

/**
 * The header search (spec §2, §5): suggestions from 2 typed characters in two groups, 'Sugestão'
 * then 'Produtos' (5 each); picking a suggestion fills the text, picking a product opens its page;
 * Enter stores the term as `pesquisa` and opens the search results.
 */
export function SearchBox({ id }: { id?: string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [debounced] = useDebouncedValue(value, SUGGESTIONS_DEBOUNCE_MS);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const { data, isPlaceholderData, isError } = useSuggestions(debounced);

  const typedEnough = value.trim().length >= SUGGESTIONS_MIN_LENGTH;
  const suggestions = data?.sugestao ?? [];
  const products = data?.produtos ?? [];
  const nothingFound =
    data !== undefined && !isPlaceholderData && suggestions.length === 0 && products.length === 0;
  const showDropdown = typedEnough && !isError && (nothingFound || suggestions.length + products.length > 0);

  const search = (event: FormEvent) => {
    event.preventDefault();
    const term = value.trim();
    if (!term) return;
    combobox.closeDropdown();
    writeSession('pesquisa', term);
    navigate(paths.search(term));
  };

  const pick = (optionValue: string) => {
    const [group, key] = [optionValue.slice(0, 1), optionValue.slice(2)];
    combobox.closeDropdown();
    if (group === 's') {
      const suggestion = suggestions[Number(key)];
      if (suggestion) setValue(suggestion.descricao);
      return;
    }
    const product = products.find((item) => String(item.idprd) === key);
    if (!product) return;
    setValue(product.descricao);
    navigate(paths.product(product.idprd));
  };

  return (
    <form role="search" onSubmit={search} style={{ width: '100%' }}>
      <Combobox store={combobox} onOptionSubmit={pick} zIndex={400} hideDetached={false}>
        <Combobox.Target withExpandedAttribute>
          <TextInput
            id={id}
            type="search"
            aria-label="Buscar produtos"
            placeholder={SEARCH_PLACEHOLDER}
            autoComplete="off"
            enterKeyHint="search"
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              combobox.openDropdown();
              combobox.resetSelectedOption();
            }}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            rightSectionWidth={42}
            rightSection={
              <ActionIcon type="submit" variant="subtle" size="lg" aria-label="Buscar">
                <SearchIcon />
              </ActionIcon>
            }
          />
        </Combobox.Target>

        <Combobox.Dropdown hidden={!showDropdown}>
          {!showDropdown ? null : nothingFound ? (
            <Text size="sm" p="xs" role="status">
              {NO_MATCH_TEXT}
            </Text>
          ) : (
            <Combobox.Options aria-label="Sugestões de busca">
              {suggestions.length > 0 && (
                <Combobox.Group label="Sugestão">
                  {suggestions.map((suggestion, index) => (
                    <Combobox.Option value={`s:${index}`} key={`s:${suggestion.RowId}:${index}`}>
                      {suggestion.descricao}
                    </Combobox.Option>
                  ))}
                </Combobox.Group>
              )}
              {products.length > 0 && (
                <Combobox.Group label="Produtos">
                  {products.map((product) => (
                    <Combobox.Option value={`p:${product.idprd}`} key={`p:${product.idprd}`}>
                      <Group gap="sm" wrap="nowrap">
                        <img
                          src={productImageUrl(product.idprd, 1)}
                          width={40}
                          height={40}
                          loading="lazy"
                          decoding="async"
                          alt=""
                          style={{ objectFit: 'contain', flex: 'none' }}
                        />
                        <span>{product.descricao}</span>
                      </Group>
                    </Combobox.Option>
                  ))}
                </Combobox.Group>
              )}
            </Combobox.Options>
          )}
        </Combobox.Dropdown>
      </Combobox>
    </form>
  );
}
