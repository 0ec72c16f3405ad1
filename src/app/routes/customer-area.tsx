import { CustomerArea } from '../../features/account/components/customer-area';

export function Component() {
  return <CustomerArea />;
}
