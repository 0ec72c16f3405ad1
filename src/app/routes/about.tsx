import { AboutPage } from '../../features/content/components/about-page';
import { paths } from '../../config/paths';
import type { PageMeta } from '../page-meta';

export const meta = (): PageMeta => ({
  title: 'Sobre nós',
  description: 'Desde 1969 em Campinas: cinco lojas de materiais de construção e a loja online Casa & Obra.',
  canonical: paths.about,
});

export function Component() {
  return <AboutPage />;
}
