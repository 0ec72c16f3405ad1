import { useEffect, useRef, useState } from 'react';
import { Alert, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { isApiError, messageOf } from '../../../api/errors';
import { toast } from '../../../browser/toast';
import { paths } from '../../../config/paths';
import { useResetPassword } from '../api/reset-password';
import { resetSchema, type ResetFormValues } from '../lib/forms';
import { AUTH_REDIRECT_MS, useDelayedNavigate } from '../lib/use-delayed-navigate';
import { AuthCard } from './auth-card';
import { PasswordChecklist } from './password-checklist';
import { PasswordField } from './password-field';
import { OnlineOnlyButton } from '../../../components/online-only-button';

export const MISSING_TOKEN_MESSAGE =
  'Você será redirecionando para solicitar um novo email de Recuperação de senha';

export function ResetPasswordForm() {
  const [params] = useSearchParams();
  const token = params.get('acess')?.trim() ?? '';
  // The link names the account's e-mail beside the token; APP_0040 sends both.
  const email = params.get('email')?.trim() || undefined;
  return token ? <ResetWithToken token={token} email={email} /> : <MissingToken />;
}

/** Without `acess`, a warning, then /recuperarSenha after 5 s. */
function MissingToken() {
  const navigateLater = useDelayedNavigate();
  const warned = useRef(false);
  useEffect(() => {
    // StrictMode runs effects twice: one toast, but a timer per mount (the first is cleared).
    if (!warned.current) toast.warning(MISSING_TOKEN_MESSAGE);
    warned.current = true;
    navigateLater(paths.recoverPassword, AUTH_REDIRECT_MS, { replace: true });
  }, [navigateLater]);
  return (
    <AuthCard title="Redefinir senha">
      <Alert color="yellow" title="Aviso">
        {MISSING_TOKEN_MESSAGE}
      </Alert>
    </AuthCard>
  );
}

function ResetWithToken({ token, email }: { token: string; email?: string }) {
  const form = useForm<ResetFormValues>({
    resolver: zodResolver(resetSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const reset = useResetPassword();
  const [done, setDone] = useState(false);
  const navigateLater = useDelayedNavigate();
  const password = useWatch({ control: form.control, name: 'newPassword' });

  const submit = form.handleSubmit((values) => {
    reset.mutate(
      { email, token, newPassword: values.newPassword, confirmPassword: values.confirmPassword },
      {
        onSuccess: (answer) => {
          setDone(true);
          toast.success(answer.resposta);
          navigateLater(paths.login, AUTH_REDIRECT_MS);
        },
        onError: (error) => {
          const message = messageOf(error, 'Não foi possível redefinir a senha. Tente novamente.');
          // A 401 (used, expired or wrong link) is a warning, anything else an error.
          if (isApiError(error) && error.status === 401) toast.warning(message);
          else toast.error(message);
        },
      },
    );
  });

  return (
    <AuthCard title="Redefinir senha">
      <form onSubmit={submit} noValidate aria-label="Redefinir senha">
        <Stack gap="sm">
          <PasswordField
            label="Nova Senha"
            required
            autoComplete="new-password"
            error={errors.newPassword?.message}
            {...form.register('newPassword')}
          />
          <PasswordChecklist password={password} />
          <PasswordField
            label="Confirmar Senha"
            required
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
          <OnlineOnlyButton type="submit" loading={reset.isPending} disabled={done} fullWidth>
            Atualizar
          </OnlineOnlyButton>
        </Stack>
      </form>
    </AuthCard>
  );
}
