// Component tests of admin parts: the real SessionProvider, signed in as a staff member of the
// given role before the part renders (a named role's permissions need no request).
import { useEffect, type ReactNode } from 'react';
import type { NamedRole } from '../../domain/staff-roles';
import { SessionProvider, useSession } from '../lib/session';

function SignedIn({ role, children }: { role: NamedRole; children: ReactNode }) {
  const { user, signIn } = useSession();
  useEffect(() => {
    signIn('test-token', {
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
    });
    // Once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return user ? children : null;
}

/** `children` as seen by a signed-in staff member with `role`. */
export function AsStaff({ role = 'owner', children }: { role?: NamedRole; children: ReactNode }) {
  return (
    <SessionProvider>
      <SignedIn role={role}>{children}</SignedIn>
    </SessionProvider>
  );
}
