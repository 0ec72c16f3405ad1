import { ContactPage } from '../../features/content/components/contact-page';
import { paths } from '../../config/paths';
import type { PageMeta } from '../page-meta';

export const meta = (): PageMeta => ({
  title: 'Fale conosco',
  description: 'Fale com a Casa & Obra: WhatsApp, e-mail, telefone e horário de atendimento.',
  canonical: paths.contact,
});

export function Component() {
  return <ContactPage />;
}
