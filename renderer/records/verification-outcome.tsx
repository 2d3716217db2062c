import { formatDateTime } from '../../engine/text/format.js';
import { useServerRead } from '../app/use-server-read.js';
import { useMetadata } from '../app/metadata.js';
import { HistoryActionsTable } from '../screens/verification/history-table.js';
import { verificationOutcome, type VerificationOutcome as Outcome } from './verification-outcome-api.js';
import './verification-outcome.css';

/**
 * A record's verification outcome for its owner: who verified or declined it, when, the comment,
 * and every action since the first request. Nothing when the record was never sent.
 */
export function VerificationOutcome({ entityTypeId, entityId }: { entityTypeId: number; entityId: number }) {
  const m = useMetadata();
  const { data: outcome, error } = useServerRead<Outcome>(['verification', 'outcome', entityTypeId, entityId], (signal) => verificationOutcome(entityTypeId, entityId, signal), m.text('outcome.loadFailed'));
  if (error) return <div className="usa-alert usa-alert--error usa-alert--slim" role="alert"><div className="usa-alert__body"><p className="usa-alert__text">{error}</p></div></div>;
  if (!outcome || outcome.history.length === 0) return null;
  const when = (iso: string) => formatDateTime(iso, m.tenant.timeZone);
  const d = outcome.decision;
  const last = outcome.history.at(-1)!;
  const summary = d && outcome.state === 'Approved' ? m.text('outcome.approved', { name: d.actionUser.name, when: when(d.lastChangeDateTime) })
    : d && outcome.state === 'Rejected' ? m.text('outcome.declined', { name: d.actionUser.name, when: when(d.lastChangeDateTime) })
      : outcome.state === 'Requested' ? m.text('outcome.requested', { when: when(last.lastChangeDateTime) })
        : m.text('outcome.none');
  const tone = outcome.state === 'Approved' ? 'success' : outcome.state === 'Rejected' ? 'warning' : 'info';
  return (
    <section className="registry-outcome" aria-labelledby={`outcome-${entityTypeId}-${entityId}`}>
      <h3 id={`outcome-${entityTypeId}-${entityId}`}>{m.text('outcome.heading')}</h3>
      <div className={`usa-alert usa-alert--${tone} usa-alert--slim usa-alert--no-icon`}>
        <div className="usa-alert__body">
          <p className="usa-alert__text">{summary}{d?.agencyName ? ` ${m.text('outcome.agency', { agency: d.agencyName })}` : ''}</p>
          {d?.comments && <p className="usa-alert__text"><strong>{m.text('outcome.comment')}</strong> <span className="registry-pre-line">{d.comments}</span></p>}
        </div>
      </div>
      <HistoryActionsTable rows={outcome.history} caption={m.text('outcome.history')} />
    </section>
  );
}
