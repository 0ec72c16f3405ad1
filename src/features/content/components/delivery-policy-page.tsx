import { DELIVERY_POLICY_SECTIONS } from '../data/delivery-policy';
import { StaticPage } from './static-page';
import { TopicAccordion } from './topic-accordion';

export function DeliveryPolicyPage() {
  return (
    <StaticPage
      title="Política de entrega"
      lead="Prazos, formas de envio e o que acontece em cada etapa da entrega."
    >
      <TopicAccordion topics={DELIVERY_POLICY_SECTIONS} />
    </StaticPage>
  );
}
