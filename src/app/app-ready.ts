import { useEffect } from 'react';

type ReadyWindow = Window & { __appReady?: boolean; __pendingClicks?: HTMLElement[] };

/**
 * Runs once the app has taken over the page (hydrated or rendered): replays the buttons tapped
 * before that (index.html keeps them), and marks the page ready (`<html data-pronto>`).
 */
export function useAppReady(): void {
  useEffect(() => {
    const w = window as ReadyWindow;
    w.__appReady = true;
    const pending = w.__pendingClicks?.splice(0) ?? [];
    for (const button of pending) if (button.isConnected) button.click();
    document.documentElement.setAttribute('data-pronto', '');
  }, []);
}
