import { Container } from '@mantine/core';
import { RecoverPasswordForm } from '../../features/account/components/recover-password-form';

export function Component() {
  return (
    <Container size="lg" py="md">
      <RecoverPasswordForm />
    </Container>
  );
}
