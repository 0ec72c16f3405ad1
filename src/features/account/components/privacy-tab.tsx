import { Divider, Stack, Text, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { messageOf } from '../../../api/errors';
import {
  PERSONAL_DATA_FILE_NAME,
  accountErasureBody,
  type AccountErasurePayload,
} from '../../../api/personal-data';
import { toast } from '../../../browser/toast';
import { OnlineOnlyButton } from '../../../components/online-only-button';
import { paths } from '../../../config/paths';
import { useDownloadPersonalData, useEraseAccount } from '../api/personal-data';
import { useSessionExpiry } from '../lib/session-expiry';
import { saveJson } from '../lib/save-json';
import { PasswordField } from './password-field';

/** The customer's LGPD rights (art. 18): take a copy of their data, or erase the account. */
export function PrivacyTab() {
  return (
    <Stack gap="lg" maw={560}>
      <DownloadSection />
      <Divider />
      <EraseSection />
    </Stack>
  );
}

function DownloadSection() {
  const download = useDownloadPersonalData();
  const expire = useSessionExpiry();

  function start() {
    download.mutate(undefined, {
      onSuccess: (data) => {
        saveJson(PERSONAL_DATA_FILE_NAME, data);
        toast.success('Arquivo com os seus dados baixado.');
      },
      onError: (error) => {
        if (!expire(error))
          toast.error(messageOf(error, 'Não foi possível baixar os seus dados. Tente novamente.'));
      },
    });
  }

  return (
    <section aria-labelledby="baixar-dados">
      <Title order={2} size="h4" id="baixar-dados" mb="xs">
        Baixar meus dados
      </Title>
      <Text size="sm" mb="sm">
        Um arquivo (JSON) com tudo o que guardamos sobre você: cadastro, pedidos, endereços de entrega,
        pagamentos, notificações e e-mails enviados, com a finalidade e o prazo de guarda de cada um.
      </Text>
      <OnlineOnlyButton variant="default" onClick={start} loading={download.isPending}>
        Baixar meus dados
      </OnlineOnlyButton>
    </section>
  );
}

function EraseSection() {
  const form = useForm<AccountErasurePayload>({
    resolver: zodResolver(accountErasureBody),
    defaultValues: { senha: '' },
  });
  const erase = useEraseAccount();
  const expire = useSessionExpiry();
  const navigate = useNavigate();

  const submit = form.handleSubmit((values) => {
    erase.mutate(values, {
      onSuccess: (answer) => {
        toast.success(answer.resposta);
        navigate(paths.home, { replace: true });
      },
      onError: (error) => {
        form.reset({ senha: '' });
        if (!expire(error))
          toast.error(messageOf(error, 'Não foi possível excluir a conta. Tente novamente.'));
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="excluir-conta">
      <Stack gap="sm">
        <Title order={2} size="h4" id="excluir-conta">
          Excluir minha conta
        </Title>
        <Text size="sm">
          Apagamos na hora o seu cadastro, endereços, e-mails e mensagens, e encerramos todas as sessões e
          notificações. Os pedidos ficam guardados pelos cinco anos que a legislação fiscal exige, sem o seu
          nome, CPF ou CNPJ, e-mail ou telefone. Com um pedido em andamento, a exclusão espera ele ser
          entregue, retirado ou cancelado. Não é possível desfazer. Para confirmar, digite a sua senha.
        </Text>
        <PasswordField
          label="Senha"
          required
          autoComplete="current-password"
          error={form.formState.errors.senha?.message}
          {...form.register('senha')}
        />
        <OnlineOnlyButton
          type="submit"
          color="red"
          loading={erase.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          Excluir minha conta
        </OnlineOnlyButton>
      </Stack>
    </form>
  );
}
