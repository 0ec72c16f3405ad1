import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notifications } from '@mantine/notifications';
import { LoginForm } from '../../../src/features/account/components/login-form';
import { render } from '../test-utils/render';

function renderLogin() {
  return render(
    <>
      <Notifications />
      <LoginForm />
    </>,
    { route: '/login' },
  );
}

describe('sign in', () => {
  it('masks CNPJ ou CPF as typed: CPF up to 11 digits, CNPJ after, letters allowed', async () => {
    const user = userEvent.setup();
    renderLogin();
    const field = screen.getByLabelText('CNPJ ou CPF') as HTMLInputElement;
    await user.type(field, '12345678909');
    expect(field.value).toBe('123.456.789-09');
    await user.type(field, '123');
    expect(field.value).toBe('12.345.678/9091-23');
    await user.clear(field);
    await user.type(field, '12abc345000196');
    expect(field.value).toBe('12.ABC.345/0001-96');
    expect(field.maxLength).toBe(18);
  });

  it('warns when the document or the password is missing, without calling the server', async () => {
    const user = userEvent.setup();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Favor informar Email.')).toBeTruthy();
    await user.type(screen.getByLabelText('CNPJ ou CPF'), '12345678909');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Favor informar senha.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Senha'));
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows and hides the password, and links to registration and recovery', async () => {
    const user = userEvent.setup();
    renderLogin();
    const password = screen.getByLabelText('Senha') as HTMLInputElement;
    expect(password.type).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Mostrar senha' }));
    expect(password.type).toBe('text');
    expect(screen.getByRole('link', { name: 'Criar conta' }).getAttribute('href')).toBe('/registro');
    expect(screen.getByRole('link', { name: 'Esqueci minha senha' }).getAttribute('href')).toBe(
      '/recuperarSenha',
    );
  });
});
