import { useEffect, useRef, useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { isSignedIn } from '../../../storage/customer-session';
import { useSessionValue } from '../../../storage/session-keys';
import { signOutStaff, useStaffMember } from '../api/staff';
import { useTablet } from '../api/tablet';

/** A shared tablet ends a customer's visit after this long without a touch... */
export const IDLE_SIGN_OUT_MS = 5 * 60 * 1000;
/** ...counting down on screen for the last part. */
export const IDLE_COUNTDOWN_MS = 30 * 1000;
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/**
 * Shared-tablet privacy: on a paired tablet, with a customer or a seller signed in or a cart started, five
 * minutes without a touch end the visit (`onExpire`: the same clearing as 'Sair da Conta', and the
 * cart), with a visible countdown in the last 30 seconds. Time is read from Date.now and timers, so
 * a test moves it with a fake clock instead of waiting.
 */
export function IdleSignOut({ onExpire }: { onExpire: () => Promise<void> }) {
  const tablet = useTablet();
  const signedIn = isSignedIn(useSessionValue('nome'));
  const cartCount = Number(useSessionValue('cartItemCount') ?? 0);
  const staff = useStaffMember();
  const queryClient = useQueryClient();
  const watching = tablet !== null && (signedIn || cartCount > 0 || staff !== null);
  // The seller's session ends with the customer's visit: the next person at the tablet starts signed out.
  const expire = async () => {
    if (staff) await signOutStaff(queryClient).catch(() => undefined);
    await onExpire();
  };
  return watching ? <IdleCountdown onExpire={expire} /> : null;
}

function IdleCountdown({ onExpire }: { onExpire: () => Promise<void> }) {
  const lastTouch = useRef(0);
  const [left, setLeft] = useState(IDLE_SIGN_OUT_MS);
  const expire = useRef(onExpire);
  useEffect(() => {
    expire.current = onExpire;
  });

  useEffect(() => {
    lastTouch.current = Date.now();
    const touched = () => {
      lastTouch.current = Date.now();
      setLeft(IDLE_SIGN_OUT_MS);
    };
    for (const name of ACTIVITY_EVENTS)
      window.addEventListener(name, touched, { passive: true, capture: true });
    let ended = false;
    const tick = () => {
      const remaining = IDLE_SIGN_OUT_MS - (Date.now() - lastTouch.current);
      setLeft(remaining);
      if (remaining <= 0 && !ended) {
        ended = true;
        void expire.current();
      }
    };
    const timer = setInterval(tick, 1000);
    return () => {
      clearInterval(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, touched, { capture: true });
    };
  }, []);

  if (left > IDLE_COUNTDOWN_MS || left <= 0) return null;
  const seconds = Math.ceil(left / 1000);
  return (
    <Paper
      role="alertdialog"
      aria-labelledby="inatividade"
      withBorder
      shadow="lg"
      radius="md"
      p="md"
      style={{
        position: 'fixed',
        left: 16,
        right: 16,
        bottom: 16,
        zIndex: 500,
        maxWidth: 560,
        margin: '0 auto',
      }}
    >
      <Group justify="space-between" gap="sm">
        <Text id="inatividade" fw={700}>
          Por inatividade, a sessão será encerrada e o carrinho esvaziado em {seconds} s.
        </Text>
        <Button size="lg">Continuar</Button>
      </Group>
    </Paper>
  );
}
