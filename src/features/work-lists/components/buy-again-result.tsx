import '@mantine/core/styles/Modal.css';
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { addedLinesText } from '../../../domain/recheck-texts';
import type { BuyAgainOutcome } from '../lib/buy-again';

/**
 * What 'Comprar novamente' or 'Adicionar lista ao carrinho' did: how many lines went to the cart,
 * and each line that differs from before (no longer sold, a new price, less in stock).
 */
export function BuyAgainResult({ outcome, onClose }: { outcome: BuyAgainOutcome; onClose(): void }) {
  return (
    <Modal opened onClose={onClose} title="Conferimos preços e estoque" centered size="lg">
      <Stack gap="md">
        <Text fw={600} role="status">
          {addedLinesText(outcome.added, outcome.total)}
        </Text>
        {outcome.differences.length > 0 ? (
          <div>
            <Text fw={600} mb="xs" id="buy-again-differences">
              O que mudou desde então:
            </Text>
            <List aria-labelledby="buy-again-differences" spacing="xs" data-testid="buy-again-differences">
              {outcome.differences.map((line) => (
                <List.Item key={line.idprd}>
                  <strong>{line.name}</strong>: {line.texts.join(' ')}
                </List.Item>
              ))}
            </List>
          </div>
        ) : (
          <Text>Preços e quantidades continuam os mesmos.</Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Fechar
          </Button>
          {outcome.added > 0 ? (
            <Button component={Link} to={paths.cart} onClick={onClose}>
              Ir para o carrinho
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}
