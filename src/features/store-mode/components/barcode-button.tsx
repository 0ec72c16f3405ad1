import '@mantine/core/styles/Modal.css';
import { lazy, Suspense, useState } from 'react';
import { ActionIcon, Loader, Modal } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { messageOf } from '../../../api/errors';
import { findProductByCode } from '../../../queries/find-product-by-code';
import { paths } from '../../../config/paths';
import { shownCartPathFrom } from '../../../domain/shown-cart-code';
import { useTablet } from '../api/tablet';
import { ErrorText } from '../../../components/error-text';
import { Icon } from '../../../components/icon';

const BarcodeScanner = lazy(() =>
  import('./barcode-scanner').then((module) => ({ default: module.BarcodeScanner })),
);

const BARCODE_ICON =
  'M2 4h2v16H2V4Zm3 0h1v16H5V4Zm2 0h2v16H7V4Zm3 0h1v16h-1V4Zm3 0h2v16h-2V4Zm3 0h1v16h-1V4Zm2 0h3v16h-3V4Z';

/** 'Ler código de barras' on a paired tablet: camera, then the product page. */
export function BarcodeButton() {
  const tablet = useTablet();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [reading, setReading] = useState(0);
  if (!tablet) return null;

  const onCode = async (code: string) => {
    // A shopper's 'Mostrar ao vendedor' QR: their cart opens here.
    const shown = shownCartPathFrom(code);
    if (shown) {
      setOpen(false);
      navigate(shown);
      return;
    }
    try {
      const idprd = await findProductByCode(code);
      if (idprd) {
        setOpen(false);
        navigate(paths.product(idprd));
        return;
      }
      setMessage(`Nenhum produto com o código ${code}.`);
    } catch (error) {
      setMessage(messageOf(error, `Não foi possível procurar o código ${code}.`));
    }
    // Read again: a new scanner instance starts the camera afresh.
    setReading((count) => count + 1);
  };

  return (
    <>
      <ActionIcon
        // Filled: a white icon on the green disc (the light variant drew it green on green).
        variant="filled"
        color="teal.9"
        size={48}
        radius="xl"
        aria-label="Ler código de barras"
        onClick={() => {
          setMessage(null);
          setOpen(true);
        }}
      >
        <Icon size={26} path={BARCODE_ICON} />
      </ActionIcon>
      <Modal opened={open} onClose={() => setOpen(false)} title="Ler código de barras" centered size="lg">
        <ErrorText mb="xs">{message}</ErrorText>
        {open && (
          <Suspense fallback={<Loader aria-label="Abrindo a câmera" />}>
            <BarcodeScanner key={reading} onCode={(code) => void onCode(code)} />
          </Suspense>
        )}
      </Modal>
    </>
  );
}
