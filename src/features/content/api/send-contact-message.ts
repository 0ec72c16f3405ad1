import { useMutation } from '@tanstack/react-query';
import { callOperation } from '../../../api/client';
import { APP_0051, type ContactPayload } from '../../../api/customers';

/** Sends a contact message (APP_0051); the answer's `resposta` is shown to the person as is. */
export function sendContactMessage(payload: ContactPayload) {
  return callOperation(APP_0051, { body: payload });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
