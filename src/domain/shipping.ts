import { formatBRL, parseMoney } from './money';

// Shipping labels and dates (spec §2 checkout, §9).

export const SHIPPING_MOTOBOY = 100;
export const SHIPPING_PICKUP = 103;

export interface ShippingOptionLike {
  id: number | string;
  delivery_time?: number | string | null;
  /** Estimate text the server may send for the option. */
  estimate?: string | null;
}

function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** Today plus delivery_time calendar days (spec §9). */
export function deliveryDate(today: Date, deliveryTimeDays: number | string | null | undefined): Date {
  const days = Math.max(0, Math.round(parseMoney(deliveryTimeDays ?? 0)));
  const result = startOfDay(today);
  result.setDate(result.getDate() + days);
  return result;
}

/** n business days after date, skipping Saturdays and Sundays (holidays are not known here). */
export function addBusinessDays(date: Date, n: number): Date {
  const result = startOfDay(date);
  let left = Math.max(0, Math.floor(n));
  while (left > 0) {
    result.setDate(result.getDate() + 1);
    const day = result.getDay();
    if (day !== 0 && day !== 6) left -= 1;
  }
  return result;
}

export function formatDateBR(date: Date): string {
  const dd = String(date.getDate()).padStart(2, '0');
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  return `${dd}/${mm}/${date.getFullYear()}`;
}

/** The estimate line for options without a special label. */
export function shippingEstimate(option: ShippingOptionLike): string {
  if (option.estimate) return option.estimate;
  const days = Math.max(0, Math.round(parseMoney(option.delivery_time ?? 0)));
  if (Number(option.id) === SHIPPING_PICKUP) return 'Retirada em uma de nossas lojas.';
  return days === 1 ? 'Entrega em até 1 dia.' : `Entrega em até ${days} dias.`;
}

/** The lines shown under an option's name, in order. */
export function shippingLabelLines(option: ShippingOptionLike, today: Date): string[] {
  const id = Number(option.id);
  if (id === SHIPPING_MOTOBOY) return ['Receba no mesmo dia até as 18:00.'];
  if (id === 101) return ['O prazo de entrega é de 2 dias úteis.'];
  if (id === 102) {
    return [
      'O prazo de entrega é de 2 dias úteis.',
      `Previsão de entrega: ${formatDateBR(addBusinessDays(today, 2))}`,
    ];
  }
  return [shippingEstimate(option), `Chega até ${formatDateBR(deliveryDate(today, option.delivery_time))}`];
}

/** 'Grátis' for free freight, otherwise BRL. */
export function freightLabel(centavos: number): string {
  return centavos === 0 ? 'Grátis' : formatBRL(centavos);
}
