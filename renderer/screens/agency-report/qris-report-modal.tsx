import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { displayedCycleEnd } from '../../../engine/reports/qris-cycle.js';
import { formatDate } from '../../../engine/text/format.js';
import { saveFile } from '../../app/api-client.js';
import { useMetadata } from '../../app/metadata.js';
import { errorText } from '../../app/error-text.js';
import { Modal } from '../../components/modal.js';
import { useToasts } from '../../components/toasts.js';
import type { AgencySummary } from '../../../engine/reports/agency-summary.js';
import { agencyReport, loadAgencySummary, loadQrisCycle, type QrisCycle } from '../staff/staff-api.js';

export interface QrisReportModalProps {
  organizationId: number;
  organizationName: string;
  onClose: () => void;
}

function base64Blob(data: string, type: string): Blob {
  const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type });
}

/**
 * The QRIS report period (spec part 3 section 2): the current cycle (its end shown one day earlier,
 * as the Training Report shows it), the agency summary of the organization's staff with their
 * training in the cycle, and the agency summary PDF ('Download successful.').
 */
export function QrisReportModal({ organizationId, organizationName, onClose }: QrisReportModalProps) {
  const m = useMetadata();
  const toasts = useToasts();
  const tz = m.tenant.timeZone;
  const loaded = useQuery({
    queryKey: ['reporting', 'agency-summary', organizationId],
    queryFn: ({ signal }) => Promise.all([loadQrisCycle(signal), loadAgencySummary(organizationId, signal)]),
  });
  const [cycle, summary]: [QrisCycle | null, AgencySummary | null] = loaded.data ?? [null, null];
  // report failures are kept in a local error field (spec part 3 section 8)
  const [downloadError, setError] = useState<string | null>(null);
  const error = downloadError ?? (loaded.isError ? errorText(loaded.error) : null);
  const [busy, setBusy] = useState(false);


  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const { report, fileName } = await agencyReport(organizationId);
      saveFile(base64Blob(report, 'application/pdf'), fileName);
      toasts.show({ type: 'success', title: m.text('agencyReport.downloaded'), message: m.text('agencyReport.downloadedDetail') });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const columns = ['name', 'registryId', 'titlePosition', 'trainings', 'hours'];
  return (
    <Modal title={m.text('agencyReport.title')} open large busy={busy} onClose={onClose}
      footer={<>
        <li className="usa-button-group__item"><button type="button" className="usa-button" disabled={busy || !summary} onClick={() => void download()}>{m.text('agencyReport.download')}</button></li>
        <li className="usa-button-group__item"><button type="button" className="usa-button usa-button--outline" onClick={onClose}>{m.text('form.close')}</button></li>
      </>}>
      <p className="text-bold margin-top-0">{organizationName}</p>
      {cycle && <p>{m.text('agencyReport.period', { start: formatDate(cycle.startDate, tz), end: formatDate(displayedCycleEnd(cycle.endDate), tz) })}</p>}
      {error && <div className="usa-alert usa-alert--error usa-alert--slim" role="alert"><div className="usa-alert__body"><p className="usa-alert__text">{error}</p></div></div>}
      {!summary && !error && <p role="status">{m.text('grid.loading')}</p>}
      {summary && (summary.rows.length === 0
        ? <p>{m.text('agencyReport.empty')}</p>
        : (
          <div className="usa-table-container--scrollable" tabIndex={0} role="region" aria-label={m.text('agencyReport.caption', { organization: organizationName })}>
            <table className="usa-table usa-table--borderless usa-table--stacked-header width-full">
              <caption className="usa-sr-only">{m.text('agencyReport.caption', { organization: organizationName })}</caption>
              <thead><tr>{columns.map((c) => <th key={c} scope="col">{m.text(`agencyReport.column.${c}`)}</th>)}</tr></thead>
              <tbody>
                {summary.rows.map((r) => (
                  <tr key={r.userId}>
                    <th scope="row" data-label={m.text('agencyReport.column.name')}>{r.fullName}</th>
                    <td data-label={m.text('agencyReport.column.registryId')}>{r.registryId}</td>
                    <td data-label={m.text('agencyReport.column.titlePosition')}>{r.titlePosition ?? ''}</td>
                    <td data-label={m.text('agencyReport.column.trainings')}>{r.trainings}</td>
                    <td data-label={m.text('agencyReport.column.hours')}>{r.hours}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
    </Modal>
  );
}
