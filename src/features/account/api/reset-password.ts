import { useMutation } from '@tanstack/react-query';
import { callOperation } from '../../../api/client';
import { passwordResetOperation, type ResetPayload } from '../../../api/customers';

/** APP_0040: sets a new password with the token of the recovery link (`acess`). */
export function submitPasswordReset(payload: ResetPayload) {
  return callOperation(passwordResetOperation, { body: payload });
}

export function useResetPassword() {
  // 'always': offline the call fails at once with a clear message instead of waiting, paused, for a network.
  return useMutation({ mutationFn: submitPasswordReset, networkMode: 'always' });
}
