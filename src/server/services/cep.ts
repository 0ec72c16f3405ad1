import { cepLookupAnswer, type CepLookupAnswer } from '../../api/freight';
import { PHYSICAL_STORES, STORE_CITY } from '../../domain/store';
import { formatCep } from '../../domain/cep';

// Postal-code (CEP) facts the server needs without the network: which state a CEP is in (Correios'
// ranges per state), the capitals' ranges, the store city's range and some of its streets. The
// lookup answers like ViaCEP; with CEP_LOOKUP_URL set it asks that service first.

interface Range {
  from: number;
  to: number;
}
const r = (from: string, to: string): Range => ({ from: Number(from), to: Number(to) });

/** Correios CEP ranges per state. */
export const STATE_RANGES: ReadonlyArray<{ uf: string; ranges: Range[] }> = [
  { uf: 'SP', ranges: [r('01000000', '19999999')] },
  { uf: 'RJ', ranges: [r('20000000', '28999999')] },
  { uf: 'ES', ranges: [r('29000000', '29999999')] },
  { uf: 'MG', ranges: [r('30000000', '39999999')] },
  { uf: 'BA', ranges: [r('40000000', '48999999')] },
  { uf: 'SE', ranges: [r('49000000', '49999999')] },
  { uf: 'PE', ranges: [r('50000000', '56999999')] },
  { uf: 'AL', ranges: [r('57000000', '57999999')] },
  { uf: 'PB', ranges: [r('58000000', '58999999')] },
  { uf: 'RN', ranges: [r('59000000', '59999999')] },
  { uf: 'CE', ranges: [r('60000000', '63999999')] },
  { uf: 'PI', ranges: [r('64000000', '64999999')] },
  { uf: 'MA', ranges: [r('65000000', '65999999')] },
  { uf: 'PA', ranges: [r('66000000', '68899999')] },
  { uf: 'AP', ranges: [r('68900000', '68999999')] },
  { uf: 'AM', ranges: [r('69000000', '69299999'), r('69400000', '69899999')] },
  { uf: 'RR', ranges: [r('69300000', '69399999')] },
  { uf: 'AC', ranges: [r('69900000', '69999999')] },
  { uf: 'DF', ranges: [r('70000000', '72799999'), r('73000000', '73699999')] },
  { uf: 'GO', ranges: [r('72800000', '72999999'), r('73700000', '76799999')] },
  { uf: 'RO', ranges: [r('76800000', '76999999')] },
  { uf: 'TO', ranges: [r('77000000', '77999999')] },
  { uf: 'MT', ranges: [r('78000000', '78899999')] },
  { uf: 'MS', ranges: [r('79000000', '79999999')] },
  { uf: 'PR', ranges: [r('80000000', '87999999')] },
  { uf: 'SC', ranges: [r('88000000', '89999999')] },
  { uf: 'RS', ranges: [r('90000000', '99999999')] },
];

/** Cities we can name from the CEP alone: every capital, and the store city. */
export const CITY_RANGES: ReadonlyArray<{ localidade: string; uf: string; ranges: Range[] }> = [
  {
    localidade: STORE_CITY.name,
    uf: STORE_CITY.uf,
    ranges: STORE_CITY.cepRanges.map((range) => r(range.from, range.to)),
  },
  { localidade: 'São Paulo', uf: 'SP', ranges: [r('01000000', '05999999'), r('08000000', '08499999')] },
  { localidade: 'Rio de Janeiro', uf: 'RJ', ranges: [r('20000000', '23799999')] },
  { localidade: 'Vitória', uf: 'ES', ranges: [r('29000000', '29099999')] },
  { localidade: 'Belo Horizonte', uf: 'MG', ranges: [r('30000000', '31999999')] },
  { localidade: 'Salvador', uf: 'BA', ranges: [r('40000000', '42599999')] },
  { localidade: 'Aracaju', uf: 'SE', ranges: [r('49000000', '49099999')] },
  { localidade: 'Recife', uf: 'PE', ranges: [r('50000000', '52999999')] },
  { localidade: 'Maceió', uf: 'AL', ranges: [r('57000000', '57099999')] },
  { localidade: 'João Pessoa', uf: 'PB', ranges: [r('58000000', '58099999')] },
  { localidade: 'Natal', uf: 'RN', ranges: [r('59000000', '59139999')] },
  { localidade: 'Fortaleza', uf: 'CE', ranges: [r('60000000', '61599999')] },
  { localidade: 'Teresina', uf: 'PI', ranges: [r('64000000', '64099999')] },
  { localidade: 'São Luís', uf: 'MA', ranges: [r('65000000', '65109999')] },
  { localidade: 'Belém', uf: 'PA', ranges: [r('66000000', '66999999')] },
  { localidade: 'Macapá', uf: 'AP', ranges: [r('68900000', '68914999')] },
  { localidade: 'Manaus', uf: 'AM', ranges: [r('69000000', '69099999')] },
  { localidade: 'Boa Vista', uf: 'RR', ranges: [r('69300000', '69339999')] },
  { localidade: 'Rio Branco', uf: 'AC', ranges: [r('69900000', '69923999')] },
  { localidade: 'Brasília', uf: 'DF', ranges: [r('70000000', '72799999')] },
  { localidade: 'Goiânia', uf: 'GO', ranges: [r('74000000', '74899999')] },
  { localidade: 'Porto Velho', uf: 'RO', ranges: [r('76800000', '76834999')] },
  { localidade: 'Palmas', uf: 'TO', ranges: [r('77000000', '77249999')] },
  { localidade: 'Cuiabá', uf: 'MT', ranges: [r('78000000', '78109999')] },
  { localidade: 'Campo Grande', uf: 'MS', ranges: [r('79000000', '79129999')] },
  { localidade: 'Curitiba', uf: 'PR', ranges: [r('80000000', '82999999')] },
  { localidade: 'Florianópolis', uf: 'SC', ranges: [r('88000000', '88099999')] },
  { localidade: 'Porto Alegre', uf: 'RS', ranges: [r('90000000', '91999999')] },
];

interface Street {
  cep: string;
  logradouro: string;
  bairro: string;
  localidade: string;
  uf: string;
}

const storeCityStreet = (cep: string, logradouro: string, bairro: string): Street => ({
  cep,
  logradouro,
  bairro,
  localidade: STORE_CITY.name,
  uf: STORE_CITY.uf,
});

/** Streets known by CEP: the five stores' and some of the store city's main streets. */
export const STREETS: readonly Street[] = [
  ...PHYSICAL_STORES.map((store) =>
    storeCityStreet(store.cep.replace(/\D/g, ''), store.street.replace(/,.*$/, ''), store.bairro),
  ),
  storeCityStreet('13010111', 'Rua Barão de Jaguara', 'Centro'),
  storeCityStreet('13013001', 'Avenida Anchieta', 'Centro'),
  storeCityStreet('13015002', 'Rua General Osório', 'Centro'),
  storeCityStreet('13024001', 'Avenida Júlio de Mesquita', 'Cambuí'),
  storeCityStreet('13025000', 'Rua Coronel Quirino', 'Cambuí'),
  storeCityStreet('13026000', 'Avenida Norte-Sul', 'Cambuí'),
  storeCityStreet('13034000', 'Avenida Orosimbo Maia', 'Vila Itapura'),
  storeCityStreet('13040000', 'Avenida John Boyd Dunlop', 'Jardim Ipaussurama'),
  storeCityStreet('13070000', 'Avenida Brasil', 'Jardim Guanabara'),
  storeCityStreet('13080000', 'Avenida Princesa d’Oeste', 'Jardim Proença'),
  storeCityStreet('13083000', 'Rua Roxo Moreira', 'Cidade Universitária'),
  storeCityStreet('13090000', 'Avenida Dr. Moraes Salles', 'Vila Nova'),
  storeCityStreet('13100000', 'Rodovia Dom Pedro I', 'Jardim Santa Cândida'),
  storeCityStreet('13105000', 'Avenida Professora Ana Maria Silvestre Adade', 'Parque das Universidades'),
  {
    cep: '01310100',
    logradouro: 'Avenida Paulista',
    bairro: 'Bela Vista',
    localidade: 'São Paulo',
    uf: 'SP',
  },
  {
    cep: '20040002',
    logradouro: 'Rua da Assembleia',
    bairro: 'Centro',
    localidade: 'Rio de Janeiro',
    uf: 'RJ',
  },
];

const inRanges = (value: number, ranges: Range[]) =>
  ranges.some((range) => value >= range.from && value <= range.to);

/** The state (UF) of an 8-digit CEP, or undefined outside every range. */
export function stateOfCep(cep: string): string | undefined {
  const value = Number(cep);
  return STATE_RANGES.find((state) => inRanges(value, state.ranges))?.uf;
}

export function cityOfCep(cep: string): { localidade: string; uf: string } | undefined {
  const value = Number(cep);
  const city = CITY_RANGES.find((entry) => inRanges(value, entry.ranges));
  return city ? { localidade: city.localidade, uf: city.uf } : undefined;
}

/**
 * The embedded answer: the street when known, else the city (capitals and the store city), else
 * the state alone (localidade empty: the shopper types the city), else {erro: true}.
 */
export function lookupCepLocally(cep: string): CepLookupAnswer {
  const street = STREETS.find((entry) => entry.cep === cep);
  if (street) return { ...street, cep: formatCep(cep), complemento: '', erro: false };
  const city = cityOfCep(cep);
  const uf = city?.uf ?? stateOfCep(cep);
  if (!uf) return { logradouro: '', complemento: '', bairro: '', localidade: '', uf: '', erro: true };
  return {
    cep: formatCep(cep),
    logradouro: '',
    complemento: '',
    bairro: '',
    localidade: city?.localidade ?? '',
    uf,
    erro: false,
  };
}

const UPSTREAM_TIMEOUT_MS = 3000;

/**
 * Asks the configured ViaCEP-compatible service, falling back to the embedded data when it is
 * slow, down, or answers something that is not a ViaCEP answer.
 */
export async function lookupCep(
  cep: string,
  upstream: string | undefined,
  fetchImpl: typeof fetch = fetch,
): Promise<CepLookupAnswer> {
  if (upstream) {
    try {
      const url = `${upstream.replace(/\/$/, '')}/ws/${cep}/json/`;
      const response = await fetchImpl(url, { signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS) });
      if (response.ok) {
        const parsed = cepLookupAnswer.safeParse(await response.json());
        if (parsed.success && (!parsed.data.erro || !stateOfCep(cep))) return parsed.data;
      }
    } catch {
      // Upstream down or slow: the embedded data answers.
    }
  }
  return lookupCepLocally(cep);
}

/** The ViaCEP wire form: an unknown CEP is only {"erro": true}. */
export function toViaCepWire(answer: CepLookupAnswer): Record<string, unknown> {
  if (answer.erro) return { erro: true };
  const { erro: _erro, ...rest } = answer;
  return rest;
}
