import { Button, Stack, Textarea, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { messageOf } from '../../../api/errors';
import { EMAIL_MAX, NAME_MAX } from '../../../api/customer-fields';
import { CONTACT_MESSAGE_MAX, CONTACT_SUBJECT_MAX, contactBody } from '../../../api/customers';
import { toast } from '../../../browser/toast';
import { maskPhone, PHONE_MAX_LENGTH } from '../../../domain/phone';
import { useSendContactMessage } from '../api/send-contact-message';

type ContactInput = z.input<typeof contactBody>;
type ContactOutput = z.output<typeof contactBody>;

const EMPTY: ContactInput = { nome: '', telefone: '', email: '', assunto: '', message: '' };

/**
 * Contact form: every field required, pt-BR errors from the APP_0051 contract itself.
 * A failure keeps what was typed; a success clears the form and shows the server's answer. Offline,
 * the message waits in the outbox and the person is told it will go when the internet is back.
 */
export function ContactForm() {
  const send = useSendContactMessage();
  const form = useForm<ContactInput, unknown, ContactOutput>({
    resolver: zodResolver(contactBody),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    send.mutateAsync(values).then(
      (result) => {
        if (result.kind === 'sent') toast.success(result.resposta);
        else toast.info(result.resposta);
        form.reset(EMPTY);
      },
      (error: unknown) => {
        toast.error(messageOf(error, 'Não foi possível enviar a sua mensagem. Tente novamente.'));
      },
    ),
  );

  const phone = form.register('telefone');
  return (
    <form onSubmit={submit} noValidate aria-label="Formulário de contato">
      <Stack gap="sm">
        <TextInput
          label="Nome ou empresa"
          autoComplete="name"
          maxLength={NAME_MAX}
          withAsterisk
          error={errors.nome?.message}
          {...form.register('nome')}
        />
        <TextInput
          label="Telefone"
          // A text field with the phone keypad: HTML allows autofilling the national number
          // (tel-national, the mask's form) into a text field, not into type="tel".
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="(00) 00000-0000"
          maxLength={PHONE_MAX_LENGTH}
          withAsterisk
          error={errors.telefone?.message}
          {...phone}
          onChange={(event) => {
            event.target.value = maskPhone(event.target.value);
            return phone.onChange(event);
          }}
          // Also on leaving the field: digits typed before the page's app took over were not masked.
          onBlur={(event) => {
            event.target.value = maskPhone(event.target.value);
            return phone.onBlur(event);
          }}
        />
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX}
          withAsterisk
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextInput
          label="Assunto"
          maxLength={CONTACT_SUBJECT_MAX}
          withAsterisk
          error={errors.assunto?.message}
          {...form.register('assunto')}
        />
        <Textarea
          label="Mensagem"
          rows={6}
          maxLength={CONTACT_MESSAGE_MAX}
          withAsterisk
          error={errors.message?.message}
          {...form.register('message')}
        />
        <Button type="submit" loading={form.formState.isSubmitting} style={{ alignSelf: 'flex-start' }}>
          Enviar mensagem
        </Button>
      </Stack>
    </form>
  );
}
