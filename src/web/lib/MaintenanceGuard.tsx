// Route guard steps 1-4 (spec accounts-admin §4): while the shop is in maintenance only admins
// and visitors with a valid bypass get past; everyone else goes to /maintenance, and the page
// they wanted is remembered for after the bypass. Steps 5-7 are in guards.tsx.
import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { hasValidBypass } from './bypass';
import { rememberIntendedRoute } from './intended-route';
import { useFirstRender } from './first-render';
import { checkMaintenance, fromFirstRender, getMaintenanceSnapshot, isFresh, maintenanceState, subscribeMaintenance } from './maintenance';
import { useSession } from './session';

// spec §9: the state is refreshed in the background every 4 minutes.
const MONITOR_MS = 240_000;

export function MaintenanceGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { status, isAdmin } = useSession();
  // The server renders with what it read for this request (entry-server.tsx); the browser's store
  // starts from the same (maintenance.ts).
  const firstRender = useFirstRender();
  const rendered = useMemo(() => fromFirstRender(firstRender), [firstRender]);
  const serverSnapshot = typeof document === 'undefined' ? () => rendered : getMaintenanceSnapshot;
  const state = useSyncExternalStore(subscribeMaintenance, getMaintenanceSnapshot, serverSnapshot);
  const [settledKey, setSettledKey] = useState<string | null>(null);

  // Step 3: every navigation reads the cache (checked again in the background) or waits for a check.
  useEffect(() => {
    let active = true;
    void Promise.resolve(maintenanceState()).then(() => active && setSettledKey(location.key));
    return () => {
      active = false;
    };
  }, [location.key]);

  useEffect(() => {
    const timer = setInterval(() => void checkMaintenance(), MONITOR_MS);
    return () => clearInterval(timer);
  }, []);

  // Step 1: the login route always passes.
  if (location.pathname === '/login') return <>{children}</>;
  if (!isFresh(state) && settledKey !== location.key) return <PageLoader />;
  if (!state?.maintenance_mode || hasValidBypass()) return <>{children}</>;
  if (status === 'loading') return <PageLoader />;
  if (isAdmin) return <>{children}</>;
  // Step 4: remember where the visitor was going.
  rememberIntendedRoute(`${location.pathname}${location.search}${location.hash}`);
  return <Navigate to="/maintenance" replace />;
}
