import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../api/client';
import { APP_0047, type ProfileUpdatePayload } from '../../../api/customers';
import { storeProfile } from '../../../storage/customer-session';
import { phoneDigits } from '../../../domain/phone';

/** APP_0047: saves landline, mobile and e-mail of the session customer. */
export async function updateProfile(payload: ProfileUpdatePayload) {
  const answer = await callOperation(APP_0047, { body: payload });
  storeProfile({
    telcontato: phoneDigits(payload.fixo),
    telcelular: phoneDigits(payload.celular),
    email: payload.email.trim().toLowerCase(),
  });
  return answer;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['account', 'profile'] }),
  });
}
