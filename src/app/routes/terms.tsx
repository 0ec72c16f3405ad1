import { TermsPage } from '../../features/content/components/terms-page';
import { paths } from '../../config/paths';
import type { PageMeta } from '../page-meta';

export const meta = (): PageMeta => ({
  title: 'Termos e condições de compra',
  description:
    'Quem vende, preços, pagamento, entrega, direito de arrependimento e atendimento da Casa & Obra.',
  canonical: paths.terms,
});

export function Component() {
  return <TermsPage />;
}
