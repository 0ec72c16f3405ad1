import { useEffect, useRef, useState } from 'react';
import { Loader, Text } from '@mantine/core';
import { ErrorText } from '../../../components/error-text';
import { useCardSetup, type ChallengeAnswer } from '../api/cards';
import { adyenWebAssets, mountAdyenAction } from '../lib/adyen-web';

// Adyen's 3-D Secure 2 step (a device fingerprint or the issuer's challenge), as APP_0050's 402
// handed it (`acao`): Adyen Web runs it in this element of the checkout's dialog, and what its
// onAdditionalDetails gives goes to the server as is (only Adyen says how the payment ended).

export const CHALLENGE_UNAVAILABLE =
  'Não foi possível abrir a confirmação do banco. Feche esta janela e tente de novo.';

interface AdyenChallengeProps {
  action: Record<string, unknown>;
  onAnswer(answer: ChallengeAnswer): void;
}

/** onAdditionalDetails' details as the contract takes them: text values only. */
function answerOf(data: { details?: Record<string, unknown>; paymentData?: unknown }): ChallengeAnswer {
  const detalhes = Object.fromEntries(
    Object.entries(data.details ?? {}).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
  return typeof data.paymentData === 'string' ? { detalhes, paymentData: data.paymentData } : { detalhes };
}

export function AdyenChallenge({ action, onAnswer }: AdyenChallengeProps) {
  // The checkout's card step has asked for it already: Adyen's environment and client key.
  const setup = useCardSetup().data;
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const answer = useRef(onAnswer);
  useEffect(() => {
    answer.current = onAnswer;
  }, [onAnswer]);

  useEffect(() => {
    let stopped = false;
    let mounted: { unmount?(): void } | null = null;
    const target = host.current;
    if (!target || !setup) return;
    setState('loading');
    Promise.resolve()
      .then(() =>
        mountAdyenAction(adyenWebAssets(setup), action, target, (data) => answer.current(answerOf(data))),
      )
      .then((element) => {
        mounted = element;
        if (stopped) element.unmount?.();
        else setState('ready');
      })
      .catch(() => {
        if (!stopped) setState('failed');
      });
    return () => {
      stopped = true;
      mounted?.unmount?.();
    };
  }, [setup, action]);

  return (
    <div>
      {state === 'loading' && (
        <Text size="sm" c="dimmed" role="status">
          <Loader size="xs" mr="xs" />
          Carregando a confirmação do banco...
        </Text>
      )}
      {state === 'failed' && <ErrorText>{CHALLENGE_UNAVAILABLE}</ErrorText>}
      <div ref={host} data-testid="adyen-challenge" />
    </div>
  );
}
