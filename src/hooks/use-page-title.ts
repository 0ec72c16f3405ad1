import { useEffect } from 'react';
import { STORE_NAME } from '../domain/store';

/**
 * Names the browser tab after the screen ('Torneira X | Casa & Obra', WCAG 2.4.2) and puts the
 * previous title back when the screen goes, so screens that set none do not inherit a stale one.
 */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = `${title} | ${STORE_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
