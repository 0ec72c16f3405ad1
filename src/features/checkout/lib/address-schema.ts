import { z } from 'zod';
import { cepDigits, CEP_LENGTH } from '../../../domain/cep';

/** The address form (spec §5 messages). Validated once a field is touched. */
export const addressFormSchema = z.object({
  cep: z
    .string()
    .trim()
    .min(1, { error: 'CEP é obrigatório', abort: true })
    .refine((value) => cepDigits(value).length === CEP_LENGTH, 'CEP inválido'),
  street: z.string().trim().min(3, 'Por favor, insira um endereço válido').max(120),
  number: z.string().trim().min(1, 'Número é obrigatório').max(20),
  complement: z.string().trim().max(120),
  bairro: z.string().trim().max(80),
  cidade: z.string().trim().max(80),
  uf: z.string().trim().max(2),
});
export type AddressFormValues = z.infer<typeof addressFormSchema>;
