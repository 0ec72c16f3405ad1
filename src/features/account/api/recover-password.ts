import { useMutation } from '@tanstack/react-query';
import { callOperation } from '../../../api/client';
import { passwordRecoveryOperation } from '../../../api/customers';

/** APP_0036: asks for a reset link by e-mail (same answer whether or not the e-mail exists). */
export function recoverPassword(email: string) {
  return callOperation(passwordRecoveryOperation, { body: { email } });
}

export function useRecoverPassword() {
  // 'always': offline the call fails at once with a clear message instead of waiting, paused, for a network.
  return useMutation({ mutationFn: recoverPassword, networkMode: 'always' });
}
