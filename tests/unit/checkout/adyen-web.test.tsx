import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CardForm } from '../../../src/features/checkout/components/card-form';
import { ChallengeDialog } from '../../../src/features/checkout/components/challenge-dialog';
import {
  adyenWebAssets,
  loadAdyenWeb,
  type AdyenWebGlobal,
} from '../../../src/features/checkout/lib/adyen-web';
import { installments } from '../../../src/domain/payment-options';
import { render } from '../test-utils/render';

// CARD_PROVIDER=adyen as the checkout sees it: CARTAO_CONFIG names Adyen's origin, Adyen Web's
// script and the client key; the checkout loads that script from Adyen's origin only and hands the
// form the same token, brand, last four digits and BIN as the emulator's fields. Adyen Web itself
// comes from Adyen's servers, which this machine cannot reach: a stand-in global plays its Card.

const TEST_SETUP = {
  provedor: 'adyen',
  origem: 'https://checkoutshopper-test.adyen.com',
  campos: 'https://checkoutshopper-test.adyen.com/checkoutshopper/sdk/6.45.2/adyen.js',
  chave: 'test_CLIENTKEY0123456789',
};

describe('Adyen Web, chosen and loaded from what the server hands the page', () => {
  afterEach(() => {
    delete window.AdyenWeb;
  });

  it('loads the script and stylesheet of the configured environment from Adyen’s origin', () => {
    expect(adyenWebAssets(TEST_SETUP)).toEqual({
      environment: 'test',
      clientKey: 'test_CLIENTKEY0123456789',
      script: 'https://checkoutshopper-test.adyen.com/checkoutshopper/sdk/6.45.2/adyen.js',
      stylesheet: 'https://checkoutshopper-test.adyen.com/checkoutshopper/sdk/6.45.2/adyen.css',
    });
    const live = {
      ...TEST_SETUP,
      origem: 'https://checkoutshopper-live.adyen.com',
      campos: 'https://checkoutshopper-live.adyen.com/checkoutshopper/sdk/6.45.2/adyen.js',
      chave: 'live_CLIENTKEY0123456789',
    };
    expect(adyenWebAssets(live)).toMatchObject({
      environment: 'live',
      script: live.campos,
      stylesheet: 'https://checkoutshopper-live.adyen.com/checkoutshopper/sdk/6.45.2/adyen.css',
    });
  });

  it('refuses a script from anywhere else, another provider’s setup, or a key of the other environment', () => {
    const refused = [
      {
        ...TEST_SETUP,
        origem: 'https://evil.example',
        campos: 'https://evil.example/checkoutshopper/sdk/6.45.2/adyen.js',
      },
      { ...TEST_SETUP, campos: 'https://evil.example/checkoutshopper/sdk/6.45.2/adyen.js' },
      { ...TEST_SETUP, campos: 'https://checkoutshopper-test.adyen.com/elsewhere/adyen.js' },
      { ...TEST_SETUP, provedor: 'emulator' },
      { ...TEST_SETUP, chave: 'live_CLIENTKEY0123456789' },
    ];
    for (const setup of refused) expect(() => adyenWebAssets(setup)).toThrow();
  });

  it('adds the script and stylesheet once, and resolves with Adyen Web’s global when the script has run', async () => {
    const assets = adyenWebAssets(TEST_SETUP);
    const first = loadAdyenWeb(assets);
    const second = loadAdyenWeb(assets);
    const scripts = document.head.querySelectorAll(`script[src="${assets.script}"]`);
    expect(scripts).toHaveLength(1);
    expect(
      document.head.querySelectorAll(`link[rel="stylesheet"][href="${assets.stylesheet}"]`),
    ).toHaveLength(1);
    const global = { AdyenCheckout: vi.fn(), Card: vi.fn() } as unknown as AdyenWebGlobal;
    window.AdyenWeb = global;
    scripts[0]!.dispatchEvent(new Event('load'));
    expect(await first).toBe(global);
    expect(await second).toBe(global);
  });

  it('gives the form the component’s encrypted fields as the token, with brand, last four and BIN', async () => {
    const user = userEvent.setup();
    const core = { createFromAction: vi.fn() };
    const started: Record<string, unknown>[] = [];
    let valid = false;
    const showValidation = vi.fn();
    let callbacks: Record<string, (event: object) => void> = {};
    const paymentMethod = {
      type: 'scheme',
      encryptedCardNumber: 'adyenjs_0_1_25$number',
      encryptedExpiryMonth: 'adyenjs_0_1_25$month',
      encryptedExpiryYear: 'adyenjs_0_1_25$year',
      encryptedSecurityCode: 'adyenjs_0_1_25$cvc',
      brand: 'mc',
    };
    const browserInfo = { acceptHeader: '*/*', colorDepth: 24, javaEnabled: false, language: 'pt-BR' };
    class Card {
      constructor(_core: unknown, configuration: Record<string, (event: object) => void>) {
        callbacks = configuration;
      }
      mount = (target: HTMLElement) => {
        target.dataset.mounted = 'card';
        return this;
      };
      unmount = () => {};
      get isValid() {
        return valid;
      }
      get data() {
        return { paymentMethod, browserInfo };
      }
      showValidation = showValidation;
    }
    window.AdyenWeb = {
      AdyenCheckout: async (configuration: Record<string, unknown>) => {
        started.push(configuration);
        return core;
      },
      Card,
    } as unknown as AdyenWebGlobal;
    const onConfirm = vi.fn();
    render(
      <CardForm
        installments={installments(10000)}
        totalReais={100}
        chosen={1}
        onInstallments={() => {}}
        onConfirm={onConfirm}
        busy={false}
      />,
      {
        answers: [
          [['checkout', 'card', 'setup'], TEST_SETUP],
          // The plans quoted for the BIN the fields give (CARTAO_PARCELAS).
          [
            ['checkout', 'card', 'plans', '555544', 100],
            [{ nParcelas: 1, valorParcela: 100, semJuros: true, descricao: '1x de R$ 100,00 sem juros' }],
          ],
        ],
      },
    );
    await waitFor(() => expect(screen.getByTestId('adyen-card').dataset.mounted).toBe('card'));
    expect(started).toEqual([
      { environment: 'test', clientKey: 'test_CLIENTKEY0123456789', locale: 'pt-BR', countryCode: 'BR' },
    ]);
    // No iframe of ours and no card input on the store's page: Adyen's component holds them.
    expect(screen.queryByTitle('Dados do cartão')).toBeNull();
    expect(
      document.querySelector('input[autocomplete="cc-number"], input[autocomplete="cc-csc"]'),
    ).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'Nome impresso no cartão' }), 'MARIA S');
    await user.click(screen.getByRole('button', { name: 'Confirmar e finalizar pedido' }));
    // Not complete yet: Adyen's fields show their own errors and nothing is sent.
    await waitFor(() => expect(showValidation).toHaveBeenCalledTimes(1));
    expect(onConfirm).not.toHaveBeenCalled();

    callbacks.onBrand!({ brand: 'mc' });
    callbacks.onBinValue!({ binValue: '555544' });
    callbacks.onFieldValid!({
      fieldType: 'encryptedCardNumber',
      valid: true,
      endDigits: '4444',
      issuerBin: 55554444,
    });
    valid = true;
    await user.click(screen.getByRole('button', { name: 'Confirmar e finalizar pedido' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    const card = onConfirm.mock.calls[0]![0] as { token: string };
    expect(card).toMatchObject({
      brand: 'mc',
      last4: '4444',
      bin: '55554444',
      name: 'MARIA S',
      installments: 1,
    });
    expect(JSON.parse(card.token)).toEqual({ paymentMethod, browserInfo });
  });
});

// Adyen's 3-D Secure 2 in the checkout: APP_0050's 402 hands the page Adyen's action (`acao`), which
// Adyen Web runs in the checkout's dialog; its onAdditionalDetails answer goes to the server
// (CARTAO_DESAFIO). Adyen Web cannot load here (no network to Adyen): the stand-in below plays
// AdyenCheckout and its createFromAction, the one place a stand-in is justified, and the test
// drives the callbacks Adyen Web would call.
describe('an Adyen challenge in the checkout’s dialog', () => {
  afterEach(() => {
    delete window.AdyenWeb;
  });

  it('runs Adyen’s action inside the dialog at a phone’s size and hands its details on', async () => {
    const started: Record<string, unknown>[] = [];
    const created: { action: unknown; options: Record<string, unknown>; target?: HTMLElement }[] = [];
    const unmount = vi.fn();
    window.AdyenWeb = {
      AdyenCheckout: async (configuration: Record<string, unknown>) => {
        started.push(configuration);
        return {
          createFromAction: (action: unknown, options: Record<string, unknown>) => {
            const made: (typeof created)[number] = { action, options };
            created.push(made);
            return {
              mount: (target: HTMLElement) => {
                made.target = target;
                target.dataset.mounted = 'threeDS2';
              },
              unmount,
            };
          },
        };
      },
      Card: vi.fn(),
    } as unknown as AdyenWebGlobal;
    const action = { type: 'threeDS2', subtype: 'challenge', token: 'eyJ0b2tlbiI6In0=', paymentData: 'Ab02' };
    const onAnswer = vi.fn();
    const onDone = vi.fn();
    const view = render(
      <ChallengeDialog challenge={{ action }} onDone={onDone} onAnswer={onAnswer} onClose={() => {}} />,
      { answers: [[['checkout', 'card', 'setup'], TEST_SETUP]] },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Confirme a compra com o seu banco' });
    await waitFor(() => expect(screen.getByTestId('adyen-challenge').dataset.mounted).toBe('threeDS2'));
    // Adyen's action as the server gave it, in an element of the dialog (no pop-up, no page left),
    // in Adyen's smallest challenge window (250 × 400), which a 320 px phone holds.
    expect(created).toEqual([
      { action, options: { challengeWindowSize: '01' }, target: screen.getByTestId('adyen-challenge') },
    ]);
    expect(dialog.contains(created[0]!.target!)).toBe(true);
    expect(started[0]).toMatchObject({
      environment: 'test',
      clientKey: 'test_CLIENTKEY0123456789',
      locale: 'pt-BR',
    });
    expect(screen.queryByRole('status')).toBeNull();

    // The shopper answered the issuer: Adyen Web calls onAdditionalDetails with state.data.
    const onAdditionalDetails = started[0]!.onAdditionalDetails as (state: object) => void;
    onAdditionalDetails({
      data: { details: { threeDSResult: 'eyJ0cmFuc1N0YXR1cyI6IlkifQ==', odd: 7 }, paymentData: 'Ab02' },
    });
    expect(onAnswer).toHaveBeenCalledWith({
      detalhes: { threeDSResult: 'eyJ0cmFuc1N0YXR1cyI6IlkifQ==' },
      paymentData: 'Ab02',
    });
    expect(onDone).not.toHaveBeenCalled();

    // The dialog closed (answered, or left): Adyen's element goes with it.
    view.rerender(
      <ChallengeDialog challenge={null} onDone={onDone} onAnswer={onAnswer} onClose={() => {}} />,
    );
    await waitFor(() => expect(unmount).toHaveBeenCalledTimes(1));
  });

  it('says so when Adyen Web does not load, instead of an empty dialog', async () => {
    window.AdyenWeb = {
      AdyenCheckout: () => Promise.reject(new Error('no network')),
      Card: vi.fn(),
    } as unknown as AdyenWebGlobal;
    render(
      <ChallengeDialog
        challenge={{ action: { type: 'threeDS2' } }}
        onDone={() => {}}
        onAnswer={() => {}}
        onClose={() => {}}
      />,
      { answers: [[['checkout', 'card', 'setup'], TEST_SETUP]] },
    );
    expect(
      await screen.findByText(
        'Não foi possível abrir a confirmação do banco. Feche esta janela e tente de novo.',
      ),
    ).toBeTruthy();
  });
});
