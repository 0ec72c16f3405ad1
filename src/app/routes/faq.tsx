import { FaqPage } from '../../features/content/components/faq-page';

export function Component() {
  return <FaqPage />;
}
