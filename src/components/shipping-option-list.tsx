import '@mantine/core/styles/Radio.css';
import { Group, Image, Radio, Stack, Text } from '@mantine/core';
import { moneyToCentavos } from '../domain/money';
import { freightLabel, shippingLabelLines } from '../domain/shipping';
import type { ShippingOption } from '../storage/db';

interface ShippingOptionListProps {
  options: readonly ShippingOption[];
  value: number | null;
  onChange(id: number): void;
  /** The group's accessible name. */
  label: string;
  /** For the 'Chega até' forecast; today by default. */
  today?: Date;
}

/** The shipping radios of the cart and the checkout: image, name, price and its labels. */
export function ShippingOptionList({
  options,
  value,
  onChange,
  label,
  today = new Date(),
}: ShippingOptionListProps) {
  return (
    <Radio.Group
      label={label}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(Number(next))}
    >
      <Stack gap="xs">
        {options.map((option) => (
          <Radio
            key={option.id}
            value={String(option.id)}
            styles={{ body: { alignItems: 'center' }, labelWrapper: { width: '100%' } }}
            label={<ShippingOptionLabel option={option} today={today} />}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}

function ShippingOptionLabel({ option, today }: { option: ShippingOption; today: Date }) {
  const picture = option.img ?? option.company?.picture;
  return (
    <Group gap="sm" wrap="nowrap" justify="space-between" w="100%">
      <Group gap="sm" wrap="nowrap">
        {picture ? (
          <Image src={picture} alt="" w={40} h={40} width={40} height={40} fit="contain" loading="lazy" />
        ) : null}
        <Stack gap={0}>
          <Text fw={600} size="sm">
            {option.name}
          </Text>
          {shippingLabelLines(option, today).map((line) => (
            <Text key={line} size="xs" c="dimmed">
              {line}
            </Text>
          ))}
        </Stack>
      </Group>
      <Text fw={700} size="sm" style={{ whiteSpace: 'nowrap' }}>
        {freightLabel(moneyToCentavos(option.price))}
      </Text>
    </Group>
  );
}
