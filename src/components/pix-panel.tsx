import '@mantine/core/styles/Code.css';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Alert, Button, Code, Group, Loader, Stack, Text } from '@mantine/core';
import type { PixData } from '../api/pix';
import { toast } from '../browser/toast';
import { OnlineOnlyButton } from './online-only-button';
import { ErrorText } from './error-text';

const QRCodeSVG = lazy(() => import('qrcode.react').then((module) => ({ default: module.QRCodeSVG })));

/** Milliseconds until the charge expires (0 once it has), or null without a deadline. */
function remainingMs(expiraEm: string | undefined, now: number): number | null {
  if (!expiraEm) return null;
  const at = Date.parse(expiraEm);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

/**
 * Whole seconds shown, rounded down as a countdown is: a code of 30 minutes reads 30:00 however
 * far the server's clock is a fraction of a second ahead of the phone's (rounding gave 30:01).
 */
const shownSeconds = (ms: number) => Math.floor(ms / 1000);

function clock(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

interface PixPanelProps {
  pix: PixData | null;
  error: string | null;
  paid: boolean;
  busy: boolean;
  onGenerate(): void;
  /** The charge expired: ask for a new one. */
  onExpired(): void;
}

/** 'Gerar PIX', then the QR code, the copia-e-cola code and the time left. */
export function PixPanel({ pix, error, paid, busy, onGenerate, onExpired }: PixPanelProps) {
  const [now, setNow] = useState(() => Date.now());
  const msLeft = remainingMs(pix?.expiraEm, now);
  const left = msLeft === null ? null : shownSeconds(msLeft);

  useEffect(() => {
    if (!pix?.expiraEm || paid) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [pix?.expiraEm, paid]);

  // One renewal per charge: a failed renewal does not loop.
  const renewedFor = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (msLeft !== 0 || paid || busy || renewedFor.current === pix?.expiraEm) return;
    renewedFor.current = pix?.expiraEm;
    onExpired();
  }, [msLeft, paid, busy, pix?.expiraEm, onExpired]);

  async function copy() {
    if (!pix) return;
    try {
      await navigator.clipboard.writeText(pix.payload);
      toast.success('Código Pix copiado!');
    } catch {
      toast.warning('Não foi possível copiar. Selecione o código e copie manualmente.');
    }
  }

  if (paid) {
    return (
      <Alert color="green" variant="light" role="status">
        Pagamento confirmado com sucesso!
      </Alert>
    );
  }

  return (
    <Stack gap="md">
      {!pix ? (
        <OnlineOnlyButton color="red.8" onClick={onGenerate} disabled={busy}>
          Gerar PIX
        </OnlineOnlyButton>
      ) : (
        <Stack gap="sm" align="center">
          <Suspense fallback={<Loader />}>
            <QRCodeSVG value={pix.payload} size={220} marginSize={2} role="img" aria-label="QR Code do PIX" />
          </Suspense>
          <Text fw={600}>Escaneie o QR Code para pagar</Text>
          {left !== null ? (
            <Text size="sm" c="dimmed" aria-live="off">
              O código expira em {clock(left)}
            </Text>
          ) : null}
          <Text size="sm">Ou use o Pix copia e cola:</Text>
          <Code
            block
            style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap', maxWidth: '100%' }}
            aria-label="Código Pix copia e cola"
          >
            {pix.payload}
          </Code>
          <Group>
            <Button variant="outline" color="red.8" onClick={() => void copy()}>
              Copiar código Pix
            </Button>
          </Group>
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Aguardando pagamento...
            </Text>
          </Group>
        </Stack>
      )}
      <ErrorText>{error}</ErrorText>
    </Stack>
  );
}
