import { useEffect } from 'react';
import { Button, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError, messageOf } from '../../../api/errors';
import { requestPixCode, usePixStatus } from '../../../queries/pix-charge';
import { PixPanel } from '../../../components/pix-panel';
import { toast } from '../../../browser/toast';
import { ErrorText } from '../../../components/error-text';

const PIX_ERROR = 'Erro ao processar pagamento. Tente novamente.';

/**
 * 'Pagar com PIX' for an order still waiting for its Pix: the code, its countdown, and the payment
 * state polled every 10 s; once paid the order list is asked again (it moves to the first stage).
 */
export function PendingPixPayment({ orderId }: { orderId: number }) {
  const queryClient = useQueryClient();
  const code = useMutation({ mutationFn: () => requestPixCode(orderId) });
  const pix = code.data ?? null;
  const status = usePixStatus(pix ? orderId : null, pix ? (pix.txid ?? pix.payload) : null);
  const paid = status.data?.pago === true;
  const expired = isApiError(status.error) && status.error.status === 410;

  useEffect(() => {
    if (!paid) return;
    toast.success('Pagamento confirmado com sucesso!');
    void queryClient.invalidateQueries({ queryKey: ['account', 'orders'] });
  }, [paid, queryClient]);

  if (!pix) {
    const error = code.isError ? messageOf(code.error, PIX_ERROR) : code.isSuccess ? PIX_ERROR : null;
    return (
      <Stack gap="xs" align="flex-start">
        <Button color="red.8" size="sm" loading={code.isPending} onClick={() => code.mutate()}>
          Pagar com PIX
        </Button>
        <ErrorText>{error}</ErrorText>
      </Stack>
    );
  }
  return (
    <PixPanel
      pix={expired ? { ...pix, expiraEm: new Date(0).toISOString() } : pix}
      error={null}
      paid={paid}
      busy={code.isPending}
      onGenerate={() => code.mutate()}
      onExpired={() => code.mutate()}
    />
  );
}
