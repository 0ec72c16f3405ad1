import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../api/client';
import {
  accountErasureOperation,
  personalDataExportOperation,
  type AccountErasurePayload,
} from '../../../api/personal-data';
import { forgetPersonalAnswers } from '../../../queries/personal-answers';
import { clearPersonalData } from '../../../storage/customer-session';
import { stopThisDeviceNotices } from './sign-out';

/** LGPD_MEUS_DADOS: everything the store holds about the session customer. */
export function fetchPersonalData() {
  return callOperation(personalDataExportOperation);
}

export function useDownloadPersonalData() {
  // A download on demand, never cached: a mutation, so no answer stays in the query cache.
  return useMutation({ mutationFn: fetchPersonalData, networkMode: 'always' });
}

/**
 * LGPD_EXCLUIR_CONTA, then, as after 'Sair da Conta', every personal trace in the browser goes:
 * this device's push subscription (the server already dropped its row), the stored customer data
 * and the customer's answers in memory.
 */
export async function eraseAccount(payload: AccountErasurePayload) {
  const answer = await callOperation(accountErasureOperation, { body: payload });
  await stopThisDeviceNotices();
  await clearPersonalData();
  return answer;
}

export function useEraseAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseAccount,
    networkMode: 'always',
    onSuccess: () => forgetPersonalAnswers(queryClient),
  });
}
