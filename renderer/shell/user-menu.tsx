import { useAtomValue } from 'jotai';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMetadata } from '../app/metadata.js';
import { profileAtom, sessionAtom, switchRole } from '../app/session.js';
import { useToasts } from '../components/toasts.js';

/** Name, user name, ID and the role switcher (active role plus the others with organization counts). */
export function UserMenu() {
  const m = useMetadata();
  const session = useAtomValue(sessionAtom);
  const profile = useAtomValue(profileAtom);
  const toasts = useToasts();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (!session) return null;
  const label = (code: string) => m.roles.find((r) => r.id === code)?.label ?? code;
  const roles = profile?.roles ?? session.roles.map((roleName) => ({ roleName, organizations: [] }));
  const change = async (role: string) => {
    try {
      await switchRole(role);
      setOpen(false);
      navigate('/dashboard');
    } catch (e) {
      toasts.showError(e);
    }
  };
  return (
    <div className="registry-user-menu">
      <button type="button" className="usa-button usa-button--unstyled registry-nav__link" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        {profile ? `${profile.firstName} ${profile.lastName}` : 'My account'}
      </button>
      {open && (
        <div id={panelId} className="registry-user-menu__panel">
          {profile && (
            <dl className="registry-user-menu__facts">
              <dt>User name</dt><dd>{profile.userName}</dd>
              <dt>{m.tenant.idLabel}</dt><dd>{profile.registryId}</dd>
              <dt>Active role</dt><dd>{label(session.activeRole)}</dd>
            </dl>
          )}
          {roles.length > 1 && (
            <fieldset className="usa-fieldset">
              <legend className="usa-legend usa-legend--small">Switch role</legend>
              <ul className="usa-list usa-list--unstyled">
                {roles.filter((r) => r.roleName !== session.activeRole).map((r) => (
                  <li key={r.roleName}>
                    <button type="button" className="usa-button usa-button--unstyled" onClick={() => void change(r.roleName)}>
                      {label(r.roleName)}{r.organizations.length > 0 && ` (${r.organizations.length} ${r.organizations.length === 1 ? 'organization' : 'organizations'})`}
                    </button>
                  </li>
                ))}
              </ul>
            </fieldset>
          )}
        </div>
      )}
    </div>
  );
}
