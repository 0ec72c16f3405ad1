import { Text, Title } from '@mantine/core';
import type { Topic } from '../data/topic';

/** Topics as the page's own sections, all open: each an <h2> with its paragraphs and list. */
export function TopicSections({ topics }: { topics: readonly Topic[] }) {
  return topics.map((topic) => (
    <section key={topic.title}>
      <Title order={2} size="h3" mt="lg" mb="xs">
        {topic.title}
      </Title>
      {topic.paragraphs.map((paragraph) => (
        <Text key={paragraph} mb="sm">
          {paragraph}
        </Text>
      ))}
      {topic.items && (
        <ul style={{ marginTop: 0 }}>
          {topic.items.map((item) => (
            <li key={item}>
              <Text component="span">{item}</Text>
            </li>
          ))}
        </ul>
      )}
    </section>
  ));
}
