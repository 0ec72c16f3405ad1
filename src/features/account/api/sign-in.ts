import { useMutation } from '@tanstack/react-query';
import { callOperation } from '../../../api/client';
import { signInOperation, type LoginPayload } from '../../../api/customers';

/** APP_0045: signs in with CPF or CNPJ and password; the server sets the session cookie. */
export function signIn(payload: LoginPayload) {
  return callOperation(signInOperation, { body: payload });
}

export function useSignIn() {
  // 'always': offline the call fails at once with a clear message instead of waiting, paused, for a network.
  return useMutation({ mutationFn: signIn, networkMode: 'always' });
}
