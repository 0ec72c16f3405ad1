import '@mantine/core/styles/Modal.css';
import { useState, type FormEvent } from 'react';
import { Anchor, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { QuantityStepper } from '../../../components/quantity-stepper';
import { paths } from '../../../config/paths';
import { reaisToCentavos } from '../../../domain/money';
import { linePriceText, lineQuantityText, MAX_QUANTITY } from '../../../domain/quantity';
import { itemCountLabel } from '../../../domain/texts';
import type { CartLine, WorkList } from '../../../storage/db';
import {
  deleteWorkList,
  lineKey,
  removeWorkListLine,
  renameWorkList,
  setWorkListQuantity,
} from '../../../storage/work-lists';
import { BuyAgainButton } from './buy-again-button';
import { ListNameField, useListName } from './list-name-field';

/** The lote a line was chosen in ('Lote L1 - Tonalidade 1'), if any. */
function loteText(line: CartLine): string | null {
  const lote = line.selectedLote;
  return lote && typeof lote === 'object' && 'lote' in lote && typeof lote.lote === 'string'
    ? lote.lote
    : null;
}

function RenameForm({ list, onDone }: { list: WorkList; onDone(): void }) {
  const field = useListName(list.name);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = field.checked();
    if (name !== null) void renameWorkList(list.key, name).then(onDone);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="xs">
        <ListNameField field={field} label="Novo nome da lista" autoFocus style={{ flex: '1 1 14rem' }} />
        <Button type="submit">Salvar</Button>
        <Button variant="default" onClick={onDone}>
          Cancelar
        </Button>
      </Group>
    </form>
  );
}

function ListLine({ list, line }: { list: WorkList; line: CartLine }) {
  const key = lineKey(line);
  const lote = loteText(line);
  return (
    <Group component="li" justify="space-between" wrap="wrap" gap="sm" py="xs" data-testid="work-list-line">
      <Stack gap={2} style={{ flex: '1 1 14rem', minWidth: 0 }}>
        <Anchor component={Link} to={paths.product(line.id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
          {line.name}
        </Anchor>
        <Text size="sm" c="dark.5">
          {linePriceText(reaisToCentavos(line.price), line.multiploprdvenda)}
          {lote ? ` · ${lote}` : ''} ·{' '}
          {lineQuantityText(line.quantity, line.multiploprdvenda, line.codundvenda)}
        </Text>
      </Stack>
      <Group gap="xs">
        <QuantityStepper
          value={line.quantity}
          max={MAX_QUANTITY}
          label={`Quantidade de ${line.name}`}
          onChange={(quantity) => void setWorkListQuantity(list.key, key, quantity)}
          size="sm"
        />
        <Button
          variant="subtle"
          color="red"
          size="compact-sm"
          onClick={() => void removeWorkListLine(list.key, key)}
          aria-label={`Remover ${line.name} da lista ${list.name}`}
        >
          Remover
        </Button>
      </Group>
    </Group>
  );
}

/** One 'Lista da obra': its lines with their quantities, and what can be done with it. */
export function WorkListCard({ list }: { list: WorkList }) {
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const titleId = `lista-${list.key}`;
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p="md"
      aria-labelledby={titleId}
      data-testid="work-list"
    >
      <Stack gap="sm">
        {renaming ? (
          <RenameForm list={list} onDone={() => setRenaming(false)} />
        ) : (
          <Group justify="space-between" align="flex-start" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
                {list.name}
              </Title>
              <Text size="sm" c="dark.5">
                {itemCountLabel(list.lines.length)}
              </Text>
            </div>
            <Group gap="xs">
              <Button
                variant="default"
                size="compact-sm"
                onClick={() => setRenaming(true)}
                aria-label={`Renomear lista ${list.name}`}
              >
                Renomear
              </Button>
              <Button
                variant="subtle"
                color="red"
                size="compact-sm"
                onClick={() => setConfirming(true)}
                aria-label={`Excluir lista ${list.name}`}
              >
                Excluir lista
              </Button>
            </Group>
          </Group>
        )}
        {list.lines.length === 0 ? (
          <Text size="sm">
            Esta lista está vazia. Na página de um produto, toque em “Adicionar à lista” para incluí-lo aqui.
          </Text>
        ) : (
          <>
            <Stack
              component="ul"
              gap={0}
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
              aria-label={`Itens da lista ${list.name}`}
            >
              {list.lines.map((line) => (
                <ListLine key={lineKey(line)} list={list} line={line} />
              ))}
            </Stack>
            <Group justify="flex-end">
              <BuyAgainButton
                lines={list.lines}
                label="Adicionar lista ao carrinho"
                ariaLabel={`Adicionar lista ao carrinho: ${list.name}`}
                variant="filled"
              />
            </Group>
          </>
        )}
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Excluir lista" centered>
        <Text mb="lg">Excluir a lista “{list.name}” e os itens dela? O carrinho não muda.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            Cancelar
          </Button>
          <Button color="red" onClick={() => void deleteWorkList(list.key)}>
            Excluir
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}
