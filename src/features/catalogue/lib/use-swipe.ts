import { useRef, type TouchEvent } from 'react';

/** A horizontal swipe longer than this changes the slide; shorter ones are taps or scrolls. */
const SWIPE_THRESHOLD_PX = 40;

/**
 * Touch handlers for a slide show: a swipe to the left asks for the next slide (`step(1)`), to the
 * right for the previous one (`step(-1)`).
 */
export function useSwipe(step: (direction: 1 | -1) => void) {
  const touchStart = useRef<number | null>(null);
  return {
    onTouchStart: (event: TouchEvent) => {
      touchStart.current = event.touches[0]?.clientX ?? null;
    },
    onTouchEnd: (event: TouchEvent) => {
      const start = touchStart.current;
      touchStart.current = null;
      const end = event.changedTouches[0]?.clientX;
      if (start === null || end === undefined) return;
      if (start - end > SWIPE_THRESHOLD_PX) step(1);
      else if (end - start > SWIPE_THRESHOLD_PX) step(-1);
    },
  };
}
