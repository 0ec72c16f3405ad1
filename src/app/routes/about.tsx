import { AboutPage } from '../../features/content/components/about-page';

export function Component() {
  return <AboutPage />;
}
