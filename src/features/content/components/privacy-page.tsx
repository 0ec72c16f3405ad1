import { Text, Title } from '@mantine/core';
import { PRIVACY_SECTIONS } from '../data/privacy';
import { StaticPage } from './static-page';

export function PrivacyPage() {
  return (
    <StaticPage
      title="Política de privacidade"
      lead="Como coletamos, usamos e protegemos os seus dados pessoais, de acordo com a LGPD."
    >
      {PRIVACY_SECTIONS.map((section) => (
        <section key={section.title}>
          <Title order={2} size="h3" mt="lg" mb="xs">
            {section.title}
          </Title>
          {section.paragraphs.map((paragraph) => (
            <Text key={paragraph} mb="sm">
              {paragraph}
            </Text>
          ))}
          {section.items && (
            <ul style={{ marginTop: 0 }}>
              {section.items.map((item) => (
                <li key={item}>
                  <Text component="span">{item}</Text>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </StaticPage>
  );
}
