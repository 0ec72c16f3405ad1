import { LoginForm } from '../../features/account/components/login-form';

export function Component() {
  return <LoginForm />;
}
