import { PrivacyPage } from '../../features/content/components/privacy-page';
import { paths } from '../../config/paths';
import type { PageMeta } from '../page-meta';

export const meta = (): PageMeta => ({
  title: 'Política de privacidade',
  description: 'Como a Casa & Obra trata os seus dados pessoais.',
  canonical: paths.privacy,
});

export function Component() {
  return <PrivacyPage />;
}
