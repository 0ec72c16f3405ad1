import { Container } from '@mantine/core';
import { LoginForm } from '../../features/account/components/login-form';

export function Component() {
  return (
    <Container size="lg" py="md">
      <LoginForm />
    </Container>
  );
}
