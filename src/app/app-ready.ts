import { useEffect } from 'react';

type ReadyWindow = Window & { __appReady?: boolean; __pendingClicks?: HTMLElement[] };

/**
 * Runs once the app has taken over the page (hydrated or rendered): replays every tap on a button
 * made before that (index.html keeps them, and shows each at once), and marks the page ready (`<html data-pronto>`).
 */
export function useAppReady(): void {
  useEffect(() => {
    const w = window as ReadyWindow;
    w.__appReady = true;
    const pending = w.__pendingClicks?.splice(0) ?? [];
    for (const button of pending) {
      button.removeAttribute('aria-busy');
      button.style.removeProperty('cursor');
    }
    document.getElementById('toque-guardado')?.remove();
    // Every kept tap, in order, each in its own task so the screen has taken the one before
    // (three taps on '+' add three: a handler reading its state sees the previous tap's result).
    const replay = (index: number) => {
      const button = pending[index];
      if (!button) return;
      if (button.isConnected) button.click();
      setTimeout(() => replay(index + 1), 0);
    };
    replay(0);
    document.documentElement.setAttribute('data-pronto', '');
  }, []);
}
