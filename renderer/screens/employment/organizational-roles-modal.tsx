import { useCallback, useEffect, useState } from 'react';
import { errorText } from '../../app/error-text.js';
import { useRuleContext } from '../../app/rule-context.js';
import { useMetadata } from '../../app/metadata.js';
import type { GridRow } from '../../components/data-grid/grid-types.js';
import { Modal } from '../../components/modal.js';
import { loadEmploymentRoles, type EmploymentRoles } from './employment-api.js';
import { RoleHistoryTable } from './role-history-table.js';
import { currentEmployment, requestOptions, type RequestOption } from './request-options.js';
import { useRoleRequest } from './use-role-request.js';
import './employment.css';

/**
 * Organizational Roles (spec part 1 section 2): the roles held at the employer, the request
 * history, and the requests the person may make now (staff first; director for the titles allowed).
 */
export function OrganizationalRolesModal({ row, onClose }: { row: GridRow; onClose: (changed: boolean) => void }) {
  const m = useMetadata();
  const context = useRuleContext();
  const request = useRoleRequest();
  const [loaded, setLoaded] = useState<EmploymentRoles | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => loadEmploymentRoles(row.id).then(setLoaded, (e: unknown) => setError(errorText(e) ?? '')), [row.id]);
  useEffect(() => { void load(); }, [load]);
  const organization = loaded?.organizationName ?? String(row.employerName ?? '');
  const offered: RequestOption[] = loaded ? requestOptions(m, context, currentEmployment(m, row, loaded)) : [];
  const ask = async (option: RequestOption) => {
    setBusy(true);
    const sent = await request({ employmentRecordId: row.id, organizationName: organization }, option);
    if (sent) { setChanged(true); await load(); }
    setBusy(false);
  };
  return (
    <Modal title={m.text('roles.title', { organization })} open large busy={!loaded && !error} onClose={() => onClose(changed)} showBottomClose
      footer={offered.map((option) => (
        <li key={option.role} className="usa-button-group__item">
          <button type="button" className="usa-button" disabled={busy} onClick={() => void ask(option)}>{m.text('roles.requestRole', { role: m.text(`role.label.${option.role}`) })}</button>
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
