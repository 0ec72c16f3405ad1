import { useEffect, useState, type ReactNode } from 'react';
import { Box, useMantineTheme, type MantineBreakpoint } from '@mantine/core';

/**
 * A part of the page shown from a breakpoint up (below it CSS hides it, Mantine's `visibleFrom`),
 * such as the listing's side panel of filters. On a narrower screen its server-rendered markup is
 * left as it is, unseen and not hydrated, so a phone does not spend its start on components it
 * never shows (npm run bench: Total Blocking Time). Widened past the breakpoint (a tablet turned),
 * the part renders and works.
 */
export function WideScreenOnly({
  from,
  label,
  children,
}: {
  from: MantineBreakpoint;
  /** The landmark's name (an `<aside>`). */
  label: string;
  children: ReactNode;
}) {
  const query = `(min-width: ${useMantineTheme().breakpoints[from]})`;
  // Decided once, at the first render, from the window itself: hydration keeps the server's
  // markup either way (React does not compare an element's inner HTML).
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
  return wide ? (
    <Box component="aside" aria-label={label} visibleFrom={from}>
      {children}
    </Box>
  ) : (
    <Box
      component="aside"
      aria-label={label}
      visibleFrom={from}
      dangerouslySetInnerHTML={{ __html: '' }}
      suppressHydrationWarning
    />
  );
}
