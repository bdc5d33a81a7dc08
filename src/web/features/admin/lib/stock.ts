import { stockState } from '../../../../domain/inventory';
import { type BadgeTone } from '../../../components/ui/Badge';

// spec accounts-admin §9: 0 is 'Sin stock', below 5 (the default low-stock threshold, set in
// 'Configuración') is 'N unid.' (warning), from it on 'En stock'.
export function productStockBadge(stock: number, lowStockThreshold: number): { label: string; tone: BadgeTone } {
  const state = stockState(stock, lowStockThreshold);
  if (state === 'out') return { label: 'Sin stock', tone: 'danger' };
  if (state === 'low') return { label: `${stock} unid.`, tone: 'warning' };
  return { label: 'En stock', tone: 'success' };
}

// spec accounts-admin §9: bank list badge 0 red, below 10 warning, otherwise success.
export function brandStockTone(stock: number): BadgeTone {
  if (stock <= 0) return 'danger';
  if (stock < 10) return 'warning';
  return 'success';
}
