import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cardForm, RAW_CARD_MESSAGE } from '../../../src/api/place-order';
import { RawCardForm } from '../../../src/features/checkout/components/raw-card-form';
import { installments } from '../../../src/domain/payment-options';
import { render } from '../test-utils/render';

// A VITE_CARD_FIELDS=raw build, for another DataSnap that takes the card's raw fields: the form of
// its own (number, expiry, CVV), whose APP_0050 `forma` carries them. Our own server refuses them.

describe('the raw card form of a VITE_CARD_FIELDS=raw build', () => {
  it('sends the number, expiry, CVV, holder and plan that DataSnap expects in forma', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(
      <RawCardForm
        installments={installments(10000)}
        chosen={3}
        onInstallments={() => {}}
        onConfirm={onConfirm}
        busy={false}
      />,
    );
    const number = screen.getByRole('textbox', { name: 'Número do cartão' }) as HTMLInputElement;
    await user.type(number, '4111111111111111');
    // Typed in groups of 4, the brand told.
    expect(number.value).toBe('4111 1111 1111 1111');
    expect(screen.getByText('Bandeira: Visa')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Validade' }), '1239');
    await user.type(screen.getByRole('textbox', { name: 'CVV' }), '1234');
    expect((screen.getByRole('textbox', { name: 'CVV' }) as HTMLInputElement).value).toBe('123');
    await user.type(screen.getByRole('textbox', { name: 'Nome impresso no cartão' }), 'MARIA S');
    await user.click(screen.getByRole('button', { name: 'Confirmar e finalizar pedido' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    const forma = onConfirm.mock.calls[0]![0] as Record<string, unknown>;
    expect(forma).toEqual({
      cardNumber: '4111111111111111',
      expiry: '12/39',
      cvv: '123',
      name: 'MARIA S',
      installments: 3,
      installmentId: 3,
      installmentValue: 33.33,
    });
    // Our own server's contract refuses raw fields, even beside a token: they never reach this store.
    const refused = cardForm.safeParse({ ...forma, token: 'tok_1', bin: '411111' });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([RAW_CARD_MESSAGE]);
  });

  it('says what is wrong with the card before anything is sent', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(
      <RawCardForm
        installments={installments(10000)}
        chosen={1}
        onInstallments={() => {}}
        onConfirm={onConfirm}
        busy={false}
      />,
    );
    await user.type(screen.getByRole('textbox', { name: 'Número do cartão' }), '4111111111111112');
    await user.type(screen.getByRole('textbox', { name: 'Validade' }), '0120');
    await user.type(screen.getByRole('textbox', { name: 'CVV' }), '12');
    await user.type(screen.getByRole('textbox', { name: 'Nome impresso no cartão' }), 'MARIA S');
    await user.click(screen.getByRole('button', { name: 'Confirmar e finalizar pedido' }));
    expect(await screen.findByText('Número do cartão inválido: confira os dígitos.')).toBeTruthy();
    expect(screen.getByText('Cartão vencido: confira a validade.')).toBeTruthy();
    expect(screen.getByText('CVV inválido: 3 dígitos.')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
