import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { displayedCycleEnd } from '../../../engine/reports/qris-cycle.js';
import { formatDate } from '../../../engine/text/format.js';
import { api } from '../../app/api-client.js';
import { errorText } from '../../app/error-text.js';
import { useMetadata } from '../../app/metadata.js';
import { Modal } from '../../components/modal.js';
import { ArchivedReportsModal } from '../training-report-modal.js';

interface Cycle { cycleId: number; startDate: string; endDate: string }
interface Member { reportId: number; userId: number; fullName: string; userName: string; registryId: string; startDate: string; endDate: string; status: string }

export interface AgencyArchivesModalProps {
  organizationId: number;
  organizationName: string;
  onClose: () => void;
}

/**
 * Agency Archives: a cycle dropdown of the agency's past QRIS cycles with archived Training Reports
 * (GET /api/reporting/archivedcycles, scope organization) and the people of the agency with a report in
 * the chosen cycle (POST /api/reporting/archivedmembers); a person opens their Archived Training Reports.
 */
export function AgencyArchivesModal({ organizationId, organizationName, onClose }: AgencyArchivesModalProps) {
  const m = useMetadata();
  const selectId = useId();
  const [cycleId, setCycleId] = useState('');
  const [viewing, setViewing] = useState<Member | null>(null);
  const zone = m.tenant.timeZone;
  const period = (c: { startDate: string; endDate: string }) => `${formatDate(c.startDate, zone)} - ${formatDate(displayedCycleEnd(c.endDate), zone)}`;

  const cycleRead = useQuery({
    queryKey: ['archives', organizationId, 'cycles'],
    queryFn: ({ signal }) => api<Cycle[]>('GET', `/reporting/archivedcycles?organizationId=${organizationId}&scope=organization`, undefined, { signal }),
  });
  const memberRead = useQuery({
    queryKey: ['archives', organizationId, 'members', cycleId],
    queryFn: ({ signal }) => api<Member[]>('POST', '/reporting/archivedmembers', { organizationId, cycleId: Number(cycleId) }, { signal }),
    enabled: cycleId !== '',
  });
  const cycles = cycleRead.isError ? [] : (cycleRead.data ?? null);
  const members = !cycleId ? null : memberRead.isError ? [] : (memberRead.data ?? null);
  const failure = memberRead.error ?? cycleRead.error;
  const error = failure ? (errorText(failure) ?? null) : null;

  if (viewing) return <ArchivedReportsModal userId={viewing.userId} organizationId={organizationId} onClose={() => setViewing(null)} />;
  const chosen = cycles?.find((c) => String(c.cycleId) === cycleId);
  return (
    <Modal title={m.text('searchUsers.archivesTitle', { name: organizationName })} open large onClose={onClose} busy={cycles === null} showBottomClose>
      {error && <div className="usa-alert usa-alert--error usa-alert--slim" role="alert"><div className="usa-alert__body"><p className="usa-alert__text">{error}</p></div></div>}
      {cycles === null ? <p role="status">{m.text('searchUsers.loading')}</p> : cycles.length === 0 ? <p>{m.text('searchUsers.noArchives')}</p> : (
        <div className="usa-form-group">
          <label className="usa-label" htmlFor={selectId}>{m.text('searchUsers.cycle')}</label>
          <select id={selectId} className="usa-select" value={cycleId} onChange={(e) => setCycleId(e.target.value)}>
            <option value="">{m.text('searchUsers.chooseCycle')}</option>
            {cycles.map((c) => <option key={c.cycleId} value={String(c.cycleId)}>{period(c)}</option>)}
          </select>
        </div>
      )}
      {chosen && members === null && <p role="status">{m.text('searchUsers.loading')}</p>}
      {chosen && members && members.length === 0 && <p>{m.text('searchUsers.noMembers')}</p>}
      {chosen && members && members.length > 0 && (
        <table className="usa-table usa-table--borderless usa-table--stacked width-full">
            <caption>{m.text('searchUsers.membersCaption', { period: period(chosen) })}</caption>
            <thead><tr>
              <th scope="col">{m.text('searchUsers.memberName')}</th>
              <th scope="col">{m.text('searchUsers.memberUserName')}</th>
              <th scope="col">{m.text('searchUsers.memberRegistryId')}</th>
              <th scope="col"><span className="usa-sr-only">{m.text('report.actions')}</span></th>
            </tr></thead>
            <tbody>
              {members.map((p) => (
                <tr key={p.userId}>
                  <th scope="row" data-label={m.text('searchUsers.memberName')}>{p.fullName}</th>
                  <td data-label={m.text('searchUsers.memberUserName')}>{p.userName}</td>
                  <td data-label={m.text('searchUsers.memberRegistryId')}>{p.registryId}</td>
                  <td><button type="button" className="usa-button usa-button--unstyled" onClick={() => setViewing(p)}>{m.text('searchUsers.viewReports')}<span className="usa-sr-only"> {p.fullName}</span></button></td>
                </tr>
              ))}
            </tbody>
          </table>
      )}
    </Modal>
  );
}
