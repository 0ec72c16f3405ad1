import { useEffect } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { ProfileAnswer } from '../../../api/customers';
import { messageOf } from '../../../api/errors';
import { toast } from '../../../browser/toast';
import { asContactForm, ContactFields } from './contact-fields';
import { paths } from '../../../config/paths';
import { hideDocument } from '../../../domain/documents';
import { maskPhone } from '../../../domain/phone';
import { readSessionJson } from '../../../storage/session-keys';
import type { StoredProfile } from '../../../storage/customer-session';
import { useProfile } from '../api/get-profile';
import { accountKeys } from '../api/keys';
import { useUpdateProfile } from '../api/update-profile';
import { profileSchema, type ProfileFormOutput, type ProfileFormValues } from '../lib/forms';
import { useSessionExpiry } from '../lib/session-expiry';
import { ACCOUNT_REDIRECT_MS, useDelayedNavigate } from '../lib/use-delayed-navigate';

export function ProfileTab({ customerId }: { customerId: number | undefined }) {
  const profile = useProfile(customerId);
  const expire = useSessionExpiry();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (profile.error) expire(profile.error);
  }, [profile.error, expire]);

  if (profile.isPending) return <Text c="dimmed">Carregando...</Text>;
  const draft = queryClient.getQueryData<ProfileFormValues>(accountKeys.profileDraft(customerId));
  const stored = readSessionJson<StoredProfile | null>('perfil', null);
  const source = profile.data ?? stored;
  const initial: ProfileFormValues = draft ?? {
    fixo: maskPhone(source?.telcontato),
    celular: maskPhone(source?.telcelular),
    email: source?.email ?? '',
  };
  return <ProfileForm customerId={customerId} initial={initial} profile={profile.data} />;
}

function ProfileForm({
  customerId,
  initial,
  profile,
}: {
  customerId: number | undefined;
  initial: ProfileFormValues;
  profile: ProfileAnswer | undefined;
}) {
  const form = useForm<ProfileFormValues, unknown, ProfileFormOutput>({
    resolver: zodResolver(profileSchema),
    defaultValues: initial,
  });
  const update = useUpdateProfile();
  const expire = useSessionExpiry();
  const queryClient = useQueryClient();
  const navigateLater = useDelayedNavigate();

  const submit = form.handleSubmit((values) => {
    update.mutate(
      { ...values, id: customerId },
      {
        onSuccess: (answer) => {
          queryClient.removeQueries({ queryKey: accountKeys.profileDraft(customerId) });
          if (answer.kind === 'queued') toast.info(answer.resposta);
          else toast.success(answer.resposta);
          navigateLater(paths.customerArea, ACCOUNT_REDIRECT_MS);
        },
        onError: (error) => {
          queryClient.setQueryData(accountKeys.profileDraft(customerId), form.getValues());
          if (!expire(error))
            toast.error(messageOf(error, 'Não foi possível salvar o perfil. Tente novamente.'));
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Perfil do Usuário">
      <Stack gap="sm" maw={480}>
        {profile ? (
          <Stack gap={2}>
            <Text size="sm">
              <strong>{profile.pessoa === 'juridica' ? 'Razão Social' : 'Nome'}:</strong> {profile.nome}
            </Text>
            <Text size="sm">
              <strong>{profile.pessoa === 'juridica' ? 'CNPJ' : 'CPF'}:</strong> {hideDocument(profile.doc)}
            </Text>
          </Stack>
        ) : null}
        <ContactFields
          form={asContactForm(form)}
          landline={{ label: 'Telefone de contato', required: false }}
        />
        <Button type="submit" loading={update.isPending} style={{ alignSelf: 'flex-start' }}>
          Salvar
        </Button>
      </Stack>
    </form>
  );
}
