import { useEffect, useRef, useState } from 'react';
import { Alert, Loader, Stack, Text } from '@mantine/core';
import { createBarcodeReader } from '../lib/barcode-reader';

const SCAN_EVERY_MS = 250;

/**
 * The camera view of 'Ler código de barras': reads until a code is seen, then hands it over and
 * stops the camera. Loaded only when the button is pressed (with the reader it needs).
 */
export function BarcodeScanner({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<'starting' | 'scanning' | 'failed'>('starting');
  const done = useRef(onCode);
  useEffect(() => {
    done.current = onCode;
  });

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    (async () => {
      try {
        const reader = await createBarcodeReader();
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        setState('scanning');
        const scan = async () => {
          if (stopped || !video.current) return;
          const found = await reader.detect(video.current).catch(() => []);
          const code = found.find((barcode) => barcode.rawValue)?.rawValue;
          if (code) done.current(code.trim());
          else timer = setTimeout(scan, SCAN_EVERY_MS);
        };
        void scan();
      } catch (error) {
        console.warn('Câmera indisponível', error);
        if (!stopped) setState('failed');
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  if (state === 'failed')
    return (
      <Alert color="yellow" title="Não foi possível abrir a câmera">
        Permita o acesso à câmera nas configurações do navegador, ou digite o código de barras na busca (o
        leitor de mão também funciona lá).
      </Alert>
    );
  return (
    <Stack gap="xs" align="center">
      {state === 'starting' && <Loader aria-label="Abrindo a câmera" />}
      <video
        ref={video}
        muted
        playsInline
        aria-label="Imagem da câmera"
        style={{ width: '100%', maxHeight: '60vh', background: '#000', borderRadius: 8 }}
      />
      <Text size="sm">Aponte a câmera para o código de barras do produto.</Text>
    </Stack>
  );
}
