import { describe, expect, it } from 'vitest';
import { isValidCnpj } from '../../../src/domain/documents';
import { maskPhone } from '../../../src/domain/phone';
import {
  ACCEPTED_PAYMENT_BRANDS,
  copyrightText,
  DISPATCH_BUSINESS_DAYS,
  FOUNDED_YEAR,
  isCepInStoreCity,
  OPENING_HOURS,
  PHYSICAL_STORES,
  REGISTRATION_LINE,
  RETURN_WINDOW_DAYS,
  STORE_CNPJ,
  SUPPORT_PHONE,
  SUPPORT_RESPONSE_DAYS,
  trackingUrl,
  WHATSAPP_LINK,
  WHATSAPP_PHONE,
  whatsappLink,
} from '../../../src/domain/store';

describe('store facts', () => {
  it('states the business claims', () => {
    expect(FOUNDED_YEAR).toBe(1969);
    expect(DISPATCH_BUSINESS_DAYS).toBe(2);
    expect(RETURN_WINDOW_DAYS).toBe(7);
    expect(SUPPORT_RESPONSE_DAYS).toBe(5);
    expect(ACCEPTED_PAYMENT_BRANDS).toEqual(['Visa', 'Mastercard', 'Elo', 'Pix']);
    expect(OPENING_HOURS).toEqual([
      { days: 'Segunda a sexta', opens: '08:00', closes: '18:00' },
      { days: 'Sábado', opens: '08:00', closes: '12:00' },
    ]);
  });

  it('dates the copyright notice with the current year in São Paulo, not in UTC', () => {
    expect(copyrightText(new Date('2026-06-01T12:00:00Z'))).toBe(
      '© 2026 Casa & Obra. Todos os direitos reservados.',
    );
    // 01:30 UTC on 1 January is still 31 December in São Paulo.
    expect(copyrightText(new Date('2027-01-01T01:30:00Z'))).toMatch(/^© 2026 /);
    expect(copyrightText(new Date('2027-01-01T03:30:00Z'))).toMatch(/^© 2027 /);
  });

  it('has five stores, all inside the city CEP range', () => {
    expect(PHYSICAL_STORES).toHaveLength(5);
    for (const store of PHYSICAL_STORES) expect(isCepInStoreCity(store.cep)).toBe(true);
    expect(isCepInStoreCity('01310-100')).toBe(false);
    expect(isCepInStoreCity('13140-000')).toBe(false);
    expect(isCepInStoreCity('1301')).toBe(false);
  });

  it('uses a valid CNPJ and valid phone numbers', () => {
    expect(isValidCnpj(STORE_CNPJ)).toBe(true);
    expect(REGISTRATION_LINE).toContain(STORE_CNPJ);
    expect(maskPhone(SUPPORT_PHONE)).toMatch(/^\([1-9]{2}\) [2-5]\d{3}-\d{4}$/);
    expect(maskPhone(WHATSAPP_PHONE)).toMatch(/^\([1-9]{2}\) 9\d{4}-\d{4}$/);
  });

  it('builds messaging-app and tracking links', () => {
    expect(WHATSAPP_LINK).toBe('https://wa.me/5519998761969');
    expect(whatsappLink('Olá, frete?')).toBe('https://wa.me/5519998761969?text=Ol%C3%A1%2C%20frete%3F');
    expect(trackingUrl(' aa123456789br ')).toBe(
      'https://rastreamento.correios.com.br/app/index.php?objetos=AA123456789BR',
    );
  });
});
