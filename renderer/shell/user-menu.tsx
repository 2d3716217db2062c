import { useAtomValue } from 'jotai';
import { useId, useState } from 'react';
import { useMetadata } from '../app/metadata.js';
import { profileAtom } from '../app/session.js';
import { useRoleSwitch } from './use-role-switch.js';

/** Name, user name, ID and the role switcher (active role plus the others with organization counts). */
export function UserMenu() {
  const m = useMetadata();
  const profile = useAtomValue(profileAtom);
  const { activeRole, active, others, withOrganizations, change, busy } = useRoleSwitch();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (!activeRole) return null;
  return (
    <div className="registry-user-menu">
      <button type="button" className="usa-button usa-button--unstyled registry-nav__link" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        {profile ? `${profile.firstName} ${profile.lastName}` : m.text('shell.myAccount')}
      </button>
      {open && (
        <div id={panelId} className="registry-user-menu__panel">
          {profile && (
            <dl className="registry-user-menu__facts">
              <dt>{m.text('shell.userName')}</dt><dd>{profile.userName}</dd>
              <dt>{m.tenant.idLabel}</dt><dd>{profile.registryId}</dd>
              <dt>{m.text('shell.activeRole')}</dt><dd>{withOrganizations(active)}</dd>
            </dl>
          )}
          {others.length > 0 && (
            <fieldset className="usa-fieldset">
              <legend className="usa-legend usa-legend--small">{m.text('shell.switchRole')}</legend>
              <ul className="usa-list usa-list--unstyled">
                {others.map((r) => (
                  <li key={r.roleName}>
                    <button type="button" className="usa-button usa-button--unstyled" disabled={busy} aria-label={m.text('shell.switchTo', { role: withOrganizations(r) })} onClick={() => void change(r.roleName).then((done) => { if (done) setOpen(false); })}>
                      {withOrganizations(r)}
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
