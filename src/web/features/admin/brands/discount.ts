// How the admin reads a brand's discount.
import type { BrandDto } from '../../../../domain/catalog';
import { lastDayBefore } from '../../../../domain/dates';
import { formatArs, formatDate } from '../lib/format';

/** '-20%' or '-$ 500', with its end date when it has one. */
export function discountLabel(brand: BrandDto): string {
  const value = brand.discount_value ?? 0;
  const amount = brand.discount_type === 'fixed' ? `-${formatArs(value)}` : `-${String(value).replace('.', ',')}%`;
  const lastDay = currentExpiryDay(brand);
  return lastDay ? `${amount} hasta el ${formatDate(lastDay)}` : amount;
}

/** The last day (YYYY-MM-DD) of the brand's running discount, '' when it has no end. */
export function currentExpiryDay(brand: BrandDto): string {
  return brand.discount_active ? lastDayBefore(brand.discount_expires_at) : '';
}
