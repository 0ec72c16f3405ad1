// Brazilian addresses: cep, street, number, complement, bairro, cidade, uf.

/** The 27 federative units, in the order a shopper looks for them: by name. */
export const FEDERATIVE_UNITS = [
  { uf: 'AC', name: 'Acre' },
  { uf: 'AL', name: 'Alagoas' },
  { uf: 'AP', name: 'Amapá' },
  { uf: 'AM', name: 'Amazonas' },
  { uf: 'BA', name: 'Bahia' },
  { uf: 'CE', name: 'Ceará' },
  { uf: 'DF', name: 'Distrito Federal' },
  { uf: 'ES', name: 'Espírito Santo' },
  { uf: 'GO', name: 'Goiás' },
  { uf: 'MA', name: 'Maranhão' },
  { uf: 'MT', name: 'Mato Grosso' },
  { uf: 'MS', name: 'Mato Grosso do Sul' },
  { uf: 'MG', name: 'Minas Gerais' },
  { uf: 'PA', name: 'Pará' },
  { uf: 'PB', name: 'Paraíba' },
  { uf: 'PR', name: 'Paraná' },
  { uf: 'PE', name: 'Pernambuco' },
  { uf: 'PI', name: 'Piauí' },
  { uf: 'RJ', name: 'Rio de Janeiro' },
  { uf: 'RN', name: 'Rio Grande do Norte' },
  { uf: 'RS', name: 'Rio Grande do Sul' },
  { uf: 'RO', name: 'Rondônia' },
  { uf: 'RR', name: 'Roraima' },
  { uf: 'SC', name: 'Santa Catarina' },
  { uf: 'SP', name: 'São Paulo' },
  { uf: 'SE', name: 'Sergipe' },
  { uf: 'TO', name: 'Tocantins' },
] as const;

/** An address's own fields, in one fixed order (the order of the line above). */
export const ADDRESS_FIELDS = ['cep', 'street', 'number', 'complement', 'bairro', 'cidade', 'uf'] as const;

export type Uf = (typeof FEDERATIVE_UNITS)[number]['uf'];
export const UF_CODES = FEDERATIVE_UNITS.map((unit) => unit.uf) as [Uf, ...Uf[]];

export function isUf(text: string | null | undefined): boolean {
  return (UF_CODES as readonly string[]).includes((text ?? '').trim().toUpperCase());
}

export interface PrintableAddress {
  street: string;
  number: string;
  complement?: string | null;
  bairro?: string | null;
  cidade?: string | null;
  uf?: string | null;
}

const filled = (part: string | null | undefined): part is string => Boolean(part?.trim());

/**
 * 'Rua X, 123 (apto 4) - Centro, Campinas - SP' as confirmation cards and order pages print it;
 * a part left empty takes its separator with it ('Rua X, 123 - Campinas - SP', never '- , ').
 */
export function addressLine(address: PrintableAddress): string {
  const first = [address.street, address.number]
    .filter(filled)
    .map((part) => part.trim())
    .join(', ');
  const withComplement = filled(address.complement) ? `${first} (${address.complement.trim()})` : first;
  const city = [address.cidade, address.uf]
    .filter(filled)
    .map((part) => part.trim())
    .join(' - ');
  const place = [address.bairro, city]
    .filter(filled)
    .map((part) => part.trim())
    .join(', ');
  return [withComplement, place].filter(filled).join(' - ');
}
