import { List, Stack, Text, Title } from '@mantine/core';
import { REGISTRATION_LINE } from '../../../domain/store';
import { TERMS_SECTIONS } from '../data/terms';
import { StaticPage } from './static-page';

/** /termos: the contract of a purchase (Decreto 7.962/2013 art. 4), all of it on the page. */
export function TermsPage() {
  return (
    <StaticPage title="Termos e condições de compra" lead={REGISTRATION_LINE}>
      <Stack gap="lg">
        {TERMS_SECTIONS.map((section) => (
          <section key={section.title}>
            <Title order={2} size="h4" mb="xs">
              {section.title}
            </Title>
            {section.paragraphs.map((paragraph) => (
              <Text key={paragraph} mb="sm">
                {paragraph}
              </Text>
            ))}
            {section.items ? (
              <List>
                {section.items.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            ) : null}
          </section>
        ))}
      </Stack>
    </StaticPage>
  );
}
