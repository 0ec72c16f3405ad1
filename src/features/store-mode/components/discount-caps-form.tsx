import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { messageOf } from '../../../api/errors';
import { useChangeDiscountCaps, useDiscountCaps } from '../api/quotes';

/** The manager's discount caps per role (percent over list price), for this store. */
export function DiscountCapsForm() {
  const caps = useDiscountCaps(true);
  const change = useChangeDiscountCaps();
  const [typed, setTyped] = useState<{ vendedor: string; gerente: string } | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  if (!caps.data) return caps.isError ? null : <Text size="sm">Carregando os limites de desconto…</Text>;
  const values = typed ?? { vendedor: String(caps.data.vendedor), gerente: String(caps.data.gerente) };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const vendedor = Number(values.vendedor);
    const gerente = Number(values.gerente);
    const valid = (value: number) => Number.isInteger(value) && value >= 0 && value <= 100;
    if (!valid(vendedor) || !valid(gerente))
      return setMessage({ text: 'Informe percentuais inteiros de 0 a 100.', error: true });
    change.mutate(
      { vendedor, gerente },
      {
        onSuccess: (answer) => {
          setTyped(null);
          setMessage({ text: answer.resposta, error: false });
        },
        onError: (error) =>
          setMessage({ text: messageOf(error, 'Não foi possível salvar os limites.'), error: true }),
      },
    );
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Desconto máximo sobre o preço de tabela
        </Title>
        <Group gap="sm" align="flex-end">
          <TextInput
            label="Vendedor (%)"
            inputMode="numeric"
            value={values.vendedor}
            onChange={(event) => setTyped({ ...values, vendedor: event.currentTarget.value })}
            w={140}
          />
          <TextInput
            label="Gerente (%)"
            inputMode="numeric"
            value={values.gerente}
            onChange={(event) => setTyped({ ...values, gerente: event.currentTarget.value })}
            w={140}
          />
          <Button type="submit" loading={change.isPending}>
            Salvar limites
          </Button>
        </Group>
        {message && (
          <Text size="sm" c={message.error ? 'red.8' : 'teal.8'} role={message.error ? 'alert' : 'status'}>
            {message.text}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
