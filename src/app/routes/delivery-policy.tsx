import { DeliveryPolicyPage } from '../../features/content/components/delivery-policy-page';

export function Component() {
  return <DeliveryPolicyPage />;
}
