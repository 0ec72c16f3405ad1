import { useMutation } from '@tanstack/react-query';
import { contactMessageOperation, type ContactPayload } from '../../../api/customers';
// Static on purpose: offline, a lazily loaded chunk might not be in the cache when it is needed.
import { QUEUED_TEXT, sendOrQueue } from '../../../storage/outbox';

export type ContactResult = { kind: 'sent' | 'queued'; resposta: string };

/**
 * Sends a contact message (APP_0051); the answer's `resposta` is shown to the person as is.
 * Without a network the message waits in the outbox and goes when the connection is back
 * (docs/decisions/015-network-only-actions-say-so.md); a refusal by the server is thrown, so the form keeps what was typed.
 */
export async function sendContactMessage(payload: ContactPayload): Promise<ContactResult> {
  const result = await sendOrQueue(contactMessageOperation, payload, 'Mensagem de contato');
  return result.kind === 'sent' ? result : { kind: 'queued', resposta: QUEUED_TEXT };
}

export function useSendContactMessage() {
  // 'always': offline the message goes to the outbox at once instead of the mutation pausing.
  return useMutation({ mutationFn: sendContactMessage, networkMode: 'always' });
}
