import { effectiveRole, organizationRoles } from '../../engine/access/role-duties.js';
import { useAtomValue } from 'jotai';
import { useId, useMemo, useState } from 'react';
import type { Route } from '../../engine/metadata/app-schema.js';
import { useMetadata } from '../app/metadata.js';
import { useRuleContext } from '../app/rule-context.js';
import { activeOrganizationsAtom } from '../app/session.js';
import { DataGrid, type GridRow } from '../components/data-grid/data-grid.js';
import { FormModal } from '../form/form-modal.js';
import { ScreenHeading } from './screen-heading.js';
import './employment/employment.css';

const GRID = 'role-requests';

/**
 * Requests (route organization-requests, role 200; spec part 3 "Requests and history"): the
 * waiting role requests at the organizations the director directs, with an organization filter
 * and Clear Filter. Approve and Reject, and Approve Selected / Reject Selected, are the steps of
 * the role-request workflow the grid offers and takes itself (metadata/workflows/role-request.json:
 * a comment is optional, and required to reject several at once). A request made or decided
 * elsewhere reloads the grid live (renderer/app/live-invalidation.ts).
 */
export function OrganizationRequestsScreen({ route }: { route: Route }) {
  const m = useMetadata();
  const filterId = useId();
  // the active role's organizations (a director's: those they direct); they follow a role switch
  const organizations = useAtomValue(activeOrganizationsAtom);
  // only directors decide; others with the screen (350 in al) see the list (spec part 3 section 6)
  const decides = effectiveRole(useRuleContext()) === organizationRoles(m.roleById).director;
  const [orgId, setOrgId] = useState('');
  const [viewing, setViewing] = useState<GridRow | null>(null);
  const title = route.displayName ?? 'Requests';
  const defaultFilters = useMemo(() => (orgId ? [{ column: 'organizationId', value: orgId, operation: 'Equals' as const }] : []), [orgId]);

  return (
    <div>
      <ScreenHeading id="organization-requests-heading">{title}</ScreenHeading>
      <p>{m.text(decides ? 'requests.intro' : 'adminRequests.intro')}</p>
      {decides && organizations.length > 0 && (
        <div className="registry-requests__toolbar">
          <div className="usa-form-group">
            <label className="usa-label" htmlFor={filterId}>{m.text('requests.organization')}</label>
            <select id={filterId} className="usa-select" value={orgId} onChange={(e) => setOrgId(e.target.value)}>
              <option value="">{m.text('requests.allOrganizations')}</option>
              {organizations.map((o) => <option key={o.organizationId} value={String(o.organizationId)}>{o.organizationName}</option>)}
            </select>
          </div>
          {orgId && (
            <ul className="usa-button-group">
              <li className="usa-button-group__item"><button type="button" className="usa-button usa-button--outline" onClick={() => setOrgId('')}>{m.text('requests.clearFilter')}</button></li>
            </ul>
          )}
        </div>
      )}
      <DataGrid key={orgId} gridId={GRID} caption={title} defaultFilters={defaultFilters} onOpenForm={(_mode, row) => setViewing(row)} />
      {viewing && <FormModal formId={m.grid(GRID)?.formId ?? 119} mode="view" entityId={viewing.id} onClose={() => setViewing(null)} />}
    </div>
  );
}
