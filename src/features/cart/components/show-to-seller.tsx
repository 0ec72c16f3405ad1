import '@mantine/core/styles/Modal.css';
import { lazy, Suspense, useState } from 'react';
import { Button, Loader, Modal, Stack, Text } from '@mantine/core';
import { messageOf } from '../../../api/errors';
import { SHOWN_CART_MINUTES } from '../../../api/shown-cart';
import { toast } from '../../../browser/toast';
import { useCartLines } from '../../../storage/cart';
import { useTabletMarker } from '../../../storage/tablet-marker';
import { useShowCart } from '../api/show-cart';

// qrcode.react loads when the shopper asks for the code, not with the cart.
const QRCodeSVG = lazy(() => import('qrcode.react').then((module) => ({ default: module.QRCodeSVG })));

/**
 * On the shopper's phone, in a store: 'Mostrar ao vendedor' shows the cart as a QR the seller's
 * tablet reads ('Ler código de barras'); the lines open there, re-priced and checked against that
 * store's stock. The phone keeps its cart.
 */
export function ShowToSeller() {
  const tablet = useTabletMarker();
  const lines = useCartLines();
  const show = useShowCart();
  const [shown, setShown] = useState<{ link: string; curto: string } | null>(null);
  if (tablet || !lines || lines.length === 0) return null;

  const open = () =>
    show.mutate(lines, {
      onSuccess: (answer) =>
        setShown({ link: `${window.location.origin}${answer.caminho}`, curto: answer.curto }),
      onError: (error) =>
        toast.warning(messageOf(error, 'Não foi possível gerar o código. Tente novamente.')),
    });

  return (
    <>
      <Button variant="default" onClick={open} loading={show.isPending}>
        Mostrar ao vendedor
      </Button>
      <Modal opened={shown !== null} onClose={() => setShown(null)} title="Mostrar ao vendedor" centered>
        {shown && (
          <Stack align="center" gap="sm">
            <Text size="sm" ta="center">
              Na loja, o vendedor lê este código com o tablet e abre o seu carrinho lá, com os preços de hoje
              e o estoque da loja. O código vale {SHOWN_CART_MINUTES} minutos; seu carrinho continua aqui.
            </Text>
            <Suspense fallback={<Loader aria-label="Gerando QR code" />}>
              <QRCodeSVG
                value={shown.link}
                size={240}
                marginSize={2}
                role="img"
                aria-label="QR code do carrinho"
              />
            </Suspense>
            {/* A tablet without a camera: the seller types this into its search box. */}
            <Text size="sm" ta="center">
              Sem câmera? O vendedor digita na busca do tablet o código
            </Text>
            <Text fz={28} fw={800} ff="monospace" data-testid="shown-cart-code">
              {shown.curto}
            </Text>
          </Stack>
        )}
      </Modal>
    </>
  );
}
