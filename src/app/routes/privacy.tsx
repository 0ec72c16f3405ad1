import { PrivacyPage } from '../../features/content/components/privacy-page';

export function Component() {
  return <PrivacyPage />;
}
