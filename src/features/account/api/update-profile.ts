import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileUpdateOperation, type ProfileUpdatePayload } from '../../../api/customers';
import { phoneDigits } from '../../../domain/phone';
import { storeProfile } from '../../../storage/customer-session';
// Static on purpose: offline, a lazily loaded chunk might not be in the cache when it is needed.
import { QUEUED_TEXT, sendOrQueue } from '../../../storage/outbox';
import { accountKeys } from './keys';

export type ProfileUpdateResult = { kind: 'sent'; resposta: string } | { kind: 'queued'; resposta: string };

/**
 * APP_0047: saves landline, mobile and e-mail of the session customer. Without a network the change
 * waits in the outbox (docs/decisions/015-network-only-actions-say-so.md) and is sent when the connection is back; a refusal by the
 * server (401, 409, 400) is thrown so the form keeps what was typed and shows why.
 */
export async function updateProfile(payload: ProfileUpdatePayload): Promise<ProfileUpdateResult> {
  const result = await sendOrQueue(profileUpdateOperation, payload, 'Alteração do perfil');
  storeProfile({
    telcontato: phoneDigits(payload.fixo),
    telcelular: phoneDigits(payload.celular),
    email: payload.email.trim().toLowerCase(),
  });
  return result.kind === 'sent' ? result : { kind: 'queued', resposta: QUEUED_TEXT };
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // 'always': offline the change goes to the outbox (TanStack would otherwise pause it).
    networkMode: 'always',
    // A queued change is not on the server yet: asking for the profile now would undo it on screen.
    onSuccess: (result) =>
      result.kind === 'sent'
        ? queryClient.invalidateQueries({ queryKey: accountKeys.profiles() })
        : undefined,
  });
}
