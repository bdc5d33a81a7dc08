// Component tests of signed-in parts: the real SessionProvider, signed in as a staff member of the
// given role (a named role's permissions need no request), or as a customer, before the part renders.
import { useEffect, type ReactNode } from 'react';
import type { NamedRole } from '../../domain/staff-roles';
import { SessionProvider, useSession, type SessionUser } from '../lib/session';

function SignedIn({ as, children }: { as: SessionUser; children: ReactNode }) {
  const { user, signIn } = useSession();
  useEffect(() => {
    signIn('test-token', as);
    // Once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return user ? children : null;
}

/** `children` as seen by a signed-in staff member with `role`. */
export function AsStaff({ role = 'owner', children }: { role?: NamedRole; children: ReactNode }) {
  const staff: SessionUser = {
    id: 1,
    username: role,
    email: `${role}@tienda.test`,
    first_name: 'Ana',
    last_name: 'Staff',
    is_staff: true,
    is_superuser: role === 'owner',
    role,
    marketing_opt_in: false,
    marketing_opt_in_changed_at: null,
  };
  return (
    <SessionProvider>
      <SignedIn as={staff}>{children}</SignedIn>
    </SessionProvider>
  );
}

export const CUSTOMER: SessionUser = {
  id: 7,
  username: 'lucia',
  email: 'lucia@correo.test',
  first_name: 'Lucía',
  last_name: 'Gómez',
  is_staff: false,
  is_superuser: false,
  role: null,
  marketing_opt_in: false,
  marketing_opt_in_changed_at: null,
};

/** `children` as seen by the signed-in customer `CUSTOMER`. */
export function AsCustomer({ children }: { children: ReactNode }) {
  return (
    <SessionProvider>
      <SignedIn as={CUSTOMER}>{children}</SignedIn>
    </SessionProvider>
  );
}
