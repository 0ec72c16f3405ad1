import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryKey } from '@tanstack/react-query';
import { CardForm } from '../../../src/features/checkout/components/card-form';
import { PixPanel } from '../../../src/components/pix-panel';
import { installments } from '../../../src/domain/payment-options';
import { render } from '../test-utils/render';

const PAYLOAD =
  '00020101021226420014br.gov.bcb.pix0120pix@casaeobra.com.br5204000053039865405100.005802BR6304ABCD';

describe('card form', { timeout: 20_000 }, () => {
  const PROVIDER = 'http://127.0.0.1:45999';
  const setup = {
    provedor: 'emulator',
    origem: PROVIDER,
    campos: `${PROVIDER}/fields?key=pk_test`,
    chave: 'pk_test',
  };

  /**
   * The card form for a R$ 100,00 order, with `chosen` instalments preselected (none: undefined)
   * and the provider's quotes already answered.
   */
  function renderCardForm(
    chosen: number | undefined,
    quotes: ReadonlyArray<readonly [QueryKey, unknown]> = [],
  ) {
    const onConfirm = vi.fn();
    render(
      <CardForm
        installments={installments(10000)}
        totalReais={100}
        chosen={chosen}
        onInstallments={() => {}}
        onConfirm={onConfirm}
        busy={false}
      />,
      { answers: [[['checkout', 'card', 'setup'], setup], ...quotes] },
    );
    const frame = screen.getByTitle('Dados do cartão') as HTMLIFrameElement;
    /** A message of the provider's fields, as its page posts it (or from `origin`, for a forgery). */
    const fromFields = (data: object, origin = PROVIDER) =>
      act(() => {
        window.dispatchEvent(
          new MessageEvent('message', {
            data: { source: 'card-fields', ...data },
            origin,
            source: frame.contentWindow,
          }),
        );
      });
    return {
      onConfirm,
      frame,
      fromFields,
      name: screen.getByRole('textbox', { name: 'Nome impresso no cartão' }) as HTMLInputElement,
    };
  }

  it("frames the provider's own fields: no card number, expiry or CVV input on the store's page", () => {
    const { frame } = renderCardForm(undefined);
    expect(frame.getAttribute('src')).toBe(setup.campos);
    expect(screen.queryByRole('textbox', { name: 'Número do cartão' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'CVV' })).toBeNull();
    expect(
      document.querySelector('input[autocomplete="cc-number"], input[autocomplete="cc-csc"]'),
    ).toBeNull();
  });

  it('confirms with the token the fields answer, the holder and the chosen plan', async () => {
    const user = userEvent.setup();
    const { name, onConfirm, fromFields, frame } = renderCardForm(3);
    const asked = vi.fn();
    Object.defineProperty(frame.contentWindow, 'postMessage', { value: asked, configurable: true });
    fromFields({ type: 'ready' });
    await user.type(name, 'MARIA S');
    expect((screen.getByRole('combobox', { name: 'Parcelamento' }) as HTMLInputElement).value).toBe(
      '3x de R$ 33,33 sem juros',
    );
    await user.click(screen.getByRole('button', { name: 'Confirmar e finalizar pedido' }));
    await waitFor(() => expect(asked).toHaveBeenCalledWith({ type: 'tokenize' }, PROVIDER));
    // A page of another origin cannot answer for the fields.
    fromFields(
      { type: 'token', token: 'tok_forged', brand: 'Visa', last4: '0000', bin: '411111' },
      'http://evil.example',
    );
    expect(onConfirm).not.toHaveBeenCalled();
    fromFields({ type: 'token', token: 'tok_1', brand: 'Visa', last4: '1111', bin: '411111' });
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    expect(onConfirm.mock.calls[0][0]).toEqual({
      token: 'tok_1',
      brand: 'Visa',
      last4: '1111',
      bin: '411111',
      name: 'MARIA S',
      installments: 3,
      installmentId: 3,
      installmentValue: 33.33,
    });
  });

  it('asks for the holder before the card, and sends nothing while the fields show their own errors', async () => {
    const user = userEvent.setup();
    const { onConfirm, fromFields, frame, name } = renderCardForm(1);
    const asked = vi.fn();
    Object.defineProperty(frame.contentWindow, 'postMessage', { value: asked, configurable: true });
    fromFields({ type: 'ready' });
    await user.click(screen.getByRole('button', { name: 'Confirmar e finalizar pedido' }));
    expect(await screen.findByText('Informe o nome impresso no cartão.')).toBeTruthy();
    expect(asked).not.toHaveBeenCalled();
    await user.type(name, 'MARIA S');
    await user.click(screen.getByRole('button', { name: 'Confirmar e finalizar pedido' }));
    await waitFor(() => expect(asked).toHaveBeenCalled());
    fromFields({ type: 'invalid' });
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: 'Confirmar e finalizar pedido' }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('says the fields did not answer once 20 s pass without a token (the clock moved on, not waited for)', async () => {
    const user = userEvent.setup();
    const { onConfirm, fromFields, frame, name } = renderCardForm(1);
    Object.defineProperty(frame.contentWindow, 'postMessage', { value: vi.fn(), configurable: true });
    fromFields({ type: 'ready' });
    await user.type(name, 'MARIA S');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Confirmar e finalizar pedido' }));
      await act(() => vi.advanceTimersByTimeAsync(19_999));
      expect(screen.queryByText('Os campos do cartão não responderam. Tente novamente.')).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(1));
    } finally {
      vi.useRealTimers();
    }
    expect(await screen.findByText('Os campos do cartão não responderam. Tente novamente.')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("asks for the plan again when the provider's quote does not offer the one chosen", async () => {
    const user = userEvent.setup();
    // The provider quotes this card up to 2x only.
    const quoted = [1, 2].map((count) => ({
      nParcelas: count,
      valorParcela: 100 / count,
      total: 100,
      semJuros: true,
      taxaMensal: 0,
      taxaAnual: 0,
      cetAnual: 0,
      descricao: `${count}x sem juros`,
    }));
    const { onConfirm, fromFields, frame, name } = renderCardForm(10, [
      [['checkout', 'card', 'plans', '411111', 100], quoted],
    ]);
    const asked = vi.fn();
    Object.defineProperty(frame.contentWindow, 'postMessage', { value: asked, configurable: true });
    fromFields({ type: 'ready' });
    await user.type(name, 'MARIA S');
    expect((screen.getByRole('combobox', { name: 'Parcelamento' }) as HTMLInputElement).value).toMatch(
      /^10x/,
    );
    // The card's first digits are typed in the provider's fields.
    fromFields({ type: 'bin', bin: '411111' });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Parcelamento' })).toHaveProperty('value', ''),
    );
    await user.click(screen.getByRole('button', { name: 'Confirmar e finalizar pedido' }));
    expect(await screen.findByText('Selecione uma opção')).toBeTruthy();
    expect(asked).not.toHaveBeenCalled();
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
