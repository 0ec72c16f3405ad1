/** Marks the page's sticky header, whose height changes with the width (one row, two, the search beneath). */
export const STICKY_HEADER_ATTRIBUTE = 'data-sticky-header';

/** Room left between the header and what is scrolled to. */
const GAP_PX = 16;

/**
 * Scrolls so an element's top sits just below the sticky header, fully visible, at every width
 * (a fixed 100 px would leave it under the 127 px desktop header; see
 * docs/decisions/021-header-at-every-width.md). Call it from an event handler: it reads the layout.
 */
export function scrollBelowHeader(element: Element | null | undefined, smooth: boolean): void {
  if (!element) return;
  const header = document.querySelector(`[${STICKY_HEADER_ATTRIBUTE}]`);
  const offset = (header?.getBoundingClientRect().bottom ?? 0) + GAP_PX;
  const top = element.getBoundingClientRect().top + window.scrollY - offset;
  window.scrollTo({ top: Math.max(0, top), behavior: smooth ? 'smooth' : 'auto' });
}
