import { FaqPage } from '../../features/content/components/faq-page';
import { paths } from '../../config/paths';
import type { PageMeta } from '../page-meta';

export const meta = (): PageMeta => ({
  title: 'Perguntas frequentes',
  description: 'Como comprar, segurança, envio, pagamento, garantia, trocas e devoluções.',
  canonical: paths.faq,
});

export function Component() {
  return <FaqPage />;
}
