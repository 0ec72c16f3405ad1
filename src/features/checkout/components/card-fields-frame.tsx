import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { Loader, Text } from '@mantine/core';

// The card provider's own fields, in an iframe on the provider's origin: the number, expiry and
// CVV are typed there and never reach this page. They answer by postMessage, from that origin only:
// the card's BIN as it is typed (for the instalment quote) and, when asked, a single-use token.

export interface CardToken {
  token: string;
  brand: string;
  last4: string;
  bin: string;
}

export interface CardFieldsHandle {
  /** Asks the fields for a token: null when they show an error of their own. */
  tokenize(): Promise<CardToken | null>;
}

interface FieldsMessage {
  source?: string;
  type?: string;
  height?: number;
  bin?: string;
  token?: string;
  brand?: string;
  last4?: string;
}

const TOKEN_WAIT_MS = 20_000;

/** Said while the provider's fields are on their way (their address, then the frame itself). */
export function CardFieldsLoading() {
  return (
    <Text size="sm" c="dimmed" role="status">
      <Loader size="xs" mr="xs" />
      Carregando os campos do cartão...
    </Text>
  );
}

interface CardFieldsFrameProps {
  src: string;
  origin: string;
  onBin(bin: string | null): void;
  ref?: Ref<CardFieldsHandle>;
}

export function CardFieldsFrame({ src, origin, onBin, ref }: CardFieldsFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(190);
  const [ready, setReady] = useState(false);
  const pending = useRef<((token: CardToken | null) => void) | null>(null);

  useEffect(() => {
    function receive(event: MessageEvent<FieldsMessage>) {
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return;
      const data = event.data;
      if (data?.source !== 'card-fields') return;
      if (data.type === 'ready') setReady(true);
      else if (data.type === 'size' && typeof data.height === 'number')
        setHeight(Math.min(400, data.height + 4));
      else if (data.type === 'bin') onBin(data.bin || null);
      else if (data.type === 'token' && data.token) {
        pending.current?.({
          token: data.token,
          brand: data.brand ?? '',
          last4: data.last4 ?? '',
          bin: data.bin ?? '',
        });
        pending.current = null;
      } else if (data.type === 'invalid' || data.type === 'failed') {
        pending.current?.(null);
        pending.current = null;
      }
    }
    window.addEventListener('message', receive);
    return () => window.removeEventListener('message', receive);
  }, [origin, onBin]);

  useImperativeHandle(ref, () => ({
    tokenize: () =>
      new Promise<CardToken | null>((resolve, reject) => {
        const target = frame.current?.contentWindow;
        if (!target || !ready) return reject(new Error('Os campos do cartão ainda estão carregando.'));
        const timer = setTimeout(() => {
          pending.current = null;
          reject(new Error('Os campos do cartão não responderam. Tente novamente.'));
        }, TOKEN_WAIT_MS);
        pending.current = (token) => {
          clearTimeout(timer);
          resolve(token);
        };
        target.postMessage({ type: 'tokenize' }, origin);
      }),
  }));

  return (
    <div>
      {!ready && <CardFieldsLoading />}
      <iframe
        ref={frame}
        src={src}
        title="Dados do cartão"
        // Its 'ready' message may come before this page listens: a loaded frame is ready too.
        onLoad={() => setReady(true)}
        style={{ width: '100%', height, border: 0, display: 'block' }}
      />
    </div>
  );
}
