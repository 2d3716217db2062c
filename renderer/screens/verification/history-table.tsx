import { useServerRead } from '../../app/use-server-read.js';
import { useMetadata } from '../../app/metadata.js';
import { formatDateTime } from '../../../engine/text/format.js';
import { verificationHistory, type HistoryAction } from './verification-api.js';

/** The History tab: every action of a verification, oldest first (GET /api/verification). */
export function HistoryTable({ verificationId }: { verificationId: number }) {
  const m = useMetadata();
  const { data: rows, error } = useServerRead(['verification', 'history', verificationId], (signal) => verificationHistory(verificationId, signal), m.text('verification.loadFailed'));
  if (error) return <div className="usa-alert usa-alert--error usa-alert--slim" role="alert"><div className="usa-alert__body"><p className="usa-alert__text">{error}</p></div></div>;
  if (!rows) return <p role="status">{m.text('grid.loading')}</p>;
  return <HistoryActionsTable rows={rows} caption={m.text('verification.historyCaption')} captionHidden />;
}

const COLUMNS = ['historyUser', 'historyTime', 'historyAction', 'historyAgency', 'historyComments'] as const;

/** Verification actions as a table (stacked on narrow screens): who, when, what, the organization, the comment. */
export function HistoryActionsTable({ rows, caption, captionHidden }: { rows: readonly HistoryAction[]; caption: string; captionHidden?: boolean }) {
  const m = useMetadata();
  return (
    <table className="usa-table usa-table--compact usa-table--stacked width-full">
      <caption className={captionHidden ? 'usa-sr-only' : undefined}>{caption}</caption>
      <thead>
        <tr>{COLUMNS.map((k) => <th key={k} scope="col">{m.text(`verification.${k}`)}</th>)}</tr>
      </thead>
      <tbody>
        {rows.length === 0 && <tr><td colSpan={COLUMNS.length}>{m.text('verification.historyEmpty')}</td></tr>}
        {rows.map((r) => (
          <tr key={r.id}>
            <td data-label={m.text('verification.historyUser')}>{r.actionUser.name}</td>
            <td data-label={m.text('verification.historyTime')}>{formatDateTime(r.lastChangeDateTime, m.tenant.timeZone)}</td>
            <td data-label={m.text('verification.historyAction')}>{m.text(`verification.action.${r.actionType}`)}</td>
            <td data-label={m.text('verification.historyAgency')}>{r.agencyName ?? ''}</td>
            <td data-label={m.text('verification.historyComments')} className="registry-pre-line">{r.comments ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
