import { TextInput, type TextInputProps } from '@mantine/core';
import { Controller, type Control, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { EMAIL_MAX } from '../../../api/customer-fields';
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

/** The account forms' e-mail input (registration, profile, password recovery). */
export function EmailInput(props: TextInputProps & React.ComponentPropsWithRef<'input'>) {
  return (
    <TextInput label="E-mail" type="email" required maxLength={EMAIL_MAX} autoComplete="email" {...props} />
  );
}

interface PhoneFieldProps {
  control: Control<ContactValues>;
  name: 'fixo' | 'celular';
  label: string;
  required: boolean;
  error: string | undefined;
}

/** A phone number, masked as typed. */
function PhoneField({ control, name, label, required, error }: PhoneFieldProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextInput
          {...field}
          value={field.value ?? ''}
          inputMode="tel"
          maxLength={PHONE_MAX_LENGTH}
          autoComplete="tel"
          label={label}
          required={required}
          error={error}
          onChange={(event) => field.onChange(maskPhone(event.currentTarget.value))}
        />
      )}
    />
  );
}

/** Landline, mobile (both masked as typed) and e-mail, in the form given by `asContactForm(form)`. */
export function ContactFields({ form, landline }: ContactFieldsProps) {
  const { control, register } = form;
  const { errors } = form.formState;
  return (
    <>
      <PhoneField control={control} name="fixo" {...landline} error={errors.fixo?.message} />
      <PhoneField control={control} name="celular" label="Celular" required error={errors.celular?.message} />
      <EmailInput error={errors.email?.message} {...register('email')} />
    </>
  );
}
