import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { fullPath } from '../../engine/access/menu-rules.js';
import { useMetadata } from '../app/metadata.js';
import { profileAtom, sessionAtom, switchRole } from '../app/session.js';
import { useBusyCall } from '../components/use-busy-call.js';

interface HeldRole { roleName: string; organizations: readonly unknown[] }

/**
 * The signed-in person's roles for a role switcher: the active one, the others, their labels with
 * organization counts ('Director (2 organizations)'), and the switch that lands on dashboard-main
 * (spec part 1 section 2).
 */
export function useRoleSwitch() {
  const m = useMetadata();
  const session = useAtomValue(sessionAtom);
  const profile = useAtomValue(profileAtom);
  const navigate = useNavigate();
  const { busy, run } = useBusyCall();
  const label = (code: string) => m.roles.find((r) => r.id === code)?.label ?? code;
  const roles: HeldRole[] = profile?.roles ?? session?.roles.map((roleName) => ({ roleName, organizations: [] })) ?? [];
  const withOrganizations = (r: HeldRole) => {
    const count = r.organizations.length;
    if (count === 0) return label(r.roleName);
    return m.text(count === 1 ? 'shell.roleOneOrganization' : 'shell.roleOrganizations', { role: label(r.roleName), count: String(count) });
  };
  const change = (role: string): Promise<boolean> => run(async () => {
    await switchRole(role);
    await navigate(fullPath(m.routes, 'dashboard-main'));
  });
  const activeRole = session?.activeRole ?? null;
  return {
    activeRole,
    active: roles.find((r) => r.roleName === activeRole) ?? { roleName: activeRole ?? '', organizations: [] },
    others: roles.filter((r) => r.roleName !== session?.activeRole),
    label,
    withOrganizations,
    change,
    busy,
  };
}
