/**
 * What the page's early script (src/early) and the app (src/app/app-ready.ts) share on window
 * while the app takes a server-rendered page over: whether it has, and the taps kept until then.
 */
export type TakeoverWindow = Window & { __appReady?: boolean; __pendingClicks?: HTMLElement[] };

/** A button whose tap has been taken but not yet answered: busy for screen readers and the pointer. */
export function markBusy(button: HTMLElement, busy: boolean): void {
  if (busy) {
    button.setAttribute('aria-busy', 'true');
    button.style.cursor = 'progress';
  } else {
    button.removeAttribute('aria-busy');
    button.style.removeProperty('cursor');
  }
}
