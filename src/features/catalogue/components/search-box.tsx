import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ActionIcon, Paper, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMatch, useNavigate } from 'react-router-dom';
import { findProductByCode } from '../../../queries/find-product-by-code';
import { shownCartPathFrom } from '../../../domain/shown-cart-code';
import { readTabletMarker } from '../../../storage/tablet-marker';
import { paths } from '../../../config/paths';
import { productCodeOf } from '../../../domain/gtin';
import { productImageUrl } from '../../../config/env';
import { writeSession } from '../../../storage/session-keys';
import { SUGGESTION_MIN_LENGTH } from '../../../domain/catalogue-limits';
import { useSuggestions } from '../api/get-suggestions';
import { typedBeforeHydration } from '../../../browser/typed-before-hydration';
import { Icon } from '../../../components/icon';

export const SEARCH_PLACEHOLDER = 'O que deseja procurar?';
export const NO_MATCH_TEXT = 'Nenhum resultado encontrado';
/** Typing pauses this long before suggestions are asked for, so one word costs one request. */
export const SUGGESTIONS_DEBOUNCE_MS = 250;

const SEARCH_ICON =
  'M10 2a8 8 0 0 1 6.32 12.9l5.39 5.4-1.41 1.4-5.4-5.39A8 8 0 1 1 10 2Zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12Z';

type Option =
  | { kind: 'suggestion'; key: string; label: string }
  | { kind: 'product'; key: string; label: string; idprd: number | string };

const dropdownStyle = {
  position: 'absolute',
  top: 'calc(100% + 4px)',
  left: 0,
  right: 0,
  zIndex: 400,
  maxHeight: '70vh',
  overflowY: 'auto',
} as const;
const groupLabelStyle = {
  padding: '6px 12px 2px',
  fontSize: 'var(--mantine-font-size-xs)',
  fontWeight: 700,
  color: 'var(--mantine-color-gray-7)',
} as const;

/**
 * The header search: suggestions from 2 typed characters in two groups, 'Sugestão'
 * then 'Produtos' (5 each); picking a suggestion fills the text, picking a product opens its page;
 * Enter stores the term as `pesquisa` and opens the search results.
 *
 * A hand-written ARIA 1.2 combobox rather than Mantine's Combobox: the header is on every first
 * screen, and Mantine's Popover brings floating-ui (about a tenth of the first route's JavaScript).
 */
export function SearchBox() {
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-lista`;
  // Opened on a results address (a reload, a shared link), the box shows the term searched.
  const searchRoute = useMatch(paths.searchPattern);
  const searchAliasRoute = useMatch(paths.searchAliasPattern);
  const [value, setValue] = useState(
    () =>
      typedBeforeHydration('produto') ??
      searchRoute?.params.produto ??
      searchAliasRoute?.params.produto ??
      '',
  );
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [debounced] = useDebouncedValue(value, SUGGESTIONS_DEBOUNCE_MS);
  // Only while the list can show: a results page opens with its term in the box, and asks for nothing.
  const { data, isPlaceholderData, isError } = useSuggestions(open ? debounced : '');

  const suggestions = data?.sugestao ?? [];
  const products = data?.produtos ?? [];
  const options: Option[] = [
    ...suggestions.map((s, index) => ({ kind: 'suggestion' as const, key: `s${index}`, label: s.descricao })),
    ...products.map((p) => ({
      kind: 'product' as const,
      key: `p${p.idprd}`,
      label: p.descricao,
      idprd: p.idprd,
    })),
  ];
  const typedEnough = value.trim().length >= SUGGESTION_MIN_LENGTH;
  const nothingFound = data !== undefined && !isPlaceholderData && options.length === 0;
  const expanded = open && typedEnough && !isError && (nothingFound || options.length > 0);
  const activeOption = expanded && active >= 0 ? options[active] : undefined;
  const optionId = (option: Option) => `${id}-${option.key}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const search = (event: FormEvent) => {
    event.preventDefault();
    const term = value.trim();
    if (!term) return;
    close();
    // On a paired tablet, a shopper's 'Mostrar ao vendedor' code or its QR's address opens their cart.
    const shownCart = readTabletMarker() ? shownCartPathFrom(term) : null;
    if (shownCart) {
      setValue('');
      navigate(shownCart);
      return;
    }
    writeSession('pesquisa', term);
    if (!productCodeOf(term)) {
      navigate(paths.search(term));
      return;
    }
    // A GTIN or reference (what a handheld scanner types, then Enter) opens its product directly,
    // and the box empties for the next scan; no such product: the results, as for any search.
    findProductByCode(term)
      .catch(() => undefined)
      .then((idprd) => {
        if (idprd) setValue('');
        navigate(idprd ? paths.product(idprd) : paths.search(term));
      });
  };

  const pick = (option: Option) => {
    close();
    setValue(option.label);
    if (option.kind === 'product') navigate(paths.product(option.idprd));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    const count = options.length;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!expanded) setOpen(true);
        else if (count) setActive((index) => (index + 1) % count);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!expanded) setOpen(true);
        else if (count) setActive((index) => (index <= 0 ? count - 1 : index - 1));
        break;
      case 'Enter':
        // With an option highlighted, Enter picks it; otherwise the form submits the search.
        if (activeOption) {
          event.preventDefault();
          pick(activeOption);
        }
        break;
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          close();
        }
        break;
    }
  };

  const renderOption = (option: Option, index: number) => {
    const isActive = index === active;
    return (
      <div
        key={option.key}
        id={optionId(option)}
        role="option"
        aria-selected={isActive}
        // Keep the focus in the input: a click must not blur it and close the list first.
        onMouseDown={(event) => event.preventDefault()}
        onMouseEnter={() => setActive(index)}
        onClick={() => pick(option)}
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 12,
          padding: '8px 12px',
          cursor: 'pointer',
          fontSize: 'var(--mantine-font-size-sm)',
          background: isActive ? 'var(--mantine-color-red-1)' : undefined,
          boxShadow: isActive ? 'inset 3px 0 0 var(--mantine-color-red-8)' : undefined,
        }}
      >
        {option.kind === 'product' && (
          <img
            src={productImageUrl(option.idprd, 1)}
            width={40}
            height={40}
            loading="lazy"
            decoding="async"
            alt=""
            style={{ objectFit: 'contain', flex: 'none' }}
          />
        )}
        <span>{option.label}</span>
      </div>
    );
  };

  return (
    // Before the app has loaded (a server-rendered page on a slow phone) the form submits by itself:
    // the server sends /pesquisar?produto= on to the results page.
    <form
      role="search"
      action={paths.searchForm}
      method="get"
      onSubmit={search}
      style={{ position: 'relative', width: '100%' }}
    >
      <TextInput
        // A text field with the search keyboard: HTML allows role="combobox" on type="text", not
        // on type="search".
        inputMode="search"
        name="produto"
        role="combobox"
        aria-label="Buscar produtos"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={expanded && !nothingFound ? listId : undefined}
        aria-activedescendant={activeOption ? optionId(activeOption) : undefined}
        placeholder={SEARCH_PLACEHOLDER}
        autoComplete="off"
        enterKeyHint="search"
        value={value}
        onChange={(event) => {
          setValue(event.currentTarget.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={close}
        rightSectionWidth={42}
        rightSection={
          <ActionIcon type="submit" variant="subtle" size="lg" aria-label="Buscar">
            <Icon size={20} path={SEARCH_ICON} />
          </ActionIcon>
        }
      />
      {expanded && (
        <Paper shadow="md" withBorder style={dropdownStyle}>
          {nothingFound ? (
            <Text size="sm" p="sm" role="status">
              {NO_MATCH_TEXT}
            </Text>
          ) : (
            <div id={listId} role="listbox" aria-label="Sugestões de busca">
              {suggestions.length > 0 && (
                <div role="group" aria-labelledby={`${id}-sugestao`}>
                  <div id={`${id}-sugestao`} style={groupLabelStyle}>
                    Sugestão
                  </div>
                  {options.slice(0, suggestions.length).map((option, index) => renderOption(option, index))}
                </div>
              )}
              {products.length > 0 && (
                <div role="group" aria-labelledby={`${id}-produtos`}>
                  <div id={`${id}-produtos`} style={groupLabelStyle}>
                    Produtos
                  </div>
                  {options
                    .slice(suggestions.length)
                    .map((option, index) => renderOption(option, suggestions.length + index))}
                </div>
              )}
            </div>
          )}
        </Paper>
      )}
    </form>
  );
}
