import { Group, Paper, Text } from '@mantine/core';
import { useOnlineStatus } from '../../hooks/online-status';

export const OFFLINE_NOTICE = 'Você está offline. Mostrando o que já foi visitado.';

/** Tells the shopper, for as long as it lasts, that what they see comes from the device. */
export function OfflineBanner() {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <Paper role="status" radius={0} px="md" py="xs" bg="dark.7" c="white" shadow="md">
      <Group justify="center" gap="xs">
        <Text size="sm" fw={600}>
          {OFFLINE_NOTICE}
        </Text>
      </Group>
    </Paper>
  );
}
