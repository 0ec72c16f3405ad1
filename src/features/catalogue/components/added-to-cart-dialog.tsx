import '@mantine/core/styles/Modal.css';
import { Button, Group, Modal, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { addedDialog, type AddOutcome } from '../../../domain/cart-texts';

interface AddedToCartDialogProps {
  opened: boolean;
  onClose(): void;
  productName: string;
  outcome: AddOutcome;
  quantity: number;
  /** Said instead of the one product's sentence (a calculator's several lines). */
  text?: string;
}

/** After adding from the product page, 'Continuar Comprando' or 'Finalizar Compra'. */
export function AddedToCartDialog({
  opened,
  onClose,
  productName,
  outcome,
  quantity,
  text,
}: AddedToCartDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={addedDialog.title} centered>
      <Text mb="lg">{text ?? addedDialog.sentence(productName, outcome, quantity)}</Text>
      <Group justify="flex-end">
        <Button variant="default" component={Link} to={paths.home} onClick={onClose}>
          {addedDialog.keepShopping}
        </Button>
        <Button component={Link} to={paths.cart} onClick={onClose}>
          {addedDialog.checkout}
        </Button>
      </Group>
    </Modal>
  );
}
