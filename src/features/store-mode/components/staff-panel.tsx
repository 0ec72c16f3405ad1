import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/PasswordInput.css';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Paper, PasswordInput, Radio, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { messageOf } from '../../../api/errors';
import { STAFF_PIN_LENGTH } from '../../../api/store-staff';
import { paths } from '../../../config/paths';
import { quotesToAnswerLabel } from '../../../domain/price-quotes';
import { useQuotesToAnswer } from '../api/quotes';
import { staffLabel, useStaffMember, useStaffSignIn, useStaffSignOut, useStaffTeam } from '../api/staff';

/**
 * On a paired tablet's /loja: 'Entrar como vendedor' (name, then the 6-digit PIN), or who is signed
 * in with the counter's screens and 'Sair'. A wrong PIN keeps the chosen name and says why.
 */
export function StaffPanel() {
  const member = useStaffMember();
  const signOut = useStaffSignOut();
  const toAnswer = useQuotesToAnswer(Boolean(member));
  if (member)
    return (
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h3">
            {staffLabel(member)}
          </Title>
          <Group gap="sm">
            <Button component={Link} to={paths.storePickups} size="lg">
              Retiradas
            </Button>
            {/* Its label may wrap: 'Orçamentos (N a responder)' is wider than a 320-390 px phone's panel. */}
            <Button
              component={Link}
              to={paths.storeQuotes}
              size="lg"
              variant={toAnswer ? 'filled' : 'light'}
              h="auto"
              py={8}
              styles={{ inner: { minHeight: 34 }, label: { whiteSpace: 'normal' } }}
            >
              {quotesToAnswerLabel(toAnswer)}
            </Button>
            {member.papel === 'gerente' && (
              <>
                <Button component={Link} to={paths.storeSales} size="lg" variant="light">
                  Vendas do dia
                </Button>
                <Button component={Link} to={paths.storePerformance} size="lg" variant="light">
                  Desempenho da loja
                </Button>
              </>
            )}
            <Button size="lg" variant="default" loading={signOut.isPending} onClick={() => signOut.mutate()}>
              Sair
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  return <StaffSignIn />;
}

function StaffSignIn() {
  const team = useStaffTeam(true);
  const signIn = useStaffSignIn();
  const [chosen, setChosen] = useState<string>('');
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return setError('Escolha o seu nome.');
    if (!new RegExp(`^\\d{${STAFF_PIN_LENGTH}}$`).test(pin))
      return setError(`O PIN tem ${STAFF_PIN_LENGTH} dígitos.`);
    setError(null);
    signIn.mutate(
      { vendedor: Number(chosen), pin },
      {
        onSuccess: () => setPin(''),
        onError: (failure) => setError(messageOf(failure, 'Não foi possível entrar. Tente novamente.')),
      },
    );
  };

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={2} size="h3">
          Entrar como vendedor
        </Title>
        {team.isPending && <Text size="sm">Carregando a equipe…</Text>}
        {team.isError && (
          <Alert color="red" role="alert">
            {messageOf(team.error, 'Não foi possível carregar a equipe desta loja.')}
          </Alert>
        )}
        {team.data?.length === 0 && (
          <Text size="sm">
            Nenhum funcionário cadastrado nesta loja: peça à gerência da loja para cadastrar a equipe.
          </Text>
        )}
        {team.data && team.data.length > 0 && (
          <Radio.Group label="Quem é você?" value={chosen} onChange={setChosen}>
            <Group gap="md" mt="xs">
              {team.data.map((person) => (
                <Radio key={person.id} value={String(person.id)} label={person.nome} size="md" />
              ))}
            </Group>
          </Radio.Group>
        )}
        <PasswordInput
          label="PIN"
          description={`${STAFF_PIN_LENGTH} dígitos`}
          value={pin}
          onChange={(event) =>
            setPin(event.currentTarget.value.replace(/\D/g, '').slice(0, STAFF_PIN_LENGTH))
          }
          error={error}
          inputMode="numeric"
          autoComplete="off"
          size="lg"
        />
        <Button type="submit" size="lg" loading={signIn.isPending}>
          Entrar
        </Button>
      </Stack>
    </Paper>
  );
}
