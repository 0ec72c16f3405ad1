import { useEffect } from 'react';
import { markBusy, type TakeoverWindow } from '../browser/busy-button';
import { WAIT_NOTE_ID } from '../config/page-data';
import { applyEarlyAdds } from '../storage/apply-early-adds';
import { EARLY_ADD_EVENT } from '../storage/early-adds';

/**
 * Runs once the app has taken over the page (hydrated or rendered). The page's own script
 * (src/early) answered 'Adicionar' / 'COMPRAR AGORA' until then and queued those adds: they go into
 * the cart first (and any it queues later, as it comes). Then every other tap on a button made
 * before is replayed, and the page is marked ready (`<html data-pronto>`).
 */
export function useAppReady(): void {
  useEffect(() => {
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
      setTimeout(() => replay(index + 1), 0);
    };
    const applyLater = () => void applyEarlyAdds().catch(() => undefined);
    window.addEventListener(EARLY_ADD_EVENT, applyLater);
    void applyEarlyAdds()
      .catch(() => undefined)
      .finally(() => {
        document.getElementById(WAIT_NOTE_ID)?.remove();
        replay(0);
        document.documentElement.setAttribute('data-pronto', '');
      });
    return () => window.removeEventListener(EARLY_ADD_EVENT, applyLater);
  }, []);
}
