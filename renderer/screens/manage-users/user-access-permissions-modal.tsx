import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { assignableGeneralRoles } from '../../../engine/access/general-roles.js';
import { organizationRoles } from '../../../engine/access/role-duties.js';
import { errorText } from '../../app/error-text.js';
import { useMetadata } from '../../app/metadata.js';
import { useRuleContext } from '../../app/rule-context.js';
import { Modal } from '../../components/modal.js';
import { loadRoleGroups, setGeneralRole, setOrganizationRole, type RoleGroup } from './manage-users-api.js';
import './manage-users.css';

interface Props {
  userId: number;
  name: string;
  onClose: (changed: boolean) => void;
}

type Status = { kind: 'busy' } | { kind: 'done'; text: string } | { kind: 'refused'; text: string } | null;


/**
 * User Access Permissions (spec part 2 sections 2, 5, 6): the general roles the caller may assign
 * (roles.json `assigns`: the system administrator all, an administrator and a manager fewer) and
 * the staff and director roles at each organization the person works at, as toggles. A change
 * applies at once; while it runs every toggle waits (busy); a refusal of the role rules is shown
 * with the server's reason and the toggle stays as it was.
 */
export function UserAccessPermissionsModal({ userId, name, onClose }: Props) {
  const m = useMetadata();
  const caller = useRuleContext().user;
  const statusId = useId();
  const [groups, setGroups] = useState<RoleGroup[] | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [changed, setChanged] = useState(false);
  const busy = status?.kind === 'busy';
  const roleLabel = useCallback((id: string) => {
    const role = m.roles.find((r) => r.id === id);
    return role?.label ? `${role.label} (${id})` : id;
  }, [m.roles]);
  const general = useMemo(() => assignableGeneralRoles(m.roleById, caller.roles), [caller.roles, m.roleById]);
  // the organization roles a user manager toggles at each of the person's organizations
  const atOrganizations = useMemo(() => Object.values(organizationRoles(m.roleById)), [m.roleById]);

  const reload = useCallback(async () => setGroups(await loadRoleGroups(userId)), [userId]);
  useEffect(() => {
    reload().catch((e: unknown) => setStatus({ kind: 'refused', text: errorText(e) ?? '' }));
  }, [reload]);

  const held = (organizationId: number | null, role: string) =>
    groups?.some((g) => g.organizationId === organizationId && g.roles.some((r) => r.roleName === role)) ?? false;

  const toggle = async (role: string, active: boolean, group: RoleGroup | null) => {
    if (busy) return;
    setStatus({ kind: 'busy' });
    try {
      if (group) await setOrganizationRole(userId, group, role, active);
      else await setGeneralRole(userId, role, active);
      setChanged(true);
      await reload();
      const label = group ? `${roleLabel(role)} – ${group.organizationName ?? ''}` : roleLabel(role);
      setStatus({ kind: 'done', text: m.text(active ? 'manageUsers.granted' : 'manageUsers.removed', { role: label }) });
    } catch (e) {
      const message = errorText(e) ?? '';
      setStatus({ kind: 'refused', text: m.text('manageUsers.refused', { message }) });
    }
  };

  const organizations = (groups ?? []).filter((g) => g.organizationId !== null);
  const toggleBox = (key: string, role: string, group: RoleGroup | null, label: string) => {
    const on = held(group?.organizationId ?? null, role);
    const id = `uap-${userId}-${key}`;
    const unavailable = group !== null && group.employmentRecordId === null;
    return (
      <div className="usa-checkbox registry-uap__toggle" key={key}>
        <input className="usa-checkbox__input" id={id} type="checkbox" checked={on} disabled={busy || unavailable || groups === null}
          aria-describedby={statusId} onChange={(e) => void toggle(role, e.target.checked, group)} />
        <label className="usa-checkbox__label" htmlFor={id}>{label}</label>
      </div>
    );
  };

  return (
    <Modal title={m.text('manageUsers.permissionsTitle')} open large showBottomClose busy={busy} onClose={() => onClose(changed)}>
      <p>{m.text('manageUsers.permissionsFor', { name })}</p>
      <div id={statusId} role="status" aria-live="polite" className="registry-uap__status">
        {status?.kind === 'busy' && <span className="registry-uap__busy">{m.text('manageUsers.saving')}</span>}
        {status?.kind === 'done' && <span>{status.text}</span>}
      </div>
      {status?.kind === 'refused' && (
        <div className="usa-alert usa-alert--error usa-alert--slim usa-alert--no-icon" role="alert">
          <div className="usa-alert__body"><p className="usa-alert__text">{status.text}</p></div>
        </div>
      )}
      {groups === null ? <p>{m.text('manageUsers.loading')}</p> : (
        <div aria-busy={busy} className="registry-uap">
          <fieldset className="usa-fieldset registry-uap__group">
            <legend className="usa-legend registry-uap__legend">{m.text('manageUsers.generalRoles')}</legend>
            {general.length === 0 ? <p>{m.text('manageUsers.noGeneralRoles')}</p>
              : general.map((role) => toggleBox(`general-${role}`, role, null, roleLabel(role)))}
          </fieldset>
          <fieldset className="usa-fieldset registry-uap__group">
            <legend className="usa-legend registry-uap__legend">{m.text('manageUsers.organizationRoles')}</legend>
            {organizations.length === 0 && <p>{m.text('manageUsers.noOrganizations')}</p>}
            {organizations.map((g) => (
              <fieldset className="usa-fieldset registry-uap__organization" key={g.organizationId}>
                <legend className="usa-legend text-bold">{g.organizationName}</legend>
                {atOrganizations.map((role) => toggleBox(`org-${g.organizationId}-${role}`, role, g, m.text(`role.label.${role}`)))}
              </fieldset>
            ))}
          </fieldset>
        </div>
      )}
    </Modal>
  );
}
