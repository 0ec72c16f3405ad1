import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notifications } from '@mantine/notifications';
import { RegistrationForm } from '../../../src/features/account/components/registration-form';
import { generateCpf } from '../../../src/domain/documents';
import { render } from '../test-utils/render';

function renderRegistration() {
  return render(
    <>
      <Notifications />
      <RegistrationForm />
    </>,
    { route: '/registro' },
  );
}

const checklist = () =>
  within(screen.getByRole('list', { name: 'Requisitos da senha' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('registration', () => {
  it('masks CPF and phones as typed and keeps the field limits', async () => {
    const user = userEvent.setup();
    renderRegistration();
    const cpf = screen.getByLabelText(/^CPF/) as HTMLInputElement;
    await user.type(cpf, '123456789099999');
    expect(cpf.value).toBe('123.456.789-09');
    expect(cpf.maxLength).toBe(14);
    const landline = screen.getByLabelText(/Telefone fixo/) as HTMLInputElement;
    await user.type(landline, '1932321000');
    expect(landline.value).toBe('(19) 3232-1000');
    const mobile = screen.getByLabelText(/^Celular/) as HTMLInputElement;
    await user.type(mobile, '19998765432');
    expect(mobile.value).toBe('(19) 99876-5432');
    expect(mobile.maxLength).toBe(15);
    expect((screen.getByLabelText(/^Nome/) as HTMLInputElement).maxLength).toBe(60);
    expect((screen.getByLabelText(/^E-mail/) as HTMLInputElement).maxLength).toBe(54);
  });

  it('ticks the password checklist as the password is typed', async () => {
    const user = userEvent.setup();
    renderRegistration();
    expect(checklist()).toEqual([
      '✗ Pelo menos 7 caracteres (não atendido)',
      '✗ Uma letra maiúscula (não atendido)',
      '✗ Um caractere especial (não atendido)',
    ]);
    await user.type(screen.getByLabelText(/^Senha/), 'Abcdefg');
    expect(checklist()).toEqual([
      '✓ Pelo menos 7 caracteres (atendido)',
      '✓ Uma letra maiúscula (atendido)',
      '✗ Um caractere especial (não atendido)',
    ]);
  });

  it('clears the fields when the tab changes, and asks for CNPJ and Razão Social on Pessoa Jurídica', async () => {
    const user = userEvent.setup();
    renderRegistration();
    await user.type(screen.getByLabelText(/^CPF/), '12345678909');
    await user.type(screen.getByLabelText(/^Nome/), 'Maria');
    await user.click(screen.getByRole('tab', { name: 'Pessoa Jurídica' }));
    const cnpj = screen.getByLabelText(/^CNPJ/) as HTMLInputElement;
    expect(cnpj.value).toBe('');
    expect((screen.getByLabelText(/^Razão Social/) as HTMLInputElement).value).toBe('');
    await user.type(cnpj, '12abc345000196');
    expect(cnpj.value).toBe('12.ABC.345/0001-96');
    expect(screen.getByLabelText(/^Telefone de contato/)).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Pessoa Física' }));
    expect((screen.getByLabelText(/^CPF/) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText(/^Nome/) as HTMLInputElement).value).toBe('');
  });

  it('refuses wrong check digits before sending anything', async () => {
    const user = userEvent.setup();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderRegistration();
    const cpf = generateCpf(11);
    const wrongChecks = `${(Number(cpf[9]) + 1) % 10}${(Number(cpf[10]) + 1) % 10}`;
    await user.type(screen.getByLabelText(/^CPF/), cpf.slice(0, 9) + wrongChecks);
    await user.type(screen.getByLabelText(/^Nome/), 'Maria da Silva');
    await user.type(screen.getByLabelText(/^Celular/), '19998765432');
    await user.type(screen.getByLabelText(/^E-mail/), 'maria@example.com');
    await user.type(screen.getByLabelText(/^Senha/), 'Segura#1');
    await user.click(screen.getByRole('button', { name: 'Avançar' }));
    expect(await screen.findByText('CPF inválido: confira os dígitos.')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
