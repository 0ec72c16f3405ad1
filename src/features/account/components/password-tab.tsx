import { Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { messageOf } from '../../../api/errors';
import { toast } from '../../../browser/toast';
import { paths } from '../../../config/paths';
import { useChangePassword } from '../api/change-password';
import { passwordChangeSchema, type PasswordChangeFormValues } from '../lib/forms';
import { useSessionExpiry } from '../lib/session-expiry';
import { ACCOUNT_REDIRECT_MS, useDelayedNavigate } from '../lib/use-delayed-navigate';
import { PasswordChecklist } from './password-checklist';
import { PasswordField } from './password-field';
import { OnlineOnlyButton } from '../../../components/online-only-button';

const empty: PasswordChangeFormValues = { senha_atual: '', senha_nova: '' };

export function PasswordTab({ customerId }: { customerId: number | undefined }) {
  const form = useForm<PasswordChangeFormValues>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: empty,
  });
  const { errors } = form.formState;
  const change = useChangePassword();
  const expire = useSessionExpiry();
  const navigateLater = useDelayedNavigate();
  const password = useWatch({ control: form.control, name: 'senha_nova' });

  const submit = form.handleSubmit((values) => {
    change.mutate(
      { ...values, id: customerId },
      {
        onSuccess: (answer) => {
          form.reset(empty);
          toast.success(answer.resposta);
          navigateLater(paths.customerArea, ACCOUNT_REDIRECT_MS);
        },
        // Passwords are never kept anywhere, not even as a draft: after a lost session they are typed again.
        onError: (error) => {
          if (!expire(error))
            toast.error(messageOf(error, 'Não foi possível alterar a senha. Tente novamente.'));
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Alterar Senha">
      <Stack gap="sm" maw={480}>
        <PasswordField
          label="Senha atual"
          required
          autoComplete="current-password"
          error={errors.senha_atual?.message}
          {...form.register('senha_atual')}
        />
        <PasswordField
          label="Nova senha"
          required
          autoComplete="new-password"
          error={errors.senha_nova?.message}
          {...form.register('senha_nova')}
        />
        <PasswordChecklist password={password} />
        <OnlineOnlyButton type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
          Salvar Nova Senha
        </OnlineOnlyButton>
      </Stack>
    </form>
  );
}
