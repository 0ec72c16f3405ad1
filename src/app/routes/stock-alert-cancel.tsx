import { Container } from '@mantine/core';
import { StockAlertCancel } from '../../features/stock-alerts/components/stock-alert-cancel';

export function Component() {
  return (
    <Container size="lg" py="md">
      <StockAlertCancel />
    </Container>
  );
}
