import { Anchor, Group, Image, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';

/** Checkout's own header: the logo home and the '100% seguros' note. */
export function CheckoutHeader() {
  return (
    <Group component="header" justify="space-between" px="md" py="sm" bg="red.8" c="white" wrap="nowrap">
      <Anchor
        component={Link}
        to={paths.home}
        c="white"
        fw={800}
        underline="never"
        aria-label="Casa & Obra - página inicial"
      >
        <Group gap="xs" wrap="nowrap">
          <Image src="/favicon.svg" alt="" w={32} h={32} width={32} height={32} />
          <Text span fw={800} size="lg">
            Casa &amp; Obra
          </Text>
        </Group>
      </Anchor>
      <Group gap={6} wrap="nowrap">
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="currentColor">
          <path d="M12 1a5 5 0 0 0-5 5v4H6a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-9a2 2 0 0 0-2-2h-1V6a5 5 0 0 0-5-5zm-3 9V6a3 3 0 1 1 6 0v4H9z" />
        </svg>
        <Text size="sm" fw={600}>
          100% seguros
        </Text>
      </Group>
    </Group>
  );
}
