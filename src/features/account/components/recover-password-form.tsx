import { useState } from 'react';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { messageOf } from '../../../api/errors';
import { toast } from '../../../browser/toast';
import { paths } from '../../../config/paths';
import { useRecoverPassword } from '../api/recover-password';
import { recoverSchema, type RecoverFormValues } from '../lib/forms';
import { AUTH_REDIRECT_MS, useDelayedNavigate } from '../lib/use-delayed-navigate';
import { AuthCard } from './auth-card';
import { OnlineOnlyButton } from '../../../components/online-only-button';
import { EmailInput } from './contact-fields';

export function RecoverPasswordForm() {
  const form = useForm<RecoverFormValues, unknown, { email: string }>({
    resolver: zodResolver(recoverSchema),
    defaultValues: { email: '' },
  });
  const recover = useRecoverPassword();
  const [sent, setSent] = useState<string | null>(null);
  const navigateLater = useDelayedNavigate();

  const submit = form.handleSubmit(({ email }) => {
    recover.mutate(email, {
      onSuccess: (answer) => {
        setSent(answer.resposta);
        toast.success(answer.resposta);
        navigateLater(paths.login, AUTH_REDIRECT_MS);
      },
      onError: (error) => toast.error(messageOf(error, 'Não foi possível enviar o e-mail. Tente novamente.')),
    });
  });

  return (
    <AuthCard title="Recuperar senha">
      <Text size="sm">
        Informe o e-mail da sua conta e enviaremos um link para você criar uma nova senha.
      </Text>
      {sent ? (
        <Alert color="green" title="E-mail enviado" role="status">
          {sent}
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate aria-label="Recuperar senha">
        <Stack gap="sm">
          <EmailInput error={form.formState.errors.email?.message} {...form.register('email')} />
          <OnlineOnlyButton type="submit" loading={recover.isPending} disabled={sent !== null} fullWidth>
            Enviar link de redefinição
          </OnlineOnlyButton>
        </Stack>
      </form>
      <Anchor component={Link} to={paths.login} size="sm">
        Voltar para o login
      </Anchor>
    </AuthCard>
  );
}
