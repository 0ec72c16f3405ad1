import { useRef, useState, type FormEvent } from 'react';
import { Alert, Anchor, Group, Stack, TextInput } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { messageOf } from '../../../api/errors';
import { showToast, toast } from '../../../browser/toast';
import { paths } from '../../../config/paths';
import { CNPJ_MASK_LENGTH, maskDocument, normalizeDocument } from '../../../domain/documents';
import { storeSignIn } from '../../../storage/customer-session';
import { readSession, writeSession } from '../../../storage/session-keys';
import { useSignIn } from '../api/sign-in';
import { loginMissing, LOGIN_REQUIRED } from '../lib/forms';
import { SESSION_EXPIRED_MESSAGE, type LoginLocationState } from '../lib/session-expiry';
import { AUTH_REDIRECT_MS, useDelayedNavigate } from '../lib/use-delayed-navigate';
import { AuthCard } from './auth-card';
import { PasswordField } from './password-field';
import { OnlineOnlyButton } from '../../../components/online-only-button';

/**
 * The device's cart and the account's become one (src/storage/account-cart.ts); the shopper is told
 * when an open checkout's cart replaced what the account held.
 */
function joinAccountCart(checkoutOpen: boolean): void {
  void import('../../../storage/account-cart')
    .then(async ({ mergeCartAtSignIn, CHECKOUT_CART_KEPT_TEXT }) => {
      if (await mergeCartAtSignIn({ checkoutOpen }))
        showToast(CHECKOUT_CART_KEPT_TEXT, { level: 2, autoClose: false });
    })
    .catch((error: unknown) => console.warn('Não foi possível juntar o carrinho da conta', error));
}

/** The lists made signed out on this device join the account's (src/storage/work-lists.ts). */
function joinWorkLists(): void {
  void import('../../../storage/work-lists')
    .then(({ mergeWorkListsAtSignIn }) => mergeWorkListsAtSignIn())
    .catch((error: unknown) => console.warn('Não foi possível juntar as listas à conta', error));
}

/** Where the server sends the shopper: a path of this store, never another site. */
function safePath(redirect: string | undefined): string {
  return redirect && redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : paths.customerArea;
}

export function LoginForm() {
  const location = useLocation();
  const sessionExpired = (location.state as LoginLocationState | null)?.sessionExpired === true;
  const [documento, setDocumento] = useState('');
  const [senha, setSenha] = useState('');
  const [signedIn, setSignedIn] = useState(false);
  const documentRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const signIn = useSignIn();
  const navigateLater = useDelayedNavigate();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (signIn.isPending || signedIn) return;
    const missing = loginMissing({ documento, senha });
    if (missing) {
      toast.warning(missing);
      (missing === LOGIN_REQUIRED ? documentRef : passwordRef).current?.focus();
      return;
    }
    signIn.mutate(
      { email: normalizeDocument(documento), senha, redirect: readSession('redirect') },
      {
        onSuccess: (answer) => {
          // Signing in on the way to checkout: that checkout's cart is kept, never merged into.
          const checkoutOpen = readSession('redirect') === paths.checkout;
          storeSignIn(answer);
          joinAccountCart(checkoutOpen);
          joinWorkLists();
          writeSession('redirect', null);
          setSignedIn(true);
          toast.success(answer.resposta || 'Login realizado com sucesso!');
          navigateLater(safePath(answer.redirect), AUTH_REDIRECT_MS, { replace: true });
        },
        onError: (error) => toast.error(messageOf(error, 'Não foi possível entrar. Tente novamente.')),
      },
    );
  }

  return (
    <AuthCard title="Entrar">
      {sessionExpired && !signedIn ? (
        <Alert color="yellow" title="Aviso">
          {SESSION_EXPIRED_MESSAGE}
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate aria-label="Entrar">
        <Stack gap="sm">
          <TextInput
            ref={documentRef}
            label="CNPJ ou CPF"
            name="documento"
            autoComplete="username"
            inputMode="text"
            autoCapitalize="characters"
            maxLength={CNPJ_MASK_LENGTH}
            value={documento}
            onChange={(event) => setDocumento(maskDocument(event.currentTarget.value))}
          />
          <PasswordField
            ref={passwordRef}
            label="Senha"
            name="senha"
            autoComplete="current-password"
            value={senha}
            onChange={(event) => setSenha(event.currentTarget.value)}
          />
          <OnlineOnlyButton type="submit" loading={signIn.isPending} disabled={signedIn} fullWidth>
            Entrar
          </OnlineOnlyButton>
        </Stack>
      </form>
      <Group justify="space-between" gap="xs">
        <Anchor component={Link} to={paths.register} size="sm">
          Criar conta
        </Anchor>
        <Anchor component={Link} to={paths.recoverPassword} size="sm">
          Esqueci minha senha
        </Anchor>
      </Group>
    </AuthCard>
  );
}
