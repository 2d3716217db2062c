import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { displayedCycleEnd } from '../../engine/reports/qris-cycle.js';
import { formatDate } from '../../engine/text/format.js';
import { api, apiFile } from '../app/api-client.js';
import type { RowActionModalProps } from '../components/composition/composition-types.js';
import { errorText } from '../app/error-text.js';
import { useMetadata } from '../app/metadata.js';
import { DocumentViewer } from '../components/document-viewer.js';
import { Modal } from '../components/modal.js';

type Loaded = { blob: Blob; fileName: string } | { error: string } | null;

/** A report document read for the window (read afresh at each opening), as ReportBody shows it. */
function useReport(key: readonly unknown[], read: ((signal: AbortSignal) => Promise<{ blob: Blob; fileName: string }>) | null): Loaded {
  const m = useMetadata();
  const report = useQuery({ queryKey: ['reporting', ...key], queryFn: ({ signal }) => read!(signal), enabled: read !== null, staleTime: 0, gcTime: 0 });
  if (report.isError) return { error: errorText(report.error) ?? m.text('report.failed') };
  return report.data ?? null;
}

/** The period as shown: the start to the cycle's end one tick earlier (spec part 1 section 9). */
const period = (startDate: string, endDate: string, timeZone: string) => `${formatDate(startDate, timeZone)} - ${formatDate(displayedCycleEnd(endDate), timeZone)}`;

function ReportBody({ loaded, title }: { loaded: Loaded; title: string }) {
  const m = useMetadata();
  if (!loaded) return <p role="status">{m.text('report.loading')}</p>;
  if ('error' in loaded) return <div className="usa-alert usa-alert--error usa-alert--slim" role="alert"><div className="usa-alert__body"><p className="usa-alert__text">{loaded.error}</p></div></div>;
  return <DocumentViewer blob={loaded.blob} fileName={loaded.fileName} title={title} downloadLabel={m.text('report.download')} />;
}

/** The Training Report of a person at an organization for the current QRIS cycle, in the document viewer. */
export function TrainingReportModal({ userName, organizationId, onClose }: { userName: string; organizationId: number; onClose: () => void }) {
  const m = useMetadata();
  const cycle = useQuery({ queryKey: ['reporting', 'qris-cycle'], queryFn: ({ signal }) => api<{ startDate: string; endDate: string }>('GET', '/reporting/qriscycle', undefined, { signal }) });
  const title = cycle.data ? m.text('report.titlePeriod', { period: period(cycle.data.startDate, cycle.data.endDate, m.tenant.timeZone) }) : m.text('report.title');
  const loaded = useReport(['compliance', userName, organizationId], (signal) => apiFile('/reporting/compliancereport', { username: userName, organizationId }, 'POST', { signal }));
  return (
    <Modal title={title} open large onClose={onClose} busy={loaded === null} showBottomClose>
      <ReportBody loaded={loaded} title={title} />
    </Modal>
  );
}

interface Cycle { cycleId: number; startDate: string; endDate: string }
const PAGE_SIZE = 5;

/** The reports of past cycles (page size 5); choosing one shows the stored copy. */
export function ArchivedReportsModal({ userId, organizationId, onClose }: { userId: number; organizationId: number; onClose: () => void }) {
  const m = useMetadata();
  const [page, setPage] = useState(0);
  const [chosen, setChosen] = useState<Cycle | null>(null);
  const cycleRead = useQuery({
    queryKey: ['reporting', 'archived-cycles', userId, organizationId],
    queryFn: ({ signal }) => api<Cycle[]>('GET', `/reporting/archivedcycles?userId=${userId}&organizationId=${organizationId}`, undefined, { signal }),
  });
  const cycles = cycleRead.isError ? [] : (cycleRead.data ?? null);
  const reportId = chosen?.cycleId;
  const loaded = useReport(['archived', reportId], reportId === undefined ? null : (signal) => apiFile(`/reporting/compliancereport?reportId=${reportId}`, undefined, 'GET', { signal }));
  const shown = (cycles ?? []).slice(page * PAGE_SIZE, page * PAGE_SIZE + PAGE_SIZE);
  const pages = Math.ceil((cycles ?? []).length / PAGE_SIZE);
  const title = chosen ? m.text('report.titlePeriod', { period: period(chosen.startDate, chosen.endDate, m.tenant.timeZone) }) : m.text('report.archivedTitle');
  return (
    <Modal title={title} open large onClose={onClose} busy={cycles === null} showBottomClose>
      {chosen ? (
        <>
          <button type="button" className="usa-button usa-button--unstyled margin-bottom-2" onClick={() => setChosen(null)}>{m.text('report.backToList')}</button>
          <ReportBody loaded={loaded} title={title} />
        </>
      ) : cycles && cycles.length === 0 ? <p>{m.text('grid.noData')}</p> : (
        <>
          <table className="usa-table usa-table--borderless width-full">
            <caption className="usa-sr-only">{m.text('report.archivedTitle')}</caption>
            <thead><tr><th scope="col">{m.text('report.period')}</th><th scope="col"><span className="usa-sr-only">{m.text('report.actions')}</span></th></tr></thead>
            <tbody>
              {shown.map((c) => (
                <tr key={c.cycleId}>
                  <td>{period(c.startDate, c.endDate, m.tenant.timeZone)}</td>
                  <td><button type="button" className="usa-button usa-button--unstyled" onClick={() => setChosen(c)}>{m.text('report.view')}<span className="usa-sr-only"> {period(c.startDate, c.endDate, m.tenant.timeZone)}</span></button></td>
                </tr>
              ))}
            </tbody>
          </table>
          {pages > 1 && (
            <nav aria-label={m.text('report.pages')} className="usa-button-group">
              {Array.from({ length: pages }, (_, i) => (
                <button key={i} type="button" className={`usa-button ${i === page ? '' : 'usa-button--outline'}`} aria-current={i === page ? 'page' : undefined} onClick={() => setPage(i)}>{i + 1}</button>
              ))}
            </nav>
          )}
        </>
      )}
    </Modal>
  );
}

/** The Training Report action: the row names the person (by e-mail, or user name on the coaching user row) and the organization. */
export function TrainingReportAction({ row, onClose }: RowActionModalProps) {
  return <TrainingReportModal userName={String(row.primaryEntityEmail ?? row.userName ?? '')} organizationId={Number(row.organizationId)} onClose={() => onClose(false)} />;
}

/** The employment grid's Archived Training Reports action. */
export function ArchivedReportsAction({ row, onClose }: RowActionModalProps) {
  return <ArchivedReportsModal userId={Number(row.userId)} organizationId={Number(row.organizationId)} onClose={() => onClose(false)} />;
}
