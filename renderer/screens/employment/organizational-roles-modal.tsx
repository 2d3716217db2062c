import { useCallback, useEffect, useState } from 'react';
import {
  ORG_ROLES, pendingRequests, requestRefusal, roleStateFromRow, type OrgRole, type RoleState,
} from '../../../engine/workflows/role-requests.js';
import { errorText } from '../../app/error-text.js';
import { useMetadata } from '../../app/metadata.js';
import type { GridRow } from '../../components/data-grid/grid-types.js';
import { Modal } from '../../components/modal.js';
import { loadEmploymentRoles, type EmploymentRoles } from './employment-api.js';
import { RoleHistoryTable } from './role-history-table.js';
import { useRoleRequest } from './use-role-request.js';
import './employment.css';

/** The role state from the loaded roles and history (fresher than the grid row after a request). */
function stateOf(row: GridRow, loaded: EmploymentRoles): RoleState {
  const held = ORG_ROLES.filter((r) => loaded.active.roles.some((x) => x.roleName === r));
  const pending: Partial<Record<OrgRole, number>> = {};
  const actions = loaded.requests.map((h) => ({ id: h.rolePromotionActionId, role: h.roleRequested.roleName, actionType: h.actionType, parentActionId: h.parentActionId }));
  for (const a of pendingRequests(actions)) pending[a.role as OrgRole] = a.id;
  return { ...roleStateFromRow(row), held, pending };
}

/**
 * Organizational Roles (spec part 1 section 2): the roles held at the employer, the request
 * history, and the requests the person may make now (staff first; director for the titles allowed).
 */
export function OrganizationalRolesModal({ row, onClose }: { row: GridRow; onClose: (changed: boolean) => void }) {
  const m = useMetadata();
  const request = useRoleRequest();
  const [loaded, setLoaded] = useState<EmploymentRoles | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => loadEmploymentRoles(row.id).then(setLoaded, (e: unknown) => setError(errorText(e) ?? '')), [row.id]);
  useEffect(() => { void load(); }, [load]);
  const organization = loaded?.organizationName ?? String(row.employerName ?? '');
  const state = loaded ? stateOf(row, loaded) : null;
  const offered = state ? ORG_ROLES.filter((r) => { const why = requestRefusal(state, r); return why === null || why === 'directorTitle'; }) : [];
  const ask = async (role: OrgRole) => {
    setBusy(true);
    const sent = await request({ employmentRecordId: row.id, organizationName: organization, titlePosition: state?.titlePosition ?? null }, role);
    if (sent) { setChanged(true); await load(); }
    setBusy(false);
  };
  return (
    <Modal title={m.text('roles.title', { organization })} open large busy={!loaded && !error} onClose={() => onClose(changed)} showBottomClose
      footer={offered.map((role) => (
        <li key={role} className="usa-button-group__item">
          <button type="button" className="usa-button" disabled={busy} onClick={() => void ask(role)}>{m.text(role === '100' ? 'roles.requestStaff' : 'roles.requestDirector')}</button>
        </li>
      ))}>
      {error && <div className="usa-alert usa-alert--error usa-alert--slim" role="alert"><div className="usa-alert__body"><p className="usa-alert__text">{error}</p></div></div>}
      {loaded && (
        <>
          <h3 id={`roles-${row.id}-active`}>{m.text('roles.activeHeading')}</h3>
          {loaded.active.roles.length
            ? <ul className="usa-list" aria-labelledby={`roles-${row.id}-active`}>{loaded.active.roles.map((r) => <li key={r.roleName}>{m.text(`role.label.${r.roleName}`)}</li>)}</ul>
            : <p>{m.text('roles.noActive')}</p>}
          <h3>{m.text('roles.historyHeading')}</h3>
          <RoleHistoryTable entries={loaded.requests} />
        </>
      )}
    </Modal>
  );
}
