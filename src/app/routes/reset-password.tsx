import { Container } from '@mantine/core';
import { ResetPasswordForm } from '../../features/account/components/reset-password-form';

export function Component() {
  return (
    <Container size="lg" py="md">
      <ResetPasswordForm />
    </Container>
  );
}
