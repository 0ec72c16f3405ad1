import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { isApiError } from '../../../api/errors';
import { toast } from '../../../browser/toast';
import { paths } from '../../../config/paths';
import { forgetCustomer, isSignedIn } from '../../../storage/customer-session';
import { writeSession } from '../../../storage/session-keys';

export const SESSION_EXPIRED_MESSAGE = 'Sua sessão expirou. Entre novamente.';

/** Navigation state the login screen reads to explain why the shopper is there. */
export interface LoginLocationState {
  sessionExpired?: boolean;
}

/**
 * A 401 from a customer-area call means the server session is gone (expired, or ended by a password
 * reset elsewhere). Sends the shopper to /login with a clear message and `redirect` set to where
 * they were; callers keep what was typed (the profile draft) before calling it. Returns whether
 * the error was a 401.
 */
export function useSessionExpiry(): (error: unknown) => boolean {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (error: unknown) => {
      if (!isApiError(error) || error.status !== 401) return false;
      // Signed out meanwhile ('Sair da Conta'): a late answer of the old session changes nothing.
      if (!isSignedIn()) return true;
      writeSession('redirect', `${location.pathname}${location.search}`);
      forgetCustomer();
      toast.warning(SESSION_EXPIRED_MESSAGE);
      const state: LoginLocationState = { sessionExpired: true };
      navigate(paths.login, { state });
      return true;
    },
    [location.pathname, location.search, navigate],
  );
}
