import { PRIVACY_SECTIONS } from '../data/privacy';
import { StaticPage } from './static-page';
import { TopicSections } from './topic-sections';

export function PrivacyPage() {
  return (
    <StaticPage
      title="Política de privacidade"
      lead="Como coletamos, usamos e protegemos os seus dados pessoais, de acordo com a LGPD."
    >
      <TopicSections topics={PRIVACY_SECTIONS} />
    </StaticPage>
  );
}
