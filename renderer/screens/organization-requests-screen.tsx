import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Route } from '../../engine/metadata/app-schema.js';
import { onLiveEvent } from '../app/live-hub.js';
import { useMetadata } from '../app/metadata.js';
import { useRuleContext } from '../app/rule-context.js';
import { activeOrganizationsAtom } from '../app/session.js';
import { DataGrid, type GridRow } from '../components/data-grid/data-grid.js';
import { useDialogs } from '../components/dialogs.js';
import { useToasts } from '../components/toasts.js';
import { FormModal } from '../form/form-modal.js';
import { decideRequests } from './employment/employment-api.js';
import { ScreenHeading } from './screen-heading.js';
import './employment/employment.css';

const GRID = 'role-requests';
const ACTIONS = new Set(['approve-request', 'reject-request']);

/**
 * Whether a RolePromotionActionReceived changes the grid shown (spec part 3 section 7: "the grid
 * reloads if a row matches the employment record id"); a new request (status Requested) is a row
 * the grid does not hold yet, so it reloads too (docs/decisions.md, issue 12).
 */
export function requestTouchesRows(payload: unknown, rows: readonly GridRow[]): boolean {
  if (payload === null || typeof payload !== 'object') return false;
  const { employmentRecordId, status } = payload as { employmentRecordId?: unknown; status?: unknown };
  if (status === 'Requested') return true;
  return typeof employmentRecordId === 'number' && rows.some((r) => r.employmentRecordId === employmentRecordId);
}

/**
 * Requests (route organization-requests, role 200; spec part 3 "Requests and history"): the
 * pending role requests at the organizations the director directs, an organization filter with
 * Clear Filter, Approve / Reject with an optional comment, and Approve Selected / Reject Selected
 * (a bulk rejection asks for a comment). A request made or decided elsewhere reloads the grid live.
 */
export function OrganizationRequestsScreen({ route }: { route: Route }) {
  const m = useMetadata();
  const dialogs = useDialogs();
  const toasts = useToasts();
  const filterId = useId();
  // the active role's organizations (a director's: those they direct); they follow a role switch
  const organizations = useAtomValue(activeOrganizationsAtom);
  // only directors decide; others with the screen (350 in al) see the list (spec part 3 section 6)
  const decides = useRuleContext().user.activeRole === '200';
  const [orgId, setOrgId] = useState('');
  const [version, setVersion] = useState(0);
  const [selected, setSelected] = useState<GridRow[]>([]);
  const [viewing, setViewing] = useState<GridRow | null>(null);
  const [busy, setBusy] = useState(false);
  const title = route.displayName ?? 'Requests';
  const rows = useRef<readonly GridRow[]>([]);
  const onRowsChange = useCallback((shown: readonly GridRow[]) => { rows.current = shown; }, []);
  useEffect(() => onLiveEvent('RolePromotionActionReceived', (_userId, payload) => {
    if (requestTouchesRows(payload, rows.current)) setVersion((v) => v + 1);
  }), []);
  const defaultFilters = useMemo(() => (orgId ? [{ column: 'organizationId', value: orgId, operation: 'Equals' as const }] : []), [orgId]);

  const decide = useCallback(async (rows: GridRow[], approve: boolean) => {
    if (rows.length === 0 || busy) return;
    const one = rows.length === 1 ? rows[0]! : null;
    const names: Record<string, string | number> = one ? { role: String(one.roleLabel ?? ''), name: String(one.primaryEntityName ?? ''), organization: String(one.organizationName ?? '') } : { count: rows.length };
    const commentRequired = !approve && !one;
    const answer = await dialogs.prompt({
      title: m.text(approve ? 'requests.approveTitle' : 'requests.rejectTitle'),
      message: m.text(one ? (approve ? 'requests.approveQuestion' : 'requests.rejectQuestion') : (approve ? 'requests.approveSelectedQuestion' : 'requests.rejectSelectedQuestion'), names),
      okLabel: m.text(approve ? 'requests.approveTitle' : 'requests.rejectTitle'),
      input: { label: m.text(commentRequired ? 'requests.commentRequired' : 'requests.comment'), multiline: true, required: commentRequired },
    });
    if (!answer) return;
    setBusy(true);
    try {
      const { decided } = await decideRequests(rows.map((r) => r.id), approve, answer.value);
      toasts.show({ type: 'success', message: m.text(approve ? 'requests.approved' : 'requests.rejected', { count: decided }) });
      setSelected([]);
      setVersion((v) => v + 1);
    } catch (e) {
      toasts.showError(e);
    } finally {
      setBusy(false);
    }
  }, [busy, dialogs, m, toasts]);

  return (
    <div>
      <ScreenHeading id="organization-requests-heading">{title}</ScreenHeading>
      <p>{m.text(decides ? 'requests.intro' : 'adminRequests.intro')}</p>
      <div className="registry-requests__toolbar">
        {decides && organizations.length > 0 && (
          <div className="usa-form-group">
            <label className="usa-label" htmlFor={filterId}>{m.text('requests.organization')}</label>
            <select id={filterId} className="usa-select" value={orgId} onChange={(e) => setOrgId(e.target.value)}>
              <option value="">{m.text('requests.allOrganizations')}</option>
              {organizations.map((o) => <option key={o.organizationId} value={String(o.organizationId)}>{o.organizationName}</option>)}
            </select>
          </div>
        )}
        {decides && (<ul className="usa-button-group">
          {orgId && <li className="usa-button-group__item"><button type="button" className="usa-button usa-button--outline" onClick={() => setOrgId('')}>{m.text('requests.clearFilter')}</button></li>}
          <li className="usa-button-group__item"><button type="button" className="usa-button" disabled={busy || selected.length === 0} onClick={() => void decide(selected, true)}>{m.text('requests.approveSelected')}</button></li>
          <li className="usa-button-group__item"><button type="button" className="usa-button usa-button--secondary" disabled={busy || selected.length === 0} onClick={() => void decide(selected, false)}>{m.text('requests.rejectSelected')}</button></li>
        </ul>)}
      </div>
      <DataGrid key={`${orgId}:${version}`} gridId={GRID} caption={title} defaultFilters={defaultFilters}
        onOpenForm={(_mode, row) => setViewing(row)} onSelectionChange={setSelected} onRowsChange={onRowsChange}
        offeredActions={ACTIONS} onRowAction={(id, row) => void decide([row], id === 'approve-request')} />
      {viewing && <FormModal formId={m.grid(GRID)?.formId ?? 119} mode="view" entityId={viewing.id} onClose={() => setViewing(null)} />}
    </div>
  );
}
