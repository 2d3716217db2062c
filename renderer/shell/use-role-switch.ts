import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMetadata } from '../app/metadata.js';
import { profileAtom, sessionAtom, switchRole } from '../app/session.js';
import { useToasts } from '../components/toasts.js';

interface HeldRole { roleName: string; organizations: readonly unknown[] }

/**
 * The signed-in person's roles for a role switcher: the active one, the others, their labels with
 * organization counts ('Director (2 organizations)'), and the switch that lands on the dashboard.
 */
export function useRoleSwitch() {
  const m = useMetadata();
  const session = useAtomValue(sessionAtom);
  const profile = useAtomValue(profileAtom);
  const toasts = useToasts();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const label = (code: string) => m.roles.find((r) => r.id === code)?.label ?? code;
  const roles: HeldRole[] = profile?.roles ?? session?.roles.map((roleName) => ({ roleName, organizations: [] })) ?? [];
  const withOrganizations = (r: HeldRole) =>
    `${label(r.roleName)}${r.organizations.length > 0 ? ` (${r.organizations.length} ${r.organizations.length === 1 ? 'organization' : 'organizations'})` : ''}`;
  const change = async (role: string): Promise<boolean> => {
    setBusy(true);
    try {
      await switchRole(role);
      void navigate('/dashboard');
      return true;
    } catch (e) {
      toasts.showError(e);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return {
    activeRole: session?.activeRole ?? null,
    others: roles.filter((r) => r.roleName !== session?.activeRole),
    label,
    withOrganizations,
    change,
    busy,
  };
}
