import { ContactPage } from '../../features/content/components/contact-page';

export function Component() {
  return <ContactPage />;
}
