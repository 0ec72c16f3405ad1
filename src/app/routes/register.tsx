import { Container } from '@mantine/core';
import { RegistrationForm } from '../../features/account/components/registration-form';

export function Component() {
  return (
    <Container size="lg" py="md">
      <RegistrationForm />
    </Container>
  );
}
