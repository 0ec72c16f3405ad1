import { useState, type FormEvent } from 'react';
import { Alert, Button, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { messageOf } from '../../../api/errors';
import { PAIRING_CODE_LENGTH, pairingCode } from '../../../api/store-mode';
import { usePageTitle } from '../../../hooks/use-page-title';
import { usePairTablet, useTablet } from '../api/tablet';
import { StaffPanel } from './staff-panel';

/** What a paired tablet may do, said once here and in docs/store-mode.md. */
function TabletAbilities() {
  return (
    <List size="sm" spacing={4}>
      <List.Item>ver o estoque desta loja e das outras na página do produto;</List.Item>
      <List.Item>
        ler o código de barras com a câmera ou com o leitor (digita o código e Enter na busca);
      </List.Item>
      <List.Item>enviar o carrinho montado para o celular do cliente por QR code;</List.Item>
      <List.Item>
        registrar nas vendas desta loja (e do vendedor que entrou) os pedidos feitos aqui;
      </List.Item>
      <List.Item>atender as retiradas da loja e, para o gerente, ver as vendas do dia.</List.Item>
    </List>
  );
}

/**
 * /loja: pairs this browser to a store with the one-time code of `npm run store -- tablet:pair`.
 * The page is public: it sends readers to the store's management, never to the server's commands.
 * Wrong input keeps what was typed and says why in pt-BR.
 */
export function PairingPage() {
  usePageTitle('Modo loja');
  const tablet = useTablet();
  const pair = usePairTablet();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = pairingCode.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Código inválido.');
      return;
    }
    setError(null);
    pair.mutate(parsed.data, {
      onError: (failure) =>
        setError(messageOf(failure, 'Não foi possível parear o tablet. Tente novamente.')),
    });
  };

  return (
    <Stack maw={560} mx="auto" gap="md">
      <Title order={1} size="h2">
        Modo loja
      </Title>
      {tablet ? (
        <Alert color="teal" title={`Tablet pareado à ${tablet.loja.nome}`} role="status">
          <Text size="sm" mb="xs">
            Tablet nº {tablet.tablet.id}. Para desfazer o pareamento, fale com a gerência da loja. Neste
            tablet você pode:
          </Text>
          <TabletAbilities />
        </Alert>
      ) : null}
      {tablet && <StaffPanel />}
      {tablet ? null : (
        <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm">
              Digite o código de pareamento ({PAIRING_CODE_LENGTH} caracteres, vale 10 minutos) que a gerência
              da loja passou a você. Depois de pareado, este tablet pode:
            </Text>
            <TabletAbilities />
            <TextInput
              label="Código de pareamento"
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              error={error}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={12}
              size="lg"
            />
            <Button type="submit" size="lg" loading={pair.isPending}>
              Parear tablet
            </Button>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
