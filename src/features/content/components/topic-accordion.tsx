import { Accordion, Text } from '@mantine/core';
import type { Topic } from '../data/topic';

/**
 * Topics as an accordion, one open at a time; each answer is a few paragraphs or a list. The page's
 * <h1> names it: a name on its plain <div> would be invalid HTML and read by no screen reader.
 */
export function TopicAccordion({ topics }: { topics: readonly Topic[] }) {
  return (
    <Accordion variant="separated" chevronPosition="right">
      {topics.map((topic, index) => (
        // Mantine builds element ids from the value: no spaces, or aria-controls breaks.
        <Accordion.Item key={topic.title} value={`topico-${index + 1}`}>
          <Accordion.Control>
            <Text component="span" fw={600}>
              {topic.title}
            </Text>
          </Accordion.Control>
          <Accordion.Panel>
            {topic.paragraphs.map((paragraph) => (
              <Text key={paragraph} mb="sm">
                {paragraph}
              </Text>
            ))}
            {topic.items && (
              <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
                {topic.items.map((item) => (
                  <li key={item}>
                    <Text component="span">{item}</Text>
                  </li>
                ))}
              </ul>
            )}
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
