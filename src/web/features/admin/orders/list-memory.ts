// What the orders list keeps while the staff opens an order or prints (issue 21, item 17): its
// address (filters), its scroll position and its selection, for this tab only.
import type { OrderDto } from '../../../../domain/orders';

const PLACE = 'admin-orders-place';
const SELECTION = 'admin-orders-selection';

function read<T>(key: string): T | undefined {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

function write(key: string, value: unknown) {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or blocked: the list simply starts afresh
  }
}

/** The list's address with its last filters: '/admin/pedidos?status=all&search=ana'. */
export function listPath(): string {
  if (typeof window === 'undefined') return '/admin/pedidos';
  return `/admin/pedidos${read<{ search: string }>(PLACE)?.search ?? ''}`;
}

export function saveListPlace(search: string) {
  // A position kept for other filters does not belong to these.
  const place = read<{ search: string; scrollY?: number }>(PLACE);
  write(PLACE, place?.search === search ? place : { search });
}

/** How far down the list was for these filters, as it was last left. */
export function savedListScroll(search: string): number | undefined {
  const place = read<{ search: string; scrollY?: number }>(PLACE);
  return place?.search === search ? place.scrollY : undefined;
}

export function saveListScroll(search: string, scrollY: number) {
  write(PLACE, { search, scrollY });
}

/** Navigation state of a link back to the list: it goes back to where the list was scrolled. */
export const RETURN_TO_LIST = { returnToList: true } as const;

export function isReturnToList(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { returnToList?: unknown }).returnToList === true;
}

/** The selection kept for these filters (an empty one for others). */
export function savedSelection(filtersKey: string): Map<number, OrderDto> {
  if (typeof window === 'undefined') return new Map();
  const saved = read<{ filtersKey: string; orders: OrderDto[] }>(SELECTION);
  return new Map(saved?.filtersKey === filtersKey ? saved.orders.map((o) => [o.id, o]) : []);
}

export function saveSelection(filtersKey: string, orders: OrderDto[]) {
  write(SELECTION, { filtersKey, orders });
}
