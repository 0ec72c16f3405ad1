import { useEffect, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import { ErrorText } from '../../../components/error-text';
import {
  adyenCoreOptions,
  adyenWebAssets,
  loadAdyenWeb,
  type AdyenCardElement,
  type AdyenCardSetup,
} from '../lib/adyen-web';
import { CardFieldsLoading, type CardFieldsHandle, type CardToken } from './card-fields-frame';

// Adyen's Card Component in the checkout (CARD_PROVIDER=adyen): the number, expiry and CVV are
// Adyen's iframes, encrypted there with the client key. What this page keeps is what the emulator's
// fields give: a token (the component's encrypted fields and browserInfo, as the server's adapter
// reads them), the brand, the last four digits and the BIN, the same CardToken the form consumes.

export const ADYEN_UNAVAILABLE =
  'Não foi possível carregar os campos do cartão da Adyen. Recarregue a página.';

interface AdyenCardFieldsProps {
  setup: AdyenCardSetup;
  onBin(bin: string | null): void;
  ref?: Ref<CardFieldsHandle>;
}

interface Typed {
  brand: string;
  last4: string;
  bin: string;
}

export function AdyenCardFields({ setup, onBin, ref }: AdyenCardFieldsProps) {
  const host = useRef<HTMLDivElement>(null);
  const card = useRef<AdyenCardElement | null>(null);
  const typed = useRef<Typed>({ brand: '', last4: '', bin: '' });
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  // A setup that is not Adyen's own origin and script is never loaded.
  const assets = useMemo(() => {
    try {
      return adyenWebAssets(setup);
    } catch {
      return null;
    }
  }, [setup]);

  useEffect(() => {
    if (!assets) return;
    let stopped = false;
    loadAdyenWeb(assets)
      .then(async ({ AdyenCheckout, Card }) => {
        const checkout = await AdyenCheckout(adyenCoreOptions(assets));
        if (stopped || !host.current) return;
        card.current = new Card(checkout, {
          hasHolderName: false,
          onBrand: ({ brand }: { brand?: string }) => {
            typed.current.brand = brand ?? '';
          },
          // The first six digits as they are typed: the instalments are quoted for them.
          onBinValue: ({ binValue }: { binValue?: string }) => {
            typed.current.bin = binValue ?? '';
            onBin(binValue && /^\d{6,8}$/.test(binValue) ? binValue : null);
          },
          // A whole number: its last four digits and its BIN (up to eight digits) as Adyen reads them.
          onFieldValid: (field: {
            fieldType?: string;
            valid?: boolean;
            endDigits?: string;
            issuerBin?: number | string;
          }) => {
            if (field.fieldType !== 'encryptedCardNumber') return;
            typed.current.last4 = field.valid ? (field.endDigits ?? '') : '';
            if (field.valid && field.issuerBin) typed.current.bin = String(field.issuerBin);
          },
        }).mount(host.current);
        setState('ready');
      })
      .catch(() => {
        if (!stopped) setState('failed');
      });
    return () => {
      stopped = true;
      card.current?.unmount();
      card.current = null;
    };
  }, [assets, onBin]);

  useImperativeHandle(ref, () => ({
    tokenize: async (): Promise<CardToken | null> => {
      const element = card.current;
      if (!element)
        throw new Error(
          state === 'loading' && assets ? 'Os campos do cartão ainda estão carregando.' : ADYEN_UNAVAILABLE,
        );
      if (!element.isValid) {
        // Adyen's fields say what is wrong in their own words, beside each field.
        element.showValidation();
        return null;
      }
      const { paymentMethod, browserInfo } = element.data;
      const { brand, last4, bin } = typed.current;
      return {
        token: JSON.stringify({ paymentMethod, browserInfo }),
        brand: brand || String(paymentMethod?.brand ?? ''),
        last4,
        bin,
      };
    },
  }));

  return (
    <div>
      {state === 'loading' && assets && <CardFieldsLoading />}
      {(state === 'failed' || !assets) && <ErrorText>{ADYEN_UNAVAILABLE}</ErrorText>}
      <div ref={host} data-testid="adyen-card" />
    </div>
  );
}
