import { Loader, Overlay, Stack, Text } from '@mantine/core';

/** The full-screen spinner: 'Gerando PIX...' or 'Processando pagamento...'. */
export function ProcessingOverlay({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Overlay fixed center blur={2} color="#fff" backgroundOpacity={0.75} zIndex={400}>
      <Stack align="center" gap="sm" role="status" aria-live="assertive">
        <Loader color="red.8" />
        <Text fw={600}>{message}</Text>
      </Stack>
    </Overlay>
  );
}
