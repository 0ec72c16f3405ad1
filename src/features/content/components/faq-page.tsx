import { Text } from '@mantine/core';
import { FAQ_TOPICS } from '../data/faq';
import { StaticPage } from './static-page';
import { TopicAccordion } from './topic-accordion';

export function FaqPage() {
  return (
    <StaticPage
      title="Perguntas frequentes"
      lead="Tire suas dúvidas sobre compras, entregas, pagamentos e trocas."
    >
      <TopicAccordion topics={FAQ_TOPICS} />
      <Text mt="lg" c="gray.8">
        Não encontrou o que procurava? Fale com a gente pela página de contato.
      </Text>
    </StaticPage>
  );
}
