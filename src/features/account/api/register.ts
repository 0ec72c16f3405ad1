import { useMutation } from '@tanstack/react-query';
import { callOperation } from '../../../api/client';
import { registerOperation, type RegistrationPayload } from '../../../api/customers';

/** APP_0035: creates a pessoa física or jurídica account (does not sign in). */
export function register(payload: RegistrationPayload) {
  return callOperation(registerOperation, { body: payload });
}

export function useRegister() {
  // 'always': offline the call fails at once with a clear message instead of waiting, paused, for a network.
  return useMutation({ mutationFn: register, networkMode: 'always' });
}
