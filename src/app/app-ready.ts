import { useEffect } from 'react';
import { markBusy, noteEarlyTap } from '../browser/busy-button';
import {
  EARLY_ADD_EVENT,
  EARLY_UI,
  READY_ATTRIBUTE,
  WAIT_NOTE_ID,
  type TakeoverWindow,
} from '../domain/takeover';
import { applyEarlyAdds } from '../storage/apply-early-adds';

/**
 * A link of the page's own dialog (src/early: 'Finalizar Compra', 'Continuar Comprando'), followed
 * once the app is there, goes through the app like the app's own links, closing that dialog,
 * instead of loading the whole page again. Its address when it should; null for a click the
 * browser should take (another window, another site).
 */
function earlyLinkTarget(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || !link.closest(`[${EARLY_UI}]`)) return null;
  const url = new URL(link.href);
  return url.origin === window.location.origin ? url.pathname + url.search + url.hash : null;
}

/**
 * Runs once the app has taken over the page (hydrated or rendered). The page's own script
 * (src/early) answered 'Adicionar' / 'COMPRAR AGORA' until then and queued those adds: they go into
 * the cart first (and any it queues later, as it comes). Then every other tap on a button made
 * before is replayed, and the page is marked ready (`<html data-pronto>`). `navigate` follows a
 * link of the page's own dialog if it is still open.
 */
export function useAppReady(navigate: (to: string) => void): void {
  useEffect(() => {
    const followInApp = (event: MouseEvent) => {
      const to = earlyLinkTarget(event);
      if (to === null) return;
      event.preventDefault();
      (event.target as Element).closest('dialog')?.close();
      navigate(to);
    };
    document.addEventListener('click', followInApp);
    const w = window as TakeoverWindow;
    w.__appReady = true;
    const pending = w.__pendingClicks?.splice(0) ?? [];
    // Every kept tap, in order, each in its own task so the screen has taken the one before
    // (three taps on '+' add three: a handler reading its state sees the previous tap's result).
    const replay = (index: number) => {
      const button = pending[index];
      if (!button) return;
      markBusy(button, false);
      if (button.isConnected) button.click();
      // A kept tap is answered now: the first one's answer for the field measurement.
      noteEarlyTap(w, 'answer');
      setTimeout(() => replay(index + 1), 0);
    };
    const applyLater = () => void applyEarlyAdds().catch(() => undefined);
    window.addEventListener(EARLY_ADD_EVENT, applyLater);
    void applyEarlyAdds()
      .catch(() => undefined)
      .finally(() => {
        document.getElementById(WAIT_NOTE_ID)?.remove();
        replay(0);
        document.documentElement.setAttribute(READY_ATTRIBUTE, '');
      });
    return () => {
      window.removeEventListener(EARLY_ADD_EVENT, applyLater);
      document.removeEventListener('click', followInApp);
    };
  }, [navigate]);
}
