import { RequireSession } from '../RequireSession';
import { OrganizationShell } from './OrganizationShell';

/** The organization layout route's component: sign-in first, then the shell (loaded on demand). */
export function ProtectedShell() {
  return (
    <RequireSession>
      <OrganizationShell />
    </RequireSession>
  );
}
