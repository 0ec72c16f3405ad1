import { DeliveryPolicyPage } from '../../features/content/components/delivery-policy-page';
import { paths } from '../../config/paths';
import type { PageMeta } from '../page-meta';

export const meta = (): PageMeta => ({
  title: 'Política de entrega',
  description: 'Prazos, frete, retirada nas lojas, trocas e devoluções da Casa & Obra.',
  canonical: paths.deliveryPolicy,
});

export function Component() {
  return <DeliveryPolicyPage />;
}
