import { describe, expect, it } from 'vitest';
import { formatPhone, formatWhatsapp, MISSING_AREA_CODE, normalizePhone, phoneSchema } from './phone';

describe('normalizePhone', () => {
  it('keeps every digit of a number pasted with spaces and dashes', () => {
    expect(normalizePhone('11 2345-6789')).toBe('1123456789');
    expect(normalizePhone('(0351) 423.4567')).toBe('3514234567');
  });

  it('drops the country code, its mobile 9, the trunk 0 and the mobile 15', () => {
    expect(normalizePhone('+54 9 11 2345 6789')).toBe('1123456789');
    expect(normalizePhone('+54 11 2345 6789')).toBe('1123456789');
    expect(normalizePhone('0054 9 351 423 4567')).toBe('3514234567');
    expect(normalizePhone('011 15 2345-6789')).toBe('1123456789');
    expect(normalizePhone('0351 15 423-4567')).toBe('3514234567');
    expect(normalizePhone('02966 15 42-3456')).toBe('2966423456');
    expect(normalizePhone('+54 9 11 15 2345 6789')).toBe('1123456789');
  });

  it('leaves what is not a phone number for the validation to refuse', () => {
    expect(normalizePhone('11 2345 678')).toBe('112345678');
    expect(normalizePhone('11-abc-6789')).toBe('11abc6789');
  });
});

describe('phoneSchema', () => {
  const schema = phoneSchema('El teléfono es requerido');

  it('accepts any usual written form as its 10 digits', () => {
    expect(schema.parse(' +54 9 11 2345-6789 ')).toBe('1123456789');
  });

  it('refuses a number without 10 digits after normalising, and text', () => {
    for (const value of ['11 2345 678', '+54 9 11 2345 67890', '11-abc-6789', '1'.repeat(40)]) {
      expect(schema.safeParse(value).error?.issues[0].message, value).toBe('Ingresa un teléfono válido');
    }
    expect(schema.safeParse('  ').error?.issues[0].message).toBe('El teléfono es requerido');
  });

  it('refuses a mobile written without its area code, saying so', () => {
    for (const value of ['15 2345 6789', '15-2345-6789', '2345-6789']) {
      expect(schema.safeParse(value).error?.issues[0].message, value).toBe(MISSING_AREA_CODE);
    }
  });

  it('refuses 10 digits that start with no area code', () => {
    for (const value of ['5123456789', '1023456789', '9123456789']) {
      expect(schema.safeParse(value).error?.issues[0].message, value).toBe('Ingresa un teléfono válido');
    }
    expect(schema.parse('2966 42-3456')).toBe('2966423456');
  });
});

describe('formatPhone and formatWhatsapp', () => {
  it('write a number the Argentine way, whatever way it was typed', () => {
    expect(formatPhone('1155551234')).toBe('11 5555-1234');
    expect(formatPhone('+54 9 11 15-5555-1234')).toBe('11 5555-1234');
    expect(formatPhone('3515551234')).toBe('351 555-1234');
    expect(formatPhone('2966421234')).toBe('2966 42-1234');
    expect(formatWhatsapp('1155551234')).toBe('+54 9 11 5555-1234');
    expect(formatWhatsapp('+54 9 351 555-1234')).toBe('+54 9 351 555-1234');
  });

  it('read back to the same digits, and leave what is not a phone as written', () => {
    expect(normalizePhone(formatWhatsapp('1155551234'))).toBe('1155551234');
    expect(normalizePhone(formatPhone('2966421234'))).toBe('2966421234');
    expect(formatPhone('')).toBe('');
    expect(formatWhatsapp(null)).toBe('');
    expect(formatPhone('llamar al local')).toBe('llamar al local');
  });
});
