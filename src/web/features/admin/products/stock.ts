import { type BadgeTone } from '../../../components/ui/Badge';

// spec accounts-admin §9: 0 is 'Sin stock', below 5 is 'N unid.' (warning), 5 or more 'En stock'.
export function productStockBadge(stock: number): { label: string; tone: BadgeTone } {
  if (stock <= 0) return { label: 'Sin stock', tone: 'danger' };
  if (stock < 5) return { label: `${stock} unid.`, tone: 'warning' };
  return { label: 'En stock', tone: 'success' };
}

// spec accounts-admin §9: bank list badge 0 red, below 10 warning, otherwise success.
export function brandStockTone(stock: number): BadgeTone {
  if (stock <= 0) return 'danger';
  if (stock < 10) return 'warning';
  return 'success';
}
