import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notifications } from '@mantine/notifications';
import { Route, Routes } from 'react-router-dom';
import {
  MISSING_TOKEN_MESSAGE,
  ResetPasswordForm,
} from '../../../src/features/account/components/reset-password-form';
import { render } from '../test-utils/render';

function renderReset(route: string) {
  return render(
    <>
      <Notifications />
      <Routes>
        <Route path="/redefinir" element={<ResetPasswordForm />} />
        <Route path="/recuperarSenha" element={<p>Tela de recuperação</p>} />
      </Routes>
    </>,
    { route },
  );
}

describe('reset password', () => {
  it('without acess warns and goes to /recuperarSenha after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderReset('/redefinir');
      expect((await screen.findAllByText(MISSING_TOKEN_MESSAGE)).length).toBeGreaterThan(0);
      expect(MISSING_TOKEN_MESSAGE).toBe(
        'Você será redirecionando para solicitar um novo email de Recuperação de senha',
      );
      await vi.advanceTimersByTimeAsync(4900);
      expect(screen.queryByText('Tela de recuperação')).toBeNull();
      await vi.advanceTimersByTimeAsync(200);
      expect(await screen.findByText('Tela de recuperação')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks for both passwords and says when they differ, without calling the server', async () => {
    const user = userEvent.setup();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderReset('/redefinir?acess=abc');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByText('Informe uma nova senha')).toBeTruthy();
    expect(screen.getByText('Confirme sua senha para continuar.')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Nova Senha/), 'Nova#Senha1');
    await user.type(screen.getByLabelText(/^Confirmar Senha/), 'Nova#Senha2');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByText('As senhas não coincidem.')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Requisitos da senha' })).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("sends APP_0040 the spec's payload, with the e-mail the link names", async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
      bodies.push(JSON.parse(String(init?.body)));
      return Response.json({ resposta: 'Senha redefinida com sucesso! Entre com sua nova senha.' });
    });
    renderReset('/redefinir?acess=abc&email=ana%40exemplo.com.br');
    await user.type(screen.getByLabelText(/^Nova Senha/), 'Nova#Senha1');
    await user.type(screen.getByLabelText(/^Confirmar Senha/), 'Nova#Senha1');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByText('Senha redefinida com sucesso! Entre com sua nova senha.')).toBeTruthy();
    expect(bodies).toEqual([
      {
        email: 'ana@exemplo.com.br',
        token: 'abc',
        newPassword: 'Nova#Senha1',
        confirmPassword: 'Nova#Senha1',
      },
    ]);
  });
});
