import { REGISTRATION_LINE } from '../../../domain/store';
import { TERMS_SECTIONS } from '../data/terms';
import { StaticPage } from './static-page';
import { TopicSections } from './topic-sections';

/** /termos: the contract of a purchase (Decreto 7.962/2013 art. 4), all of it on the page. */
export function TermsPage() {
  return (
    <StaticPage title="Termos e condições de compra" lead={REGISTRATION_LINE}>
      <TopicSections topics={TERMS_SECTIONS} />
    </StaticPage>
  );
}
