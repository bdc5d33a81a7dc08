import { describe, expect, it } from 'vitest';
import { productFormSchema } from '../../../../domain/admin-catalog';
import type { ProductDto } from '../../../../domain/catalog';
import {
  convertPriceText,
  emptyProductForm,
  finalPrice,
  normalizeDiscountText,
  parseDecimal,
  parsePriceText,
  productToForm,
} from './product-form';

describe('product form rules', () => {
  it('reads prices the Argentine way: dots group thousands, the comma marks decimals', () => {
    expect(parsePriceText('22.000')).toBe(22000);
    expect(parsePriceText('1.450,50')).toBe(1450.5);
    expect(parsePriceText('1450.50')).toBeNull();
    expect(parsePriceText('')).toBeNull();
    expect(parsePriceText('-3')).toBeNull();
  });

  it('reads percentages written with a dot or a comma', () => {
    expect(parseDecimal('12,5')).toBe(12.5);
    expect(parseDecimal(' 12.50 ')).toBe(12.5);
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('12a')).toBeNull();
    expect(parseDecimal('-3')).toBeNull();
  });

  it('converts USD to ARS rounded to an integer and ARS to USD with two decimals', () => {
    expect(convertPriceText('12,35', 'USD', 'ARS', 1234.5)).toBe('15.246');
    expect(convertPriceText('15.000', 'ARS', 'USD', 1234.5)).toBe('12,15');
    expect(convertPriceText('10,5', 'USD', 'ARS', 1000)).toBe('10.500');
  });

  it('leaves blank or invalid prices as typed when switching currency', () => {
    expect(convertPriceText('', 'USD', 'ARS', 1000)).toBe('');
    expect(convertPriceText('abc', 'ARS', 'USD', 1000)).toBe('abc');
  });

  it('clamps discounts to 0-100 and turns a non-number into 0', () => {
    expect(normalizeDiscountText('150')).toBe('100');
    expect(normalizeDiscountText('-5')).toBe('0');
    expect(normalizeDiscountText('abc')).toBe('0');
    expect(normalizeDiscountText('12,5')).toBe('12.5');
  });

  it('computes the final price after the discount', () => {
    expect(finalPrice('10.000', '15')).toBe(8500);
    expect(finalPrice('', '15')).toBeNull();
  });

  it('loads a stored product with its stored prices and own discounts', () => {
    const form = productToForm({
      id: 7,
      name: 'Gorilla',
      brand: 'Sweet',
      brand_id: 3,
      type: 'fem',
      currency: 'USD',
      available: false,
      blisters: [
        { id: 11, seed_count: 3, stock: 4, discount: 20, own_discount: 10, stored_price: 25.5, price_in_ars: 25500, price_in_usd: 25.5 },
      ],
    } as unknown as ProductDto);
    expect(form.brand_id).toBe(3);
    expect(form.blisters).toEqual([{ id: 11, seed_count: '3', price: '25,50', stock: '4', discount: '10', cost_price: '' }]);
    expect(form.available).toBe(false);
  });

  it('produces values the shared product schema accepts', () => {
    const form = { ...emptyProductForm(), brand: 'Sweet Seeds', name: 'Gorilla', type: 'fem' as const };
    form.blisters = [
      { seed_count: '3', price: '12,5', stock: '4', discount: '150', cost_price: '' },
      { seed_count: '5', price: '20.000', stock: '1', discount: '0', cost_price: '8.500,50' },
    ];
    const parsed = productFormSchema.parse(form);
    expect(parsed.blisters).toMatchObject([
      { seed_count: 3, price: 12.5, stock: 4, discount: 100, cost_price: null },
      { seed_count: 5, price: 20000, cost_price: 8500.5 },
    ]);
    expect(parsed.image).toBeNull();
  });

  it('marks the missing brand together with every other empty field', () => {
    const result = productFormSchema.safeParse(emptyProductForm());
    expect(result.success).toBe(false);
    const fields = new Set(result.error!.issues.map((issue) => issue.path.join('.')));
    expect(fields).toContain('brand');
    expect(fields).toContain('name');
    expect(fields).toContain('type');
    expect(fields).toContain('blisters.0.seed_count');
    const brand = result.error!.issues.find((issue) => issue.path.join('.') === 'brand');
    expect(brand?.message).toBe('Por favor, ingrese un nombre para la marca');
  });

  it('does not ask for the brand twice when the brand field itself is wrong', () => {
    const result = productFormSchema.safeParse({ ...emptyProductForm(), brand: 42, name: 'Gorilla', type: 'fem' });
    const brandIssues = result.error!.issues.filter((issue) => issue.path[0] === 'brand');
    expect(brandIssues).toHaveLength(1);
  });
});
