import { useEffect, useState } from 'react';
import { Loader } from '@mantine/core';
import { useNavigation } from 'react-router-dom';
import classes from './navigation-overlay.module.css';

/** The overlay never stays longer than this, even if the next screen is still loading. */
export const OVERLAY_MAX_MS = 2000;
/** A screen that is ready this fast never shows the overlay at all: no flash (docs/decisions/009-navigation-overlay.md). */
export const OVERLAY_DELAY_MS = 100;

/**
 * 'Carregando...' over the whole page while the router loads the next screen's code after a
 * navigation click, for at most 2000 ms. A ready screen is never held back: the overlay follows
 * the router's loading state instead of a fixed timer.
 */
export function NavigationOverlay() {
  const navigation = useNavigation();
  const pendingKey = navigation.state === 'loading' ? navigation.location.key : null;
  const [shown, setShown] = useState<{ key: string; on: boolean } | null>(null);

  useEffect(() => {
    if (!pendingKey) return;
    const show = window.setTimeout(() => setShown({ key: pendingKey, on: true }), OVERLAY_DELAY_MS);
    const hide = window.setTimeout(() => setShown({ key: pendingKey, on: false }), OVERLAY_MAX_MS);
    return () => {
      window.clearTimeout(show);
      window.clearTimeout(hide);
    };
  }, [pendingKey]);

  const visible = pendingKey !== null && shown?.key === pendingKey && shown.on;
  return (
    <div role="status" aria-live="polite" className={visible ? classes.overlay : undefined}>
      {visible && (
        <>
          <Loader color="red.8" aria-hidden="true" />
          <span>Carregando...</span>
        </>
      )}
    </div>
  );
}
