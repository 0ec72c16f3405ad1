import '@mantine/core/styles/Modal.css';
import { Button, Group, Modal, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';

interface AddedToCartDialogProps {
  opened: boolean;
  onClose(): void;
  productName: string;
  /** 'already' when the product was in the cart (its quantity is left as it was). */
  outcome: 'added' | 'already';
  quantity: number;
}

/** After adding from the product page, 'Continuar Comprando' or 'Finalizar Compra'. */
export function AddedToCartDialog({
  opened,
  onClose,
  productName,
  outcome,
  quantity,
}: AddedToCartDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Produto no carrinho" centered>
      <Text mb="lg">
        {outcome === 'added'
          ? `${productName} foi adicionado ao carrinho${quantity > 1 ? ` (quantidade: ${quantity})` : ''}.`
          : `${productName} já está no seu carrinho.`}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" component={Link} to={paths.home} onClick={onClose}>
          Continuar Comprando
        </Button>
        <Button component={Link} to={paths.cart} onClick={onClose}>
          Finalizar Compra
        </Button>
      </Group>
    </Modal>
  );
}
