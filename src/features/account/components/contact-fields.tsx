import { TextInput } from '@mantine/core';
import { Controller, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { EMAIL_MAX } from '../../../api/customers';
import { maskPhone, PHONE_MAX_LENGTH } from '../../../domain/phone';

/** The contact fields the registration and the profile share. */
export interface ContactValues {
  fixo?: string | null;
  celular: string;
  email: string;
}

interface ContactFieldsProps {
  form: UseFormReturn<ContactValues>;
  landline: { label: string; required: boolean };
}

/** A form that has the contact fields, seen as one of only those (for `ContactFields`). */
export function asContactForm<T extends FieldValues & ContactValues, O>(
  form: UseFormReturn<T, unknown, O>,
): UseFormReturn<ContactValues> {
  return form as unknown as UseFormReturn<ContactValues>;
}

const phoneProps = { inputMode: 'tel' as const, maxLength: PHONE_MAX_LENGTH, autoComplete: 'tel' };

/** Landline, mobile (both masked as typed) and e-mail, in the form given by `asContactForm(form)`. */
export function ContactFields({ form, landline }: ContactFieldsProps) {
  const { control, register } = form;
  const { errors } = form.formState;
  return (
    <>
      <Controller
        control={control}
        name="fixo"
        render={({ field }) => (
          <TextInput
            {...field}
            {...phoneProps}
            value={field.value ?? ''}
            label={landline.label}
            required={landline.required}
            error={errors.fixo?.message}
            onChange={(event) => field.onChange(maskPhone(event.currentTarget.value))}
          />
        )}
      />
      <Controller
        control={control}
        name="celular"
        render={({ field }) => (
          <TextInput
            {...field}
            {...phoneProps}
            label="Celular"
            required
            error={errors.celular?.message}
            onChange={(event) => field.onChange(maskPhone(event.currentTarget.value))}
          />
        )}
      />
      <TextInput
        label="E-mail"
        type="email"
        required
        maxLength={EMAIL_MAX}
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
    </>
  );
}
