import { Alert, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { STOCK_ALERT_BAD_LINK_MESSAGE } from '../../../api/stock-alerts';
import { messageOf } from '../../../api/errors';
import { ErrorText } from '../../../components/error-text';
import { OnlineOnlyButton } from '../../../components/online-only-button';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useCancelStockAlert } from '../api/stock-alerts';

// The page of the one-tap link in a back-in-stock alert's e-mails (?token=): no sign-in needed. It
// cancels on the tap, not on opening: a mail scanner that opens links cancels nothing.

export function StockAlertCancel() {
  usePageTitle('Cancelar aviso');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const cancel = useCancelStockAlert();
  return (
    <Stack gap="md" maw={560}>
      <Title order={1} size="h2">
        Cancelar aviso
      </Title>
      {!token ? (
        <Alert color="red" role="alert">
          {STOCK_ALERT_BAD_LINK_MESSAGE}
        </Alert>
      ) : cancel.isSuccess ? (
        <Alert color="green" title="Pronto" role="status">
          {cancel.data.resposta}
        </Alert>
      ) : (
        <>
          <Text>
            Toque no botão para cancelar o aviso &apos;Avise-me quando chegar&apos; deste link. Não é preciso
            entrar na conta.
          </Text>
          <ErrorText>
            {cancel.isError && messageOf(cancel.error, 'Não foi possível cancelar o aviso. Tente novamente.')}
          </ErrorText>
          <OnlineOnlyButton onClick={() => cancel.mutate(token)} loading={cancel.isPending}>
            Cancelar aviso
          </OnlineOnlyButton>
        </>
      )}
    </Stack>
  );
}
