// Who reads the catalog decides what it shows: anonymous callers get no prices, staff also see
// unavailable products and the staff-only filters.
import { can, isAdmin, type AuthUser } from '../../security/caller';

export type Viewer = 'anonymous' | 'customer' | 'staff';

export function viewerOf(user: AuthUser | null): Viewer {
  if (!user) return 'anonymous';
  return isAdmin(user) ? 'staff' : 'customer';
}

export const seesPrices = (viewer: Viewer) => viewer !== 'anonymous';

/** Costs are for staff who manage products only (issue 37): never a customer, nor other staff. */
export const seesCosts = (user: AuthUser | null) => isAdmin(user) && can(user, 'can_manage_products');

type WithBlisters = { blisters: { cost_price?: number | null }[] };

const dropCosts = <T extends WithBlisters>(product: T): T => ({
  ...product,
  blisters: product.blisters.map(({ cost_price: _cost, ...blister }) => blister),
});

/** A staff answer as this caller may read it: without the blisters' costs unless seesCosts. */
export function withCostsFor<T extends WithBlisters>(user: AuthUser | null, product: T): T {
  return seesCosts(user) ? product : dropCosts(product);
}

export function pageWithCostsFor<T extends { results: WithBlisters[] }>(user: AuthUser | null, page: T): T {
  return seesCosts(user) ? page : { ...page, results: page.results.map(dropCosts) };
}

/** One blister (GET /api/products/blisters/{id}/) as this caller may read it. */
export function blisterWithCostFor<T extends { cost_price?: number | null }>(user: AuthUser | null, blister: T): T {
  if (seesCosts(user)) return blister;
  const { cost_price: _cost, ...rest } = blister;
  return rest as T;
}
