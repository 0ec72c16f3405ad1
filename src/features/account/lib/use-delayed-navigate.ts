import { useCallback, useEffect, useRef } from 'react';
import { useNavigate, type NavigateOptions } from 'react-router-dom';

/**
 * Navigates after a delay (5 s after sign-in, registration, recovery and reset; 2 s after
 * a profile or password change). The timer dies with the screen, so leaving early never jumps back.
 */
export function useDelayedNavigate() {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (to: string, delayMs: number, options?: NavigateOptions) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => navigate(to, options), delayMs);
    },
    [navigate],
  );
}

export const AUTH_REDIRECT_MS = 5000;
export const ACCOUNT_REDIRECT_MS = 2000;
