import { Anchor, Group, Image, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';

/** Checkout's own header (spec §2): the logo home and the '100% seguros' note. */
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
        <span aria-hidden="true">🔒</span>
        <Text size="sm" fw={600}>
          100% seguros
        </Text>
      </Group>
    </Group>
  );
}
