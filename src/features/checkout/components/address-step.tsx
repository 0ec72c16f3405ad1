import { useEffect, useState } from 'react';
import { Alert, Grid, NativeSelect, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { messageOf } from '../../../api/errors';
import { FEDERATIVE_UNITS } from '../../../domain/address';
import { CEP_LENGTH, CEP_MAX_INPUT_LENGTH, cepDigits, formatCep } from '../../../domain/cep';
import { isOnline, OFFLINE_CEP_HINT, useOnlineStatus } from '../../../hooks/online-status';
import { updateCheckoutForm } from '../../../storage/checkout-form';
import type { Address, CartLine, CheckoutFormData } from '../../../storage/db';
import { CepNotFoundError, getCepAddress } from '../api/lookup-cep';
import { freightQueryOptions } from '../api/quote-freight';
import { addressFormSchema, type AddressFormInput, type AddressFormValues } from '../lib/address-schema';
import { storedBase, useSharedAddressDraft } from '../lib/use-shared-address-draft';
import { OnlineOnlyButton } from '../../../components/online-only-button';

interface AddressStepProps {
  form: CheckoutFormData;
  lines: readonly CartLine[];
  /** The CEP the cart's freight was calculated for, to start from. */
  cartCep: string | null;
  onSaved(): void;
}

/** Said under the street field when the CEP's entry names only the city (a CEP for a whole town). */
export const STREET_NEEDED_HINT = 'Informe a rua: este CEP não tem logradouro na base';

const UF_OPTIONS = [
  { value: '', label: 'Selecione' },
  ...FEDERATIVE_UNITS.map((unit) => ({ value: unit.uf, label: `${unit.uf} - ${unit.name}` })),
];

function initialValues(form: CheckoutFormData, cartCep: string | null): AddressFormInput {
  const stored = form.addressDraft ?? form.address;
  return { ...storedBase(form), cep: formatCep(stored?.cep ?? cartCep ?? '') };
}

export function AddressStep({ form, lines, cartCep, onSaved }: AddressStepProps) {
  const queryClient = useQueryClient();
  const online = useOnlineStatus();
  const [lookingUp, setLookingUp] = useState(false);
  const [lookedUp, setLookedUp] = useState('');
  const [streetHint, setStreetHint] = useState(false);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    setFocus,
    clearErrors,
    subscribe,
    getValues,
    formState: { errors },
  } = useForm<AddressFormInput, unknown, AddressFormValues>({
    resolver: zodResolver(addressFormSchema),
    mode: 'onTouched',
    defaultValues: initialValues(form, cartCep),
  });

  // Keep what is typed as a draft, shared field by field with the checkout's other tabs.
  useSharedAddressDraft({ subscribe, getValues, setValue }, form);

  async function lookup(digits: string) {
    // Offline the address is typed by hand; the CEP is checked when the address is saved.
    if (lookedUp === digits || !isOnline()) return;
    setLookedUp(digits);
    setLookingUp(true);
    try {
      const found = await getCepAddress(digits);
      const fill = { shouldValidate: true, shouldDirty: true } as const;
      if (found.logradouro) setValue('street', found.logradouro, fill);
      if (found.complemento) setValue('complement', found.complemento, fill);
      setValue('bairro', found.bairro, fill);
      setValue('cidade', found.localidade, fill);
      setValue('uf', found.uf.toUpperCase(), fill);
      clearErrors('cep');
      // A CEP of a whole town: the street is the shopper's to type, and the cursor goes there.
      const cityOnly = !found.logradouro && Boolean(found.localidade);
      setStreetHint(cityOnly);
      if (cityOnly) setFocus('street');
    } catch (error) {
      setError('cep', {
        message: error instanceof CepNotFoundError ? 'CEP não encontrado' : 'Erro ao buscar CEP',
      });
    } finally {
      setLookingUp(false);
    }
  }

  // A CEP brought from the cart is looked up once, as if typed.
  useEffect(() => {
    const start = form.addressDraft ?? form.address;
    const digits = cepDigits(start?.cep ?? cartCep ?? '');
    if (digits.length === CEP_LENGTH && !start?.street) void Promise.resolve(digits).then(lookup);
    // Only for the values the form opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const cepField = register('cep', {
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const formatted = formatCep(event.target.value);
      setValue('cep', formatted);
      const digits = cepDigits(formatted);
      if (digits.length === CEP_LENGTH) void lookup(digits);
      else setLookedUp('');
    },
  });

  // Saving quotes the freight first: an address the store cannot serve is said under the form and
  // nothing typed is lost.
  const saveAddress = useMutation({
    mutationFn: async (values: AddressFormValues) => {
      const address: Address = { ...values, cep: cepDigits(values.cep) };
      const options = await queryClient.fetchQuery(freightQueryOptions(address, lines));
      if (options.length === 0) throw new Error('Nenhuma forma de envio para este endereço.');
      await updateCheckoutForm((current) => {
        const sameCep = current.address?.cep === address.cep;
        return {
          ...current,
          address,
          addressDraft: null,
          shipping: sameCep ? current.shipping : null,
          confirmed: {
            address: true,
            shipping: sameCep ? current.confirmed.shipping : false,
            payment: false,
          },
        };
      });
    },
    onSuccess: () => onSaved(),
  });
  const saveError = saveAddress.error
    ? messageOf(
        saveAddress.error,
        saveAddress.error instanceof Error ? saveAddress.error.message : 'Erro ao calcular frete',
      )
    : null;
  const save = (values: AddressFormValues) => saveAddress.mutateAsync(values).catch(() => undefined);

  return (
    <form onSubmit={handleSubmit(save)} noValidate aria-label="Endereço de Entrega">
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput
            label="CEP"
            placeholder="00000-000"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={CEP_MAX_INPUT_LENGTH}
            required
            {...cepField}
            error={errors.cep?.message}
            description={lookingUp ? 'Buscando endereço...' : online ? undefined : OFFLINE_CEP_HINT}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextInput
            label="Endereço"
            autoComplete="address-line1"
            required
            {...register('street', { onChange: () => setStreetHint(false) })}
            description={streetHint ? STREET_NEEDED_HINT : undefined}
            error={errors.street?.message}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <TextInput label="Número" required {...register('number')} error={errors.number?.message} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 8 }}>
          <TextInput label="Complemento" autoComplete="address-line2" {...register('complement')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput label="Bairro" {...register('bairro')} error={errors.bairro?.message} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 7, sm: 4 }}>
          <TextInput
            label="Cidade"
            autoComplete="address-level2"
            {...register('cidade')}
            error={errors.cidade?.message}
          />
        </Grid.Col>
        {/* Its own line on phones: 'SP - São Paulo' was cut in five twelfths of 390 px. */}
        <Grid.Col span={{ base: 12, xs: 5, sm: 4 }}>
          <NativeSelect
            label="UF"
            autoComplete="address-level1"
            data={UF_OPTIONS}
            {...register('uf')}
            error={errors.uf?.message}
          />
        </Grid.Col>
      </Grid>
      {saveError ? (
        <Alert color="red" variant="light" mt="sm" role="alert">
          {saveError}
        </Alert>
      ) : null}
      <OnlineOnlyButton type="submit" mt="md" color="red.8" loading={saveAddress.isPending}>
        Salvar endereço
      </OnlineOnlyButton>
    </form>
  );
}
