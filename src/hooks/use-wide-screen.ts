import { useEffect, useState, type ReactNode } from 'react';
import { useMantineTheme, type MantineBreakpoint } from '@mantine/core';

// Parts of a page that CSS hides below a breakpoint (the listing's side panel of filters, the
// desktop category bar) are rendered by the server for every width. On a narrower screen the app
// leaves their server markup as it is, unseen and not hydrated, so a phone does not spend its start
// on components it never shows (npm run bench: Total Blocking Time). Widened past the breakpoint (a
// tablet turned), they render and work.

/**
 * Whether the window is at least `from` wide, decided at the first render from the window itself
 * (hydration keeps the server's markup either way: React does not compare an element's inner
 * HTML), and true from when it widens. Always true on the server.
 */
export function useWideScreen(from: MantineBreakpoint): boolean {
  const query = `(min-width: ${useMantineTheme().breakpoints[from]})`;
  const [wide, setWide] = useState(() => typeof window === 'undefined' || window.matchMedia(query).matches);
  useEffect(() => {
    if (wide) return;
    const media = window.matchMedia(query);
    const widened = () => {
      if (media.matches) setWide(true);
    };
    media.addEventListener('change', widened);
    return () => media.removeEventListener('change', widened);
  }, [query, wide]);
  return wide;
}

/**
 * The inside of such a part's outer element: `children` when wide; while narrow, props that keep
 * the element's server-rendered inside as it is.
 */
export function insideWhenWide(wide: boolean, children: ReactNode) {
  return wide
    ? { children }
    : { dangerouslySetInnerHTML: { __html: '' }, suppressHydrationWarning: true as const };
}
