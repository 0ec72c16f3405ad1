import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StockAlertForm } from '../../../src/features/stock-alerts/components/stock-alert-form';
import { render } from '../test-utils/render';

// The form of 'Avise-me quando chegar' (docs/stock-alerts.md): the account's e-mail filled in for a
// signed-in customer, and the pt-BR refusals before anything is sent.

const valueOf = (element: HTMLElement) => (element as HTMLInputElement | HTMLSelectElement).value;

beforeEach(() => {
  sessionStorage.clear();
});

describe("the form of 'Avise-me quando chegar'", () => {
  it("fills in the signed-in customer's e-mail", () => {
    // What the sign-in stores (src/storage/customer-session.ts storeSignIn).
    sessionStorage.setItem('nome', 'Maria da Silva');
    sessionStorage.setItem(
      'dados_cliente',
      JSON.stringify({
        id: 7,
        nome: 'Maria da Silva',
        email: 'maria@example.com',
        doc: '12345678909',
        pessoa: 'fisica',
      }),
    );
    render(<StockAlertForm idprd={1040} />);
    expect(valueOf(screen.getByRole('textbox', { name: 'E-mail' }))).toBe('maria@example.com');
  });

  it('asks for an e-mail, and a valid one, when signed out', async () => {
    const user = userEvent.setup();
    render(<StockAlertForm idprd={1040} />);
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    expect(valueOf(email)).toBe('');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(valueOf(screen.getByRole('combobox', { name: 'Onde você quer comprar' }))).toBe('online');

    await user.click(screen.getByRole('button', { name: 'Quero ser avisado' }));
    expect(await screen.findByText('Informe o seu e-mail.')).toBeTruthy();
    await user.type(email, 'maria@');
    await user.click(screen.getByRole('button', { name: 'Quero ser avisado' }));
    expect(await screen.findByText('E-mail inválido.')).toBeTruthy();
  });
});
