/**
 * What the page's early script (src/early) and the app (src/app/app-ready.ts) share on window
 * while the app takes a server-rendered page over: whether it has, the taps kept until then, and
 * the first of those taps' figures (the field measurement sends them: src/features/field-measurement).
 */
export type TakeoverWindow = Window & {
  __appReady?: boolean;
  __pendingClicks?: HTMLElement[];
  __earlyTap?: EarlyTap;
};

/** The first tap before the app took over: when (the event's time), and ms from it to its feedback and to its answer. */
export interface EarlyTap {
  start: number;
  feedback?: number;
  answer?: number;
}

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
  if (busy) {
    button.setAttribute('aria-busy', 'true');
    button.style.cursor = 'progress';
  } else {
    button.removeAttribute('aria-busy');
    button.style.removeProperty('cursor');
  }
}
