import { useMetadata } from '../app/metadata.js';
import { useRoleSwitch } from '../shell/use-role-switch.js';

/** The person's other roles as buttons; a switch works like the user menu's and lands on the dashboard. */
export function DashboardRoles() {
  const m = useMetadata();
  const { activeRole, active, others, withOrganizations, change, busy } = useRoleSwitch();
  if (!activeRole || others.length === 0) return null;
  return (
    <section className="registry-work-roles" aria-labelledby="other-roles-heading">
      <h2 id="other-roles-heading">{m.text('dashboard.roles.heading')}</h2>
      <p>{m.text('dashboard.roles.active', { role: withOrganizations(active) })}</p>
      <ul className="usa-list usa-list--unstyled registry-work-roles__list">
        {others.map((r) => (
          <li key={r.roleName}>
            <button type="button" className="usa-button usa-button--outline registry-work-roles__button" disabled={busy} onClick={() => void change(r.roleName)}>
              {m.text('dashboard.roles.switch', { role: withOrganizations(r) })}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
