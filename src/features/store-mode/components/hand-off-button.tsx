import '@mantine/core/styles/Modal.css';
import { lazy, Suspense, useState } from 'react';
import { Anchor, Button, Loader, Modal, Stack, Text } from '@mantine/core';
import { messageOf } from '../../../api/errors';
import { toast } from '../../../browser/toast';
import { useCartLines } from '../../../storage/cart';
import { useHandOffCart } from '../api/hand-off';
import { useTablet } from '../api/tablet';

// qrcode.react loads with the first hand-off, not with the cart.
const QRCodeSVG = lazy(() => import('qrcode.react').then((module) => ({ default: module.QRCodeSVG })));

/** On a paired tablet's cart: hands the lines over to the customer's phone by QR and short link. */
export function HandOffButton() {
  const tablet = useTablet();
  const lines = useCartLines();
  const handOff = useHandOffCart();
  const [link, setLink] = useState<string | null>(null);
  if (!tablet) return null;

  const send = () =>
    handOff.mutate(lines ?? [], {
      onSuccess: (answer) => setLink(`${window.location.origin}${answer.caminho}`),
      onError: (error) =>
        toast.warning(messageOf(error, 'Não foi possível enviar o carrinho. Tente novamente.')),
    });

  return (
    <>
      {(lines?.length ?? 0) > 0 && (
        <Button
          size="lg"
          variant="outline"
          color="teal.9"
          mih={48}
          onClick={send}
          loading={handOff.isPending}
        >
          Enviar para o celular do cliente
        </Button>
      )}
      <Modal opened={link !== null} onClose={() => setLink(null)} title="Carrinho enviado" centered>
        {link && (
          <Stack align="center" gap="sm">
            <Text size="sm" ta="center">
              O cliente aponta a câmera do celular para o código (ou abre o link) e recebe estes itens no
              carrinho dele. O código vale 24 horas e abre uma única vez.
            </Text>
            <Suspense fallback={<Loader aria-label="Gerando QR code" />}>
              <QRCodeSVG value={link} size={240} marginSize={2} title="QR code do carrinho" />
            </Suspense>
            <Anchor href={link} data-testid="handoff-link" size="sm" style={{ wordBreak: 'break-all' }}>
              {link}
            </Anchor>
            <Text size="sm" c="dark.5">
              O carrinho deste tablet foi esvaziado para o próximo cliente.
            </Text>
            <Button size="lg" onClick={() => setLink(null)}>
              Concluir
            </Button>
          </Stack>
        )}
      </Modal>
    </>
  );
}
