import type { TakeoverWindow } from '../domain/takeover';

/** Notes, in the frame that shows it, how long after the first early tap its feedback or its answer came. */
export function noteEarlyTap(w: TakeoverWindow, what: 'feedback' | 'answer'): void {
  const tap = w.__earlyTap;
  if (!tap || tap[what] !== undefined) return;
  w.requestAnimationFrame(() => {
    tap[what] ??= w.performance.now() - tap.start;
  });
}

/** A button whose tap has been taken but not yet answered: busy for screen readers and the pointer. */
export function markBusy(button: HTMLElement, busy: boolean): void {
  if (busy) button.setAttribute('aria-busy', 'true');
  else button.removeAttribute('aria-busy');
  // An empty value removes the property.
  button.style.cursor = busy ? 'progress' : '';
}
