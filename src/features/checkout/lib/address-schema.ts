import { z } from 'zod';
import { cepText } from '../../../api/fields';
import { deliveryAddress } from '../../../api/place-order';
import { isUf } from '../../../domain/address';

export const UF_REQUIRED_MESSAGE = 'Selecione a UF';

/**
 * The address form, with its pt-BR messages, validated once a field is touched: the contract's delivery
 * address (what the server accepts), with the optional parts as the text inputs hold them and the
 * UF one of the 27 units.
 */
const { shape } = deliveryAddress;
const asTyped = <T extends z.ZodType>(optional: z.ZodNullable<z.ZodOptional<T>>) =>
  optional.unwrap().unwrap();

export const addressFormSchema = z.object({
  cep: cepText,
  street: shape.street,
  number: shape.number,
  complement: asTyped(shape.complement),
  bairro: asTyped(shape.bairro),
  cidade: asTyped(shape.cidade),
  uf: z.string().refine(isUf, UF_REQUIRED_MESSAGE),
});
export type AddressFormInput = z.input<typeof addressFormSchema>;
export type AddressFormValues = z.output<typeof addressFormSchema>;
