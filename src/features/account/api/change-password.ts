import { useMutation } from '@tanstack/react-query';
import { callOperation } from '../../../api/client';
import { passwordChangeOperation, type PasswordChangePayload } from '../../../api/customers';

/** APP_0048: changes the password of the session customer (the current one is required). */
export function submitPasswordChange(payload: PasswordChangePayload) {
  return callOperation(passwordChangeOperation, { body: payload });
}

export function useChangePassword() {
  // 'always': offline the call fails at once with a clear message instead of waiting, paused, for a network.
  return useMutation({ mutationFn: submitPasswordChange, networkMode: 'always' });
}
