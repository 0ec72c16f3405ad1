import { useEffect, useState, useSyncExternalStore } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { paths } from '../../config/paths';
import { applyUpdate, isUpdateWaiting, startServiceWorker, subscribeToUpdate } from './service-worker';
import { usePathname, type LocationSource } from './location-source';
import { subscribeToTypedInput, typedInFormOn } from './typed-input';
import { useTabletMarker } from '../../storage/tablet-marker';

export const UPDATE_AVAILABLE_TEXT = 'Nova versão disponível';

/**
 * True after the person typed into a form on this screen, until they submit it or move on: a
 * reload now would throw their input away (noted from the page's load, see typed-input.ts).
 */
function useTypedInForm(pathname: string): boolean {
  const typedOn = useSyncExternalStore(subscribeToTypedInput, typedInFormOn, () => null);
  return typedOn === pathname;
}

/**
 * Whether to offer the waiting version now. Reloading would lose a checkout in progress or typed
 * input, so the offer waits for the person to leave checkout, submit the form or move on.
 */
export function shouldOfferUpdate(state: { waiting: boolean; typed: boolean; pathname: string }): boolean {
  const inCheckout = state.pathname === paths.checkout || state.pathname.startsWith(`${paths.checkout}/`);
  return state.waiting && !state.typed && !inCheckout;
}

/**
 * Registers the service worker and, when a new version is waiting, offers 'Atualizar'. The offer
 * waits while a checkout is open or a form has typed input.
 */
export function UpdatePrompt({ locationSource }: { locationSource: LocationSource }) {
  useEffect(startServiceWorker, []);
  const waiting = useSyncExternalStore(subscribeToUpdate, isUpdateWaiting, () => false);
  const pathname = usePathname(locationSource);
  const typed = useTypedInForm(pathname);
  const [updating, setUpdating] = useState(false);
  const offer = shouldOfferUpdate({ waiting, typed, pathname });
  // A paired store tablet has no one to ask: it applies the new version by itself, but only on a
  // screen where the same rules would offer it (no checkout, no form being filled).
  const tablet = useTabletMarker() !== null;
  useEffect(() => {
    if (tablet && offer) applyUpdate();
  }, [tablet, offer]);

  if (!offer) return null;
  return (
    <Paper role="status" withBorder shadow="md" radius="md" p="sm" mx="md" mb="sm">
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm" fw={600}>
          {UPDATE_AVAILABLE_TEXT}
        </Text>
        <Button
          size="xs"
          color="red.8"
          loading={updating}
          onClick={() => {
            setUpdating(true);
            applyUpdate();
          }}
        >
          Atualizar
        </Button>
      </Group>
    </Paper>
  );
}
