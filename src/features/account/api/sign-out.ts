import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signOutOperation } from '../../../api/customers';
import { isApiError } from '../../../api/errors';
import { forgetPersonalAnswers } from '../../../queries/personal-answers';
import { clearPersonalData } from '../../../storage/customer-session';
import { forgetThisDevice } from '../../../storage/push-subscription';

/**
 * Ends the server session (APP_0099) now, or, with no network (or a server that failed), queues it
 * with the other writes that wait (src/storage/outbox.ts): it is sent as soon as the device is back
 * online, so a shared tablet signed out with no signal does not keep the session open on the server.
 */
async function endServerSession(): Promise<void> {
  const { enqueue, sendOrQueue, SIGN_OUT_LABEL } = await import('../../../storage/outbox');
  try {
    await sendOrQueue(signOutOperation, undefined, SIGN_OUT_LABEL);
  } catch (error) {
    if (isApiError(error) && error.status >= 500) await enqueue(signOutOperation, undefined, SIGN_OUT_LABEL);
    // A real DataSnap has no APP_0099 (404): its session is not ours to end.
    else throw error;
  }
}

/** This device stops receiving the customer's order notices; a failure is only logged. */
export async function stopThisDeviceNotices(): Promise<void> {
  try {
    await forgetThisDevice();
  } catch (error) {
    console.warn('Não foi possível cancelar os avisos deste aparelho', error);
  }
}

/**
 * 'Sair da Conta': ends the server session (APP_0099, queued when it cannot be sent now), then
 * clears every personal trace in the browser. Local data is cleared even when the call fails
 * (offline, or a real DataSnap without APP_0099): a shared tablet must not keep the customer's data
 * because the network was down.
 */
export async function signOut(): Promise<void> {
  // First, while the session lasts: this device stops receiving the customer's order notices.
  await stopThisDeviceNotices();
  try {
    await endServerSession();
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
    // Answers held in memory are the customer's too; only the public catalogue stays cached.
    onSettled: () => forgetPersonalAnswers(queryClient),
  });
}
