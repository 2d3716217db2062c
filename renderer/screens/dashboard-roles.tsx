import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMetadata } from '../app/metadata.js';
import { profileAtom, sessionAtom, switchRole } from '../app/session.js';
import { useToasts } from '../components/toasts.js';

/** The person's other roles as buttons; a switch works like the user menu's and lands on the dashboard. */
export function DashboardRoles() {
  const m = useMetadata();
  const session = useAtomValue(sessionAtom);
  const profile = useAtomValue(profileAtom);
  const toasts = useToasts();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (!session) return null;
  const roles = profile?.roles ?? session.roles.map((roleName) => ({ roleName, organizations: [] }));
  const others = roles.filter((r) => r.roleName !== session.activeRole);
  if (others.length === 0) return null;
  const label = (code: string) => m.roles.find((r) => r.id === code)?.label ?? code;
  const change = async (role: string) => {
    setBusy(true);
    try {
      await switchRole(role);
      navigate('/dashboard');
    } catch (e) {
      toasts.showError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="registry-work-roles" aria-labelledby="other-roles-heading">
      <h2 id="other-roles-heading">{m.text('dashboard.roles.heading')}</h2>
      <p>{m.text('dashboard.roles.active', { role: label(session.activeRole) })}</p>
      <ul className="usa-list usa-list--unstyled registry-work-roles__list">
        {others.map((r) => (
          <li key={r.roleName}>
            <button type="button" className="usa-button usa-button--outline registry-work-roles__button" disabled={busy} onClick={() => void change(r.roleName)}>
              {m.text('dashboard.roles.switch', { role: label(r.roleName) })}
              {r.organizations.length > 0 && ` (${r.organizations.length} ${r.organizations.length === 1 ? 'organization' : 'organizations'})`}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
