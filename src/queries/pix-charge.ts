import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../api/client';
import { isApiError } from '../api/errors';
import type { AnswerOf } from '../api/define';
import { pixPaymentOperation, pixCodeOperation, pixStatusOperation, type PixData } from '../api/pix';

// A Pix charge of an order, for the checkout and for 'Pagar com PIX' in 'Meus Pedidos': its code
// and its payment state, polled every 10 s.

/** The payment state is polled every 10 s. */
export const PIX_POLL_MS = 10_000;

/** APP_0063: opens or gives back the Pix charge of an order; 201 with the payment id. */
async function requestPixPayment(idmov: number): Promise<string> {
  const answer = await callOperation(pixPaymentOperation, { body: { idmov } });
  return answer.PaymentId ?? answer.resposta;
}

/** APP_0079: the QR code and copia-e-cola payload of a charge. */
function getPixData(paymentId: string, idmov: number): Promise<PixData> {
  return callOperation(pixCodeOperation, { body: { PaymentId: paymentId, idmov } });
}

/**
 * The code to pay order `idmov`: APP_0063 then APP_0079. A failed APP_0063 throws; a failed
 * APP_0079 is only logged ('PIX ERRO') and answers null.
 */
export async function requestPixCode(idmov: number): Promise<PixData | null> {
  const paymentId = await requestPixPayment(idmov);
  try {
    return await getPixData(paymentId, idmov);
  } catch (error) {
    console.warn('PIX ERRO', error);
    return null;
  }
}

/** APP_0080 answers 410 once the charge expired and 409 once the order was cancelled: stop asking. */
const isFinal = (error: unknown) => isApiError(error) && (error.status === 410 || error.status === 409);

/** One query per charge (`chargeKey`, e.g. its txid): a renewed charge is polled afresh. */
export const pixStatusQueryOptions = (idmov: number | null, chargeKey: string | null = null) =>
  queryOptions({
    queryKey: ['pix', 'status', idmov, chargeKey],
    queryFn: ({ signal }): Promise<AnswerOf<typeof pixStatusOperation>> =>
      callOperation(pixStatusOperation, { query: { idmov: idmov! }, signal }),
    enabled: idmov !== null,
    // The shopper may pay on the phone while this tab is in the background.
    refetchInterval: (query) => (query.state.data?.pago || isFinal(query.state.error) ? false : PIX_POLL_MS),
    refetchIntervalInBackground: true,
    // A polling error is only logged and the next tick asks again.
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });

/** The payment state of order `idmov` while the code of a charge is shown (null: not polling). */
export function usePixStatus(idmov: number | null, chargeKey: string | null = null) {
  return useQuery(pixStatusQueryOptions(idmov, chargeKey));
}
