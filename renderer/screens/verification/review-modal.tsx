import { useId } from 'react';
import { useMetadata } from '../../app/metadata.js';
import { Modal } from '../../components/modal.js';
import { RecordView } from './record-view.js';
import { useDecision } from './use-decision.js';
import { useReviewStatus } from './use-review-status.js';
import { recordOf, type Decision } from './verification-api.js';

const DECISIONS: { action: Extract<Decision, 'verify' | 'decline'>; className: string }[] = [
  { action: 'verify', className: 'usa-button' },
  { action: 'decline', className: 'usa-button usa-button--secondary' },
];

/**
 * The view modal of Verification Requests (spec part 3 "Verification by reviewer"): opening it
 * is the reviewer's view of the record (remembered by the server); the record form read-only,
 * then Verify and Decline, disabled with the hint until the record is viewed and its file downloaded.
 */
export function ReviewModal({ row, onClose }: { row: Record<string, unknown>; onClose: (changed: boolean) => void }) {
  const m = useMetadata();
  const target = recordOf(row);
  const entity = m.entity(target.entityTypeId);
  const entityName = entity?.displayName ?? entity?.name ?? '';
  const { status, error, onRecordClick } = useReviewStatus(target);
  const { busy, decide } = useDecision({ ...target, entityName });
  const hintId = useId();

  const run = async (action: Decision) => { if (await decide(action)) onClose(true); };
  const hint = !error && (status === null || status.needsView);
  const footer = [
    ...DECISIONS.filter((d) => !error && status?.[d.action] !== false).map((d) => (
      <li key={d.action} className="usa-button-group__item">
        <button type="button" className={d.className} disabled={status?.[d.action] !== true || status.needsView || busy}
          aria-describedby={hint ? hintId : undefined} onClick={() => void run(d.action)}>{m.text(`verification.${d.action}`)}</button>
      </li>
    )),
    <li key="close" className="usa-button-group__item"><button type="button" className="usa-button usa-button--outline" disabled={busy} onClick={() => onClose(false)}>{m.text('verification.close')}</button></li>,
  ];

  return (
    <Modal title={m.text('verification.reviewTitle', { entity: entityName, name: target.ownerName })} open large busy={busy} onClose={() => onClose(false)} footer={footer}>
      {error && (
        <div className="usa-alert usa-alert--error usa-alert--slim" role="alert">
          <div className="usa-alert__body"><p className="usa-alert__text">{error}</p></div>
        </div>
      )}
      {status && entity?.verification && (
        <div onClickCapture={(e) => onRecordClick(e.target)}>
          <RecordView formId={entity.verification.formId} entityId={target.entityId} ownerId={target.ownerId} />
        </div>
      )}
      {hint && <p className="usa-hint" id={hintId}>{m.text('verification.viewFirst')}</p>}
    </Modal>
  );
}
