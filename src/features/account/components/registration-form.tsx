import '@mantine/core/styles/Tabs.css';
import { useState } from 'react';
import { Anchor, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { NAME_MAX } from '../../../api/customer-fields';
import { messageOf } from '../../../api/errors';
import { toast } from '../../../browser/toast';
import { asContactForm, ContactFields } from './contact-fields';
import { paths } from '../../../config/paths';
import { CNPJ_MASK_LENGTH, CPF_MASK_LENGTH } from '../../../domain/documents';
import { useRegister } from '../api/register';
import {
  documentLabel,
  emptyRegistration,
  landlineLabel,
  maskRegistrationDocument,
  nameLabel,
  registrationPayload,
  registrationSchema,
  type PersonKind,
  type RegistrationFormOutput,
  type RegistrationFormValues,
} from '../lib/forms';
import { AUTH_REDIRECT_MS, useDelayedNavigate } from '../lib/use-delayed-navigate';
import { AuthCard } from './auth-card';
import { PasswordChecklist } from './password-checklist';
import { PasswordField } from './password-field';
import { OnlineOnlyButton } from '../../../components/online-only-button';

export function RegistrationForm() {
  const [kind, setKind] = useState<PersonKind>('fisica');
  return (
    <AuthCard title="Criar conta" width={520}>
      {/* Each tab has its own form, unmounted when the other opens: switching clears the fields. */}
      <Tabs value={kind} onChange={(value) => value && setKind(value as PersonKind)} keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="fisica">Pessoa Física</Tabs.Tab>
          <Tabs.Tab value="juridica">Pessoa Jurídica</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="fisica" pt="md">
          <RegistrationFields kind="fisica" />
        </Tabs.Panel>
        <Tabs.Panel value="juridica" pt="md">
          <RegistrationFields kind="juridica" />
        </Tabs.Panel>
      </Tabs>
      <Text size="sm">
        Já tem conta?{' '}
        <Anchor component={Link} to={paths.login}>
          Entrar
        </Anchor>
      </Text>
    </AuthCard>
  );
}

function RegistrationFields({ kind }: { kind: PersonKind }) {
  const form = useForm<RegistrationFormValues, unknown, RegistrationFormOutput>({
    resolver: zodResolver(registrationSchema(kind)),
    defaultValues: emptyRegistration,
  });
  const { errors } = form.formState;
  const register = useRegister();
  const [done, setDone] = useState(false);
  const navigateLater = useDelayedNavigate();
  const password = useWatch({ control: form.control, name: 'senha' });

  const submit = form.handleSubmit((values) => {
    register.mutate(registrationPayload(kind, values), {
      onSuccess: (answer) => {
        setDone(true);
        toast.success(answer.resposta);
        navigateLater(paths.login, AUTH_REDIRECT_MS);
      },
      onError: (error) =>
        toast.error(messageOf(error, 'Não foi possível concluir o cadastro. Tente novamente.')),
    });
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={kind === 'fisica' ? 'Cadastro de pessoa física' : 'Cadastro de pessoa jurídica'}
    >
      <Stack gap="sm">
        <Controller
          control={form.control}
          name="documento"
          render={({ field }) => (
            <TextInput
              {...field}
              label={documentLabel(kind)}
              required
              autoCapitalize={kind === 'juridica' ? 'characters' : undefined}
              inputMode={kind === 'fisica' ? 'numeric' : 'text'}
              maxLength={kind === 'fisica' ? CPF_MASK_LENGTH : CNPJ_MASK_LENGTH}
              error={errors.documento?.message}
              onChange={(event) => field.onChange(maskRegistrationDocument(kind, event.currentTarget.value))}
            />
          )}
        />
        <TextInput
          label={nameLabel(kind)}
          required
          maxLength={NAME_MAX}
          autoComplete={kind === 'fisica' ? 'name' : 'organization'}
          error={errors.nome?.message}
          {...form.register('nome')}
        />
        <ContactFields
          form={asContactForm(form)}
          landline={{ label: landlineLabel(kind), required: kind === 'juridica' }}
        />
        <PasswordField
          label="Senha"
          required
          autoComplete="new-password"
          error={errors.senha?.message}
          {...form.register('senha')}
        />
        <PasswordChecklist password={password} />
        <OnlineOnlyButton type="submit" loading={register.isPending} disabled={done} fullWidth>
          Avançar
        </OnlineOnlyButton>
      </Stack>
    </form>
  );
}
