import { describe, expect, it } from 'vitest';
import { addressLine, FEDERATIVE_UNITS, isUf } from '../../../src/domain/address';

describe('federative units', () => {
  it('lists the 26 states and the Distrito Federal once each', () => {
    expect(FEDERATIVE_UNITS).toHaveLength(27);
    expect(new Set(FEDERATIVE_UNITS.map((unit) => unit.uf)).size).toBe(27);
    expect(isUf('sp')).toBe(true);
    expect(isUf('DF')).toBe(true);
    expect(isUf('XX')).toBe(false);
    expect(isUf('')).toBe(false);
  });
});

describe('addressLine', () => {
  const full = {
    street: 'Rua X',
    number: '123',
    complement: 'apto 4',
    bairro: 'Centro',
    cidade: 'Campinas',
    uf: 'SP',
  };

  it('prints street, number, complement, bairro, city and UF', () => {
    expect(addressLine(full)).toBe('Rua X, 123 (apto 4) - Centro, Campinas - SP');
  });

  it('leaves no stray separator where a part is empty', () => {
    expect(addressLine({ ...full, complement: '', bairro: '' })).toBe('Rua X, 123 - Campinas - SP');
    expect(addressLine({ ...full, bairro: null, uf: ' ' })).toBe('Rua X, 123 (apto 4) - Campinas');
    expect(addressLine({ ...full, bairro: 'Centro', cidade: '', uf: '' })).toBe(
      'Rua X, 123 (apto 4) - Centro',
    );
    expect(addressLine({ street: 'Rua X', number: '123' })).toBe('Rua X, 123');
  });
});
