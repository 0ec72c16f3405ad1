import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OFFLINE_ACTION_REASON, OFFLINE_CEP_HINT } from '../../../src/hooks/online-status';
import { AddressStep } from '../../../src/features/checkout/components/address-step';
import { useCheckoutForm } from '../../../src/storage/checkout-form';
import { emptyCheckoutForm, readCheckoutForm } from '../../../src/storage/stored-rows';
import { db, type CartLine } from '../../../src/storage/db';
import { render } from '../test-utils/render';

const lines: CartLine[] = [
  { id: '12', name: 'Torneira de Mesa Cromada', price: 129.9, quantity: 1 } as CartLine,
];

function setOffline(offline: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => !offline });
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

beforeEach(async () => {
  await db.checkoutForm.clear();
  localStorage.clear();
});
afterEach(() => setOffline(false));

describe('checkout address step offline', () => {
  it('keeps what is typed as a draft that a new form opens with, and says why it cannot save', async () => {
    const user = userEvent.setup();
    setOffline(true);
    const first = render(
      <AddressStep form={emptyCheckoutForm} lines={lines} cartCep={null} onSaved={() => {}} />,
    );
    const save = screen.getByRole('button', { name: 'Salvar endereço' });
    expect(save).toHaveProperty('disabled', true);
    expect(save.getAttribute('aria-describedby')).toBe(screen.getByText(OFFLINE_ACTION_REASON).id);

    await user.type(screen.getByRole('textbox', { name: 'CEP' }), '13012100');
    expect(screen.getByText(OFFLINE_CEP_HINT)).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Endereço' }), 'Rua Sem Sinal');
    await user.type(screen.getByRole('textbox', { name: 'Número' }), '77');
    // Stored once typing pauses, in IndexedDB and the checkout_form_data key.
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('checkout_form_data') ?? '{}').addressDraft?.number).toBe('77'),
    );
    const stored = await readCheckoutForm();
    expect(stored.addressDraft?.street).toBe('Rua Sem Sinal');
    expect(stored.address).toBeNull();
    expect(stored.confirmed.address).toBe(false);
    first.unmount();

    // A reload: the step opens again from what was stored.
    render(<AddressStep form={stored} lines={lines} cartCep={null} onSaved={() => {}} />);
    expect(screen.getByRole('textbox', { name: 'CEP' })).toHaveProperty('value', '13012-100');
    expect(screen.getByRole('textbox', { name: 'Endereço' })).toHaveProperty('value', 'Rua Sem Sinal');
    expect(screen.getByRole('textbox', { name: 'Número' })).toHaveProperty('value', '77');

    setOffline(false);
    expect(screen.getByRole('button', { name: 'Salvar endereço' })).toHaveProperty('disabled', false);
    expect(screen.queryByText(OFFLINE_ACTION_REASON)).toBeNull();
    expect(screen.queryByText(OFFLINE_CEP_HINT)).toBeNull();
  });
});

/** The checkout's address step as a tab shows it: fed by the stored form, live. */
function TabAddressStep() {
  const form = useCheckoutForm();
  return form ? <AddressStep form={form} lines={lines} cartCep={null} onSaved={() => {}} /> : null;
}

describe('checkout address step in two tabs', () => {
  it('keeps what each tab typed in its own field, and each tab shows what the other typed', async () => {
    const user = userEvent.setup();
    render(
      <>
        <section aria-label="Aba A">
          <TabAddressStep />
        </section>
        <section aria-label="Aba B">
          <TabAddressStep />
        </section>
      </>,
    );
    const tabA = within(screen.getByRole('region', { name: 'Aba A' }));
    const tabB = within(screen.getByRole('region', { name: 'Aba B' }));
    const storedDraft = async () => (await readCheckoutForm()).addressDraft;

    await user.type(await tabB.findByRole('textbox', { name: 'Complemento' }), 'Apto 12');
    await waitFor(async () => expect((await storedDraft())?.complement).toBe('Apto 12'));
    await user.type(await tabA.findByRole('textbox', { name: 'Número' }), '77');
    await waitFor(async () => expect((await storedDraft())?.number).toBe('77'));

    expect((await storedDraft())?.complement).toBe('Apto 12');
    await waitFor(() =>
      expect(tabA.getByRole('textbox', { name: 'Complemento' })).toHaveProperty('value', 'Apto 12'),
    );
    await waitFor(() => expect(tabB.getByRole('textbox', { name: 'Número' })).toHaveProperty('value', '77'));
  });
});
