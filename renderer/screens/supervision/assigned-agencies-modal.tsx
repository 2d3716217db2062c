import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatDateTime } from '../../../engine/text/format.js';
import { errorText } from '../../app/error-text.js';
import { useMetadata } from '../../app/metadata.js';
import type { RowActionModalProps } from '../../components/composition/composition-types.js';
import { Modal } from '../../components/modal.js';
import { useSettled } from '../../components/use-settled.js';
import { useToasts } from '../../components/toasts.js';
import { assignAgency, loadAssignments, searchAgencies, unassignAgency, type AgencyAssignment, type KeyValue } from './supervision-api.js';
import './supervision.css';

const MIN_SEARCH = 2;
const SEARCH_DELAY_MS = 300;

/** Agencies found by name (at least 2 characters), after a short pause in typing; assigned ones left out. */
function useAgencySearch(term: string, assigned: readonly AgencyAssignment[]) {
  const q = useSettled(term.trim(), SEARCH_DELAY_MS);
  const search = useQuery({ queryKey: ['agency-search', q], queryFn: ({ signal }) => searchAgencies(q, signal), enabled: q.length >= MIN_SEARCH, placeholderData: keepPreviousData });
  const found: KeyValue[] | null = term.trim().length < MIN_SEARCH ? null : search.isError ? [] : (search.data ?? null);
  return found?.filter((a) => !assigned.some((x) => String(x.organizationId) === a.key)) ?? null;
}

/**
 * Assigned Agencies (Supervisor Staff Management, spec part 3 section 2): the agencies assigned to
 * a licensing consultant, each with Remove, and an agency search to assign more. Every change is
 * stored and audited by the server at once.
 */
export function AssignedAgenciesAction({ row, onClose }: RowActionModalProps) {
  const m = useMetadata();
  const toasts = useToasts();
  const searchId = useId();
  const hintId = useId();
  const userId = Number(row.userId ?? row.id);
  const name = String(row.fullName ?? '');
  const client = useQueryClient();
  const assignmentsKey = ['agency-assignments', userId];
  const read = useQuery({ queryKey: assignmentsKey, queryFn: ({ signal }) => loadAssignments(userId, signal) });
  const assigned = read.data?.assignments ?? null;
  const setAssigned = (assignments: AgencyAssignment[]) => client.setQueryData(assignmentsKey, { ...read.data, assignments });
  const error = read.isError ? (errorText(read.error) ?? '') : null;
  const [term, setTerm] = useState('');
  const [busy, setBusy] = useState(false);
  const [changed, setChanged] = useState(false);
  const found = useAgencySearch(term, assigned ?? []);


  const run = async (call: () => Promise<{ changed: boolean; assignments: AgencyAssignment[] }>, message: (changed: boolean) => string) => {
    setBusy(true);
    try {
      const answer = await call();
      setAssigned(answer.assignments);
      if (answer.changed) setChanged(true);
      setTerm('');
      toasts.show({ type: 'success', message: message(answer.changed) });
    } catch (e) {
      toasts.showError(e);
    } finally {
      setBusy(false);
    }
  };
  const add = (a: KeyValue) => run(() => assignAgency(userId, Number(a.key)), (done) => m.text(done ? 'staffAssignments.assigned' : 'staffAssignments.alreadyAssigned', { agency: a.value, name }));
  const remove = (a: AgencyAssignment) => run(() => unassignAgency(userId, a.organizationId), () => m.text('staffAssignments.removed', { agency: a.organizationName, name }));

  return (
    <Modal title={m.text('staffAssignments.title', { name })} open large busy={assigned === null && !error} onClose={() => onClose(changed)} showBottomClose>
      {error && <div className="usa-alert usa-alert--error usa-alert--slim" role="alert"><div className="usa-alert__body"><p className="usa-alert__text">{error}</p></div></div>}
      <p>{m.text('staffAssignments.intro', { name })}</p>
      {assigned && (
        <>
          <div className="registry-staff__finder">
          <div className="usa-form-group registry-staff__search">
            <label className="usa-label" htmlFor={searchId}>{m.text('staffAssignments.search')}</label>
            <span className="usa-hint" id={hintId}>{m.text('staffAssignments.searchHint')}</span>
            <input id={searchId} className="usa-input" type="search" autoComplete="off" aria-describedby={hintId} maxLength={180} value={term} onChange={(e) => setTerm(e.target.value)} />
          </div>
          {found && (found.length === 0
            ? <p role="status">{m.text('staffAssignments.noMatches')}</p>
            : (
              <ul className="usa-list usa-list--unstyled registry-staff__found" aria-label={m.text('staffAssignments.search')}>
                {found.map((a) => (
                  <li key={a.key}>
                    <span>{a.value}</span>
                    <button type="button" className="usa-button usa-button--outline usa-button--small" disabled={busy} aria-label={m.text('staffAssignments.assignAgency', { agency: a.value })} onClick={() => void add(a)}>{m.text('staffAssignments.assign')}</button>
                  </li>
                ))}
              </ul>
            ))}
          </div>
          <table className="usa-table usa-table--borderless usa-table--compact usa-table--stacked width-full">
            <caption>{m.text('staffAssignments.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{m.text('staffAssignments.agency')}</th>
                <th scope="col">{m.text('staffAssignments.county')}</th>
                <th scope="col">{m.text('staffAssignments.assignedAt')}</th>
                <th scope="col"><span className="usa-sr-only">{m.text('staffAssignments.actions')}</span></th>
              </tr>
            </thead>
            <tbody>
              {assigned.length === 0 && <tr><td colSpan={4}>{m.text('staffAssignments.none')}</td></tr>}
              {assigned.map((a) => (
                <tr key={a.organizationId}>
                  <th scope="row" data-label={m.text('staffAssignments.agency')}>{a.organizationName}</th>
                  <td data-label={m.text('staffAssignments.county')}>{a.county ?? ''}</td>
                  <td data-label={m.text('staffAssignments.assignedAt')}>{formatDateTime(a.assignedAt, m.tenant.timeZone)}{a.assignedBy ? ` (${a.assignedBy})` : ''}</td>
                  <td>
                    <button type="button" className="usa-button usa-button--secondary usa-button--small" disabled={busy} aria-label={m.text('staffAssignments.removeAgency', { agency: a.organizationName })} onClick={() => void remove(a)}>{m.text('staffAssignments.remove')}</button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </Modal>
  );
}
