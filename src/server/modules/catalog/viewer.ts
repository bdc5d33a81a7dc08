// Who reads the catalog decides what it shows: anonymous callers get no prices, staff also see
// unavailable products and the staff-only filters.
import { isAdmin, type AuthUser } from '../../security/caller';

export type Viewer = 'anonymous' | 'customer' | 'staff';

export function viewerOf(user: AuthUser | null): Viewer {
  if (!user) return 'anonymous';
  return isAdmin(user) ? 'staff' : 'customer';
}

export const seesPrices = (viewer: Viewer) => viewer !== 'anonymous';
