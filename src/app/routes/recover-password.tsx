import { RecoverPasswordForm } from '../../features/account/components/recover-password-form';

export function Component() {
  return <RecoverPasswordForm />;
}
