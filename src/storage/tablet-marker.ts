import { useMemo } from 'react';
import type { TabletAnswer } from '../api/store-mode';
import { readLocalJson, useLocalValue, writeLocal } from './session-keys';

// Whether this device is a paired store tablet, as the screens know it: a plain marker written
// after pairing and confirmed by LOJA_TABLET. It grants nothing: every staff call is checked on the
// server against the HttpOnly credential. Read only in effects or through the hook (never during
// a server render), so cached catalogue pages stay the same for everyone.

export type TabletMarker = Pick<TabletAnswer, 'loja' | 'tablet'>;

export function readTabletMarker(): TabletMarker | null {
  return readLocalJson<TabletMarker | null>('loja_tablet', null);
}

export function saveTabletMarker(marker: TabletMarker | null): void {
  writeLocal('loja_tablet', marker ? { loja: marker.loja, tablet: marker.tablet } : null);
}

/** The marker as React state: null for every ordinary shopper, and on the server. */
export function useTabletMarker(): TabletMarker | null {
  const raw = useLocalValue('loja_tablet');
  return useMemo(() => {
    if (!raw) return null;
    try {
      const parsed = JSON.parse(raw) as TabletMarker;
      return parsed?.loja?.id ? parsed : null;
    } catch {
      return null;
    }
  }, [raw]);
}
