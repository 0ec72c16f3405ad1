import '@mantine/core/styles/Checkbox.css';
import { useId, useState } from 'react';
import { Alert, Checkbox, Input, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { EMAIL_MAX, emailField } from '../../../api/customer-fields';
import { messageOf } from '../../../api/errors';
import { ErrorText } from '../../../components/error-text';
import { Icon } from '../../../components/icon';
import { OnlineOnlyButton } from '../../../components/online-only-button';
import { PHYSICAL_STORES } from '../../../domain/store';
import { useCustomerRecord } from '../../../storage/customer-session';
import { pushSupport } from '../../../storage/push-subscription';
import { useAskStockAlert } from '../api/stock-alerts';

// 'Avise-me quando chegar' (docs/stock-alerts.md): loaded when the shopper taps the button of a
// product out of stock (stock-alert-button.tsx), never with the product page itself.

const ONLINE = 'online';
/** Material's arrow_drop_down: a select's usual mark. */
const DROP_DOWN = 'M7 10l5 5 5-5z';
const ASK_FAILED = 'Não foi possível registrar o aviso. Tente novamente.';

const formSchema = z
  .object({ email: z.string(), loja: z.string(), push: z.boolean() })
  .superRefine((values, context) => {
    if (values.email.trim() === '') {
      if (!values.push)
        context.addIssue({ code: 'custom', path: ['email'], message: 'Informe o seu e-mail.' });
      return;
    }
    const checked = emailField.safeParse(values.email);
    if (!checked.success)
      context.addIssue({ code: 'custom', path: ['email'], message: checked.error.issues[0].message });
  });
type FormValues = z.infer<typeof formSchema>;

/** Whether this device already receives the store's notifications (the shopper opted in before). */
const pushAllowed = () => pushSupport() === 'supported' && Notification.permission === 'granted';

export function StockAlertForm({ idprd }: { idprd: number }) {
  const customer = useCustomerRecord();
  const [canPush] = useState(() => customer !== null && pushAllowed());
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { email: customer?.email ?? '', loja: ONLINE, push: canPush },
  });
  const ask = useAskStockAlert();
  const placeId = useId();

  const submit = form.handleSubmit(({ email, loja, push }) =>
    ask.mutate({
      idprd,
      loja: loja === ONLINE ? null : Number(loja),
      ...(email.trim() ? { email } : {}),
      ...(push ? { push: true } : {}),
    }),
  );

  if (ask.isSuccess)
    return (
      <Alert color="green" title="Aviso registrado" role="status">
        {ask.data.resposta}
      </Alert>
    );

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="stock-alert-title">
      <form onSubmit={submit} noValidate aria-labelledby="stock-alert-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="stock-alert-title">
            Avise-me quando chegar
          </Title>
          <Text size="sm">Avisaremos uma só vez, quando o produto voltar ao estoque.</Text>
          {/* Mantine's Input as a native select: NativeSelect would be a chunk shared with the checkout's. */}
          <Input.Wrapper label="Onde você quer comprar" id={placeId}>
            <Input
              component="select"
              id={placeId}
              rightSection={<Icon path={DROP_DOWN} size={20} />}
              rightSectionPointerEvents="none"
              {...form.register('loja')}
            >
              <option value={ONLINE}>Na loja online (entrega)</option>
              {PHYSICAL_STORES.map((store) => (
                <option key={store.id} value={store.id}>
                  Retirar na {store.name}
                </option>
              ))}
            </Input>
          </Input.Wrapper>
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            maxLength={EMAIL_MAX}
            // The form appears where the button was: the shopper types at once.
            data-autofocus
            autoFocus
            error={form.formState.errors.email?.message}
            {...form.register('email')}
          />
          {canPush && (
            <Checkbox label="Avisar também nas notificações deste aparelho" {...form.register('push')} />
          )}
          <ErrorText>{ask.isError && messageOf(ask.error, ASK_FAILED)}</ErrorText>
          <OnlineOnlyButton type="submit" loading={ask.isPending}>
            Quero ser avisado
          </OnlineOnlyButton>
        </Stack>
      </form>
    </Paper>
  );
}
