import { useEffect, useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { pushSupport, subscribeThisDevice, type PushSupport } from '../../../storage/push-subscription';

// 'Avisar-me sobre este pedido' on an order's page (and its confirmation): the browser's permission
// is asked only when the shopper presses it, never on a visit. Where this device cannot receive
// notifications, it says so plainly and, on an iPhone, how to get them.

type State = PushSupport | 'subscribed' | 'refused' | 'failed' | 'working';

async function initialState(): Promise<State> {
  const support = pushSupport();
  if (support !== 'supported' || Notification.permission !== 'granted') return support;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ? 'subscribed' : 'supported';
}

const MESSAGES: Partial<Record<State, { title?: string; text: string }>> = {
  subscribed: { text: 'Você receberá neste aparelho os avisos dos seus pedidos.' },
  unsupported: {
    text: 'Este navegador não recebe notificações. Você recebe os avisos do pedido por e-mail.',
  },
  'ios-browser': {
    title: 'Avisos no iPhone e iPad',
    text: "Os avisos chegam pelo app da loja: toque em Compartilhar e em 'Adicionar à Tela de Início', abra a Casa & Obra pelo ícone e toque em 'Avisar-me sobre este pedido'.",
  },
  denied: {
    text: 'As notificações desta loja estão bloqueadas neste navegador. Libere-as nas configurações do site para receber os avisos aqui; por e-mail eles continuam chegando.',
  },
  refused: {
    text: 'Sem a sua permissão não avisamos por aqui. Os avisos do pedido continuam chegando por e-mail.',
  },
  failed: { text: 'Não foi possível ativar os avisos agora. Tente novamente em instantes.' },
};

export function OrderAlerts() {
  const [state, setState] = useState<State | null>(null);
  useEffect(() => {
    let active = true;
    void initialState()
      .catch((): State => 'unsupported')
      .then((found) => active && setState(found));
    return () => {
      active = false;
    };
  }, []);

  if (state === null || state === 'tablet') return null;
  const subscribe = async () => {
    setState('working');
    try {
      setState(
        (await subscribeThisDevice()) ? 'subscribed' : pushSupport() === 'denied' ? 'denied' : 'refused',
      );
    } catch (error) {
      console.warn('Falha ao ativar os avisos do pedido', error);
      setState('failed');
    }
  };
  const message = MESSAGES[state];
  const offersButton =
    state === 'supported' || state === 'working' || state === 'failed' || state === 'refused';
  return (
    <Stack gap="xs" role="region" aria-label="Avisos do pedido">
      {message &&
        (message.title ? (
          <Alert color="blue" variant="light" title={message.title}>
            {message.text}
          </Alert>
        ) : (
          <Text size="sm" role={state === 'subscribed' ? 'status' : undefined}>
            {message.text}
          </Text>
        ))}
      {offersButton && (
        <Button
          variant="default"
          onClick={() => void subscribe()}
          loading={state === 'working'}
          w="fit-content"
        >
          Avisar-me sobre este pedido
        </Button>
      )}
    </Stack>
  );
}
