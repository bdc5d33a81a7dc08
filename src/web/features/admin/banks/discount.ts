import type { BrandDto } from '../../../../domain/catalog';
import { formatArs, formatDate } from '../lib/format';

/** '-20%' or '-$ 500', with its end date when it has one. */
export function discountLabel(brand: BrandDto): string {
  const value = brand.discount_value ?? 0;
  const amount = brand.discount_type === 'fixed' ? `-${formatArs(value)}` : `-${value}%`;
  return brand.discount_expires_at
    ? `${amount} hasta el ${formatDate(new Date(new Date(brand.discount_expires_at).getTime() - 1).toISOString())}`
    : amount;
}
