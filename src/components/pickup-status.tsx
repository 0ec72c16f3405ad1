import { Text } from '@mantine/core';

/** The store counter's times, in the stores' zone whatever the device's. */
const pickupTime = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    dateStyle: 'short',
    timeStyle: 'short',
  });

/** A pickup order's counter steps as the shopper sees them: ready since, or picked up at. */
export function PickupStatus({
  retirada,
}: {
  retirada?: { pronto: string | null; retirado: string | null } | null;
}) {
  if (retirada?.retirado)
    return (
      <Text size="sm" fw={700}>
        Retirado em {pickupTime(retirada.retirado)}
      </Text>
    );
  if (retirada?.pronto)
    return (
      <Text size="sm" fw={700}>
        Pronto para retirada desde {pickupTime(retirada.pronto)}
      </Text>
    );
  return null;
}
