import { describe, expect, it } from 'vitest';
import type { BrandDto } from '../../../../domain/catalog';
import { currentExpiryDay, discountLabel } from './discount';

const brand = (overrides: Partial<BrandDto>): BrandDto =>
  ({
    id: 1,
    brand_id: 'banco',
    brand_name: 'Banco',
    discount_active: true,
    discount_type: 'percentage',
    discount_value: 10,
    discount_expires_at: null,
    ...overrides,
  }) as BrandDto;

describe('brand discount in the admin', () => {
  it('fills the expiry field with the last day of the running discount', () => {
    // Ends when 20 May ends in Buenos Aires (03:00 UTC on the 21st).
    expect(currentExpiryDay(brand({ discount_expires_at: '2030-05-21T03:00:00.000Z' }))).toBe('2030-05-20');
    expect(currentExpiryDay(brand({ discount_expires_at: null }))).toBe('');
    expect(currentExpiryDay(brand({ discount_active: false, discount_expires_at: '2030-05-21T03:00:00.000Z' }))).toBe('');
  });

  it('describes the discount with its end date', () => {
    expect(discountLabel(brand({ discount_expires_at: '2030-05-21T03:00:00.000Z' }))).toBe('-10% hasta el 20/05/2030');
    expect(discountLabel(brand({ discount_type: 'fixed', discount_value: 1250.5 }))).toBe('-$\u00a01.250,50');
    expect(discountLabel(brand({ discount_value: 12.5 }))).toBe('-12,5%');
  });
});
