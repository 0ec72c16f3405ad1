import { RegistrationForm } from '../../features/account/components/registration-form';

export function Component() {
  return <RegistrationForm />;
}
