import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/InlineInput.css';
import { useState, type FormEvent } from 'react';
import { Anchor, Button, Group, Loader, Modal, Radio, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { toast } from '../../../browser/toast';
import { QuantityStepper } from '../../../components/quantity-stepper';
import { paths } from '../../../config/paths';
import { MAX_QUANTITY } from '../../../domain/quantity';
import type { CartProductInput } from '../../../storage/cart-line';
import { addToWorkList, createWorkList, useWorkLists } from '../../../storage/work-lists';
import { ListNameField, useListName } from './list-name-field';

const NEW_LIST = 'nova';

export interface AddToListDialogProps {
  product: CartProductInput;
  selectedLote: unknown;
  onClose(): void;
}

/**
 * 'Adicionar à lista' on the product page (loaded when tapped): the product, a quantity, and the
 * list it goes to, an existing one or a new one named here.
 */
export function AddToListDialog({ product, selectedLote, onClose }: AddToListDialogProps) {
  const lists = useWorkLists();
  const [chosen, setChosen] = useState<string | null>(null);
  const field = useListName();
  const [quantity, setQuantity] = useState(1);
  const [saving, setSaving] = useState(false);
  const choice = chosen ?? lists?.[lists.length - 1]?.key ?? NEW_LIST;
  const creating = choice === NEW_LIST;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const name = creating ? field.checked() : null;
    if (creating && name === null) return;
    setSaving(true);
    try {
      const key = name !== null ? await createWorkList(name) : choice;
      await addToWorkList(key, product, { quantity, selectedLote });
      const listName = name?.trim() ?? lists?.find((list) => list.key === key)?.name ?? '';
      toast.success(`${product.descricao} foi adicionado à lista “${listName}”.`);
      onClose();
    } catch (error) {
      console.warn('Não foi possível guardar na lista', error);
      toast.warning('Não foi possível guardar na lista. Tente novamente.');
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title="Adicionar à lista" centered>
      {lists === undefined ? (
        <Group justify="center" py="md">
          <Loader aria-label="Carregando suas listas" />
        </Group>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            <Text fw={600}>{product.descricao}</Text>
            <Group gap="sm">
              <Text>Quantidade</Text>
              <QuantityStepper
                value={quantity}
                onChange={setQuantity}
                max={MAX_QUANTITY}
                label={`Quantidade de ${product.descricao} na lista`}
              />
            </Group>
            {lists.length > 0 ? (
              <Radio.Group label="Escolha a lista" value={choice} onChange={setChosen}>
                <Stack gap="xs" mt="xs">
                  {lists.map((list) => (
                    <Radio key={list.key} value={list.key} label={list.name} />
                  ))}
                  <Radio value={NEW_LIST} label="Nova lista" />
                </Stack>
              </Radio.Group>
            ) : null}
            {creating ? <ListNameField field={field} label="Nome da nova lista" data-autofocus /> : null}
            <Group justify="space-between">
              <Anchor component={Link} to={paths.workLists} onClick={onClose} size="sm">
                Ver minhas listas
              </Anchor>
              <Button type="submit" loading={saving}>
                Adicionar
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
