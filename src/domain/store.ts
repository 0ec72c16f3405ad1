// The business facts of the (fictional) retailer, in one place, for the footer, the static pages,
// freight and pickup. The claims are the retailer's; names, addresses and numbers are invented.

import { storeYear } from './store-calendar';

export const STORE_NAME = 'Casa & Obra';
export const STORE_LEGAL_NAME = 'Casa & Obra Materiais de Construção Ltda.';
export const FOUNDED_YEAR = 1969;

/** Valid check digits (tests prove it); invented, not a real company's number. */
export const STORE_CNPJ = '19.691.375/0001-73';

export interface CepRange {
  /** 8 digits, inclusive. */
  from: string;
  to: string;
}

export const STORE_CITY = {
  name: 'Campinas',
  uf: 'SP',
  // Correios assigns Campinas 13000-001 to 13139-999.
  cepRanges: [{ from: '13000001', to: '13139999' }] as readonly CepRange[],
} as const;

/** True when an 8-digit CEP (masked or not) falls in the store city's ranges. */
export function isCepInStoreCity(cep: string | null | undefined): boolean {
  const digits = (cep ?? '').replace(/\D/g, '');
  if (digits.length !== 8) return false;
  return STORE_CITY.cepRanges.some((range) => digits >= range.from && digits <= range.to);
}

export interface OpeningHours {
  days: string;
  opens: string;
  closes: string;
}

export const OPENING_HOURS: readonly OpeningHours[] = [
  { days: 'Segunda a sexta', opens: '08:00', closes: '18:00' },
  { days: 'Sábado', opens: '08:00', closes: '12:00' },
];

export const OPENING_HOURS_TEXT = 'Segunda a sexta, das 08:00 às 18:00; sábado, das 08:00 às 12:00';

export interface PhysicalStore {
  id: number;
  name: string;
  street: string;
  bairro: string;
  cidade: string;
  uf: string;
  cep: string;
  hours: readonly OpeningHours[];
}

function store(id: number, name: string, street: string, bairro: string, cep: string): PhysicalStore {
  return { id, name, street, bairro, cidade: STORE_CITY.name, uf: STORE_CITY.uf, cep, hours: OPENING_HOURS };
}

export const PHYSICAL_STORES: readonly PhysicalStore[] = [
  store(1, 'Loja Centro', 'Av. Francisco Glicério, 1200', 'Centro', '13012-100'),
  store(2, 'Loja Taquaral', 'Av. Heitor Penteado, 850', 'Taquaral', '13087-000'),
  store(3, 'Loja Barão Geraldo', 'Av. Albino José Barbosa de Oliveira, 1500', 'Barão Geraldo', '13084-008'),
  store(4, 'Loja Ouro Verde', 'Av. Ruy Rodriguez, 2100', 'Jardim Novo Campos Elíseos', '13060-192'),
  store(5, 'Loja Amoreiras', 'Av. das Amoreiras, 3300', 'Jardim do Lago', '13050-300'),
];

/** The store with this id; undefined for none (an order delivered to an address) or an unknown one. */
export const physicalStore = (id: number | null | undefined): PhysicalStore | undefined =>
  id == null ? undefined : PHYSICAL_STORES.find((candidate) => candidate.id === Number(id));

export const SUPPORT_PHONE = '(19) 3232-1969';
export const SUPPORT_PHONE_LINK = 'tel:+551932321969';
export const WHATSAPP_PHONE = '(19) 99876-1969';
const WHATSAPP_NUMBER = '5519998761969';
export const SUPPORT_EMAIL = 'atendimento@casaeobra.com.br';

/** wa.me link, optionally with a prefilled message. */
export function whatsappLink(message?: string): string {
  const base = `https://wa.me/${WHATSAPP_NUMBER}`;
  return message ? `${base}?text=${encodeURIComponent(message)}` : base;
}

export const WHATSAPP_LINK = whatsappLink();

export const SOCIAL_LINKS = [
  { name: 'Instagram', url: 'https://www.instagram.com/casaeobra' },
  { name: 'Facebook', url: 'https://www.facebook.com/casaeobra' },
  { name: 'YouTube', url: 'https://www.youtube.com/@casaeobra' },
] as const;

export const REGISTRATION_LINE = `${STORE_LEGAL_NAME} - CNPJ ${STORE_CNPJ} - ${PHYSICAL_STORES[0].street}, ${PHYSICAL_STORES[0].bairro}, ${STORE_CITY.name}/${STORE_CITY.uf}, CEP ${PHYSICAL_STORES[0].cep}`;

/** The page of the contract's terms (server-rendered; the checkout and the order e-mail link it). */
export const TERMS_PATH = '/termos';

export const PHYSICAL_STORE_COUNT = PHYSICAL_STORES.length;
export const DISPATCH_BUSINESS_DAYS = 2;
export const RETURN_WINDOW_DAYS = 7;
export const SUPPORT_RESPONSE_DAYS = 5;

export const ACCEPTED_PAYMENT_BRANDS = ['Visa', 'Mastercard', 'Elo', 'Pix'] as const;

export const FOOTER_DISCLAIMER =
  'Preços, promoções, condições de pagamento, frete e produtos válidos exclusivamente para compras online. Fotos meramente ilustrativas.';

/** The footer's notice: the year is the current one in São Paulo (31 Dec 22:00 there is still that year). */
export function copyrightText(now: Date | number = Date.now()): string {
  return `© ${storeYear(now)} ${STORE_NAME}. Todos os direitos reservados.`;
}

/** Public Correios tracking page for a tracking code. */
export function trackingUrl(code: string): string {
  return `https://rastreamento.correios.com.br/app/index.php?objetos=${encodeURIComponent(code.trim().toUpperCase())}`;
}
