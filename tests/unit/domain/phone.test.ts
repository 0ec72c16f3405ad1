import { describe, expect, it } from 'vitest';
import { maskPhone, PHONE_MAX_LENGTH } from '../../../src/domain/phone';

describe('phone mask', () => {
  it('masks a 10-digit landline', () => {
    expect(maskPhone('1932321969')).toBe('(19) 3232-1969');
  });

  it('masks an 11-digit mobile at the 15-character limit', () => {
    expect(maskPhone('19998761969')).toBe('(19) 99876-1969');
    expect(maskPhone('19998761969')).toHaveLength(PHONE_MAX_LENGTH);
    expect(maskPhone('1999876196999')).toBe('(19) 99876-1969');
  });

  it('masks progressively as typed', () => {
    expect(maskPhone('')).toBe('');
    expect(maskPhone('1')).toBe('(1');
    expect(maskPhone('19')).toBe('(19');
    expect(maskPhone('193')).toBe('(19) 3');
    expect(maskPhone('193232')).toBe('(19) 3232');
    expect(maskPhone('1932321')).toBe('(19) 3232-1');
    expect(maskPhone('(19) 3232-1969')).toBe('(19) 3232-1969');
  });
});
