import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CardForm } from '../../../src/features/checkout/components/card-form';
import { PixPanel } from '../../../src/components/pix-panel';
import { installments } from '../../../src/domain/payment-options';
import { render } from '../test-utils/render';

const PAYLOAD =
  '00020101021226420014br.gov.bcb.pix0120pix@casaeobra.com.br5204000053039865405100.005802BR6304ABCD';

describe('card form', { timeout: 20_000 }, () => {
  /** The card form for a R$ 100,00 order, with `chosen` instalments preselected (none: undefined). */
  function renderCardForm(chosen: number | undefined) {
    const onConfirm = vi.fn();
    render(
      <CardForm
        installments={installments(10000)}
        chosen={chosen}
        onInstallments={() => {}}
        onConfirm={onConfirm}
        busy={false}
      />,
    );
    return {
      onConfirm,
      number: screen.getByRole('textbox', { name: 'Número do cartão' }) as HTMLInputElement,
      expiry: screen.getByRole('textbox', { name: 'Validade' }) as HTMLInputElement,
      cvv: screen.getByRole('textbox', { name: 'CVV' }) as HTMLInputElement,
      name: screen.getByRole('textbox', { name: 'Nome impresso no cartão' }) as HTMLInputElement,
    };
  }

  it('formats as typed, preselects the first instalment and confirms without storing anything', async () => {
    const user = userEvent.setup();
    const { number, expiry, cvv, name, onConfirm } = renderCardForm(undefined);
    await user.type(number, '41111111111111112222');
    expect(number.value).toBe('4111 1111 1111 1111 222');
    await user.clear(number);
    await user.type(number, '4111111111111111');
    await user.type(expiry, '1230');
    expect(expiry.value).toBe('12/30');
    await user.type(cvv, '12345');
    expect(cvv.value).toBe('123');
    await user.type(name, 'MARIA S');
    expect((screen.getByRole('combobox', { name: 'Parcelamento' }) as HTMLInputElement).value).toBe(
      '1x de R$ 100,00 sem juros',
    );
    await user.click(screen.getByRole('button', { name: 'Confirmar e finalizar pedido' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    expect(onConfirm.mock.calls[0][0]).toEqual({
      cardNumber: '4111111111111111',
      expiry: '12/30',
      cvv: '123',
      name: 'MARIA S',
      installments: 1,
      installmentId: 1,
      installmentValue: 100,
    });
  });

  it('says what is wrong before confirming', async () => {
    const user = userEvent.setup();
    const { onConfirm } = renderCardForm(3);
    expect((screen.getByRole('combobox', { name: 'Parcelamento' }) as HTMLInputElement).value).toMatch(
      /^3x de/,
    );
    await user.click(screen.getByRole('button', { name: 'Confirmar e finalizar pedido' }));
    expect(await screen.findByText('Informe o número do cartão.')).toBeTruthy();
    expect(screen.getByText('Validade inválida: use MM/AA.')).toBeTruthy();
    expect(screen.getByText('CVV inválido: 3 dígitos.')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('shows the brand as the number is typed: Visa, Mastercard, Elo, Hipercard, American Express', async () => {
    const user = userEvent.setup();
    const { number } = renderCardForm(1);
    const cases: [string, string][] = [
      ['4111', 'Visa'],
      ['5555', 'Mastercard'],
      ['636297', 'Elo'],
      ['606282', 'Hipercard'],
      ['3782', 'American Express'],
    ];
    for (const [digits, label] of cases) {
      await user.clear(number);
      await user.type(number, digits);
      const described = (number.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent);
      expect(described, digits).toContain(`Bandeira: ${label}`);
    }
  });

  it('takes an American Express number (15 digits, 4-digit CVV) and confirms it', async () => {
    const user = userEvent.setup();
    const { number, expiry, cvv, name, onConfirm } = renderCardForm(1);
    await user.type(number, '37828224631000512');
    expect(number.value).toBe('3782 822463 10005');
    await user.type(expiry, '1230');
    await user.type(cvv, '12345');
    expect(cvv.value).toBe('1234');
    await user.type(name, 'JOAO S');
    await user.click(screen.getByRole('button', { name: 'Confirmar e finalizar pedido' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    expect(onConfirm.mock.calls[0][0]).toMatchObject({ cardNumber: '378282246310005', cvv: '1234' });
  });

  it('checks the Luhn digit, the length and the expiry before confirming, in pt-BR', async () => {
    const user = userEvent.setup();
    const { number, expiry, cvv, name, onConfirm } = renderCardForm(1);
    await user.type(number, '4111111111111112');
    await user.type(expiry, '0120');
    await user.type(cvv, '123');
    await user.type(name, 'MARIA S');
    await user.click(screen.getByRole('button', { name: 'Confirmar e finalizar pedido' }));
    expect(await screen.findByText('Número do cartão inválido: confira os dígitos.')).toBeTruthy();
    expect(screen.getByText('Cartão vencido: confira a validade.')).toBeTruthy();
    expect(number.value).toBe('4111 1111 1111 1112');

    await user.clear(number);
    await user.type(number, '555555555555');
    await user.click(screen.getByRole('button', { name: 'Confirmar e finalizar pedido' }));
    expect(await screen.findByText('Número do cartão incompleto.')).toBeTruthy();
    await user.clear(number);
    await user.type(number, '6011000000000004');
    await user.click(screen.getByRole('button', { name: 'Confirmar e finalizar pedido' }));
    expect(
      await screen.findByText(
        'Bandeira não aceita. Aceitamos Visa, Mastercard, Elo, Hipercard e American Express.',
      ),
    ).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

describe('Pix panel', () => {
  it("offers 'Gerar PIX' before a charge exists", async () => {
    const user = userEvent.setup();
    const onGenerate = vi.fn();
    render(
      <PixPanel
        pix={null}
        error={null}
        paid={false}
        busy={false}
        onGenerate={onGenerate}
        onExpired={() => {}}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Gerar PIX' }));
    expect(onGenerate).toHaveBeenCalledTimes(1);
  });

  it('draws the QR code from the payload with the copia-e-cola code and the time left', async () => {
    const expiraEm = new Date(Date.now() + 5 * 60_000).toISOString();
    render(
      <PixPanel
        pix={{ qrcodeurl: '/x.png', payload: PAYLOAD, expiraEm }}
        error={null}
        paid={false}
        busy={false}
        onGenerate={() => {}}
        onExpired={() => {}}
      />,
    );
    expect(await screen.findByRole('img', { name: 'QR Code do PIX' })).toBeTruthy();
    expect(screen.getByText('Escaneie o QR Code para pagar')).toBeTruthy();
    expect(screen.getByText(/O código expira em 0[45]:\d\d/)).toBeTruthy();
    expect(screen.getByLabelText('Código Pix copia e cola').textContent).toBe(PAYLOAD);
    expect(screen.getByRole('button', { name: 'Copiar código Pix' })).toBeTruthy();
  });

  it('starts a 30-minute code at 30:00, never 30:01, when the server is a moment ahead of the phone', () => {
    // The clock is set, not waited on: the phone reads 12:00:00.000, the code expires 30 min and
    // 0,6 s later by the server's clock.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T15:00:00.000Z'));
    try {
      render(
        <PixPanel
          pix={{ qrcodeurl: '/x.png', payload: PAYLOAD, expiraEm: '2026-11-27T15:30:00.600Z' }}
          error={null}
          paid={false}
          busy={false}
          onGenerate={() => {}}
          onExpired={() => {}}
        />,
      );
      expect(screen.getByText('O código expira em 30:00')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks for a new code once when the charge has expired', async () => {
    const onExpired = vi.fn();
    const pix = {
      qrcodeurl: '/x.png',
      payload: PAYLOAD,
      expiraEm: new Date(Date.now() - 1000).toISOString(),
    };
    // A new element each time, so the second render really renders again.
    const panel = () => (
      <PixPanel
        pix={pix}
        error={null}
        paid={false}
        busy={false}
        onGenerate={() => {}}
        onExpired={onExpired}
      />
    );
    const { rerender } = render(panel());
    await waitFor(() => expect(onExpired).toHaveBeenCalledTimes(1));
    rerender(panel());
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('says the payment is confirmed', () => {
    render(<PixPanel pix={null} error={null} paid busy={false} onGenerate={() => {}} onExpired={() => {}} />);
    expect(screen.getByText('Pagamento confirmado com sucesso!')).toBeTruthy();
  });
});
