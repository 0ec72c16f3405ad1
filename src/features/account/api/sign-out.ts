import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../api/client';
import { signOutOperation } from '../../../api/customers';
import { clearPersonalData } from '../../../storage/customer-session';
import { forgetThisDevice } from '../../../storage/push-subscription';

/**
 * 'Sair da Conta': ends the server session (APP_0099), then clears every personal trace in the
 * browser. Local data is cleared even when the call fails (offline, or a real DataSnap without
 * APP_0099): a shared tablet must not keep the customer's data because the network was down.
 */
export async function signOut(): Promise<void> {
  // First, while the session lasts: this device stops receiving the customer's order notices.
  try {
    await forgetThisDevice();
  } catch (error) {
    console.warn('Não foi possível cancelar os avisos deste aparelho', error);
  }
  try {
    await callOperation(signOutOperation);
  } catch (error) {
    console.warn('Não foi possível encerrar a sessão no servidor', error);
  }
  await clearPersonalData();
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    // 'always': signing out offline must still clear the device at once.
    networkMode: 'always',
    // Answers held in memory (profile, orders, order details, checkout) are the customer's too;
    // only the public catalogue stays cached.
    onSettled: () => queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'catalogue' }),
  });
}
