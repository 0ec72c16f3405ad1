import { useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { ADDRESS_FIELDS } from '../../../domain/address';
import { updateCheckoutForm } from '../../../storage/checkout-form';
import type { Address, CheckoutFormData } from '../../../storage/db';
import type { AddressFormInput, AddressFormValues } from './address-schema';

// The address typed at checkout is kept as a draft (a reload or a lost signal loses nothing), and
// two tabs of one checkout share it field by field: each tab writes only the fields typed in it,
// merged into the stored draft, and takes the fields another tab stored unless it has typing of its
// own pending there. Two tabs typing different fields never undo each other.

/** How long typing pauses before the draft is stored. */
export const DRAFT_DELAY_MS = 250;

const EMPTY_ADDRESS: Address = {
  cep: '',
  street: '',
  number: '',
  complement: '',
  bairro: '',
  cidade: '',
  uf: '',
};

/** The stored address the draft builds on (and the form starts from): the draft, else the saved address. */
export function storedBase(form: CheckoutFormData): Address {
  return { ...EMPTY_ADDRESS, ...(form.addressDraft ?? form.address) };
}

type DraftForm = Pick<
  UseFormReturn<AddressFormInput, unknown, AddressFormValues>,
  'subscribe' | 'getValues' | 'setValue'
>;

export function useSharedAddressDraft({ subscribe, getValues, setValue }: DraftForm, form: CheckoutFormData) {
  /** The value of each field as this tab last wrote or took it from the stored draft. */
  const known = useRef<Address>(storedBase(form));

  // Write: the fields typed here since, merged into what is stored now.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = subscribe({
      formState: { values: true },
      callback: ({ values }) => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          const typed: Partial<Address> = {};
          for (const field of ADDRESS_FIELDS) {
            const value = values[field] ?? '';
            if (value !== known.current[field]) typed[field] = value;
          }
          if (Object.keys(typed).length === 0) return;
          known.current = { ...known.current, ...typed };
          void updateCheckoutForm((current) => ({
            ...current,
            addressDraft: { ...storedBase(current), ...typed },
          }));
        }, DRAFT_DELAY_MS);
      },
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [subscribe]);

  // Read: what another tab stored, in the fields this one has not changed since.
  const draft = form.addressDraft;
  useEffect(() => {
    if (!draft) return;
    const values = getValues();
    for (const field of ADDRESS_FIELDS) {
      const theirs = draft[field] ?? '';
      const before = known.current[field];
      if (theirs === before) continue;
      known.current = { ...known.current, [field]: theirs };
      if ((values[field] ?? '') === before) setValue(field, theirs);
    }
  }, [draft, getValues, setValue]);
}
