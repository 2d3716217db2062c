import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText } from '../../app/error-text.js';
import { useMetadata } from '../../app/metadata.js';
import { Modal } from '../../components/modal.js';
import { StepButtons } from '../../components/workflow/step-buttons.js';
import { useWorkflowStatus } from '../../components/workflow/use-workflow-status.js';
import { RecordView } from './record-view.js';
import { recordOf, viewForVerification } from './verification-api.js';

const POLL_MS = 750;
const POLL_TRIES = 8;

/**
 * The view modal of Verification Requests (spec part 3 "Verification by reviewer"): opening it
 * is the reviewer's view of the record (remembered by the server); the record form read-only, then
 * the steps the verification workflow offers (Verify and Decline), disabled with the hint until the
 * record is viewed and its file downloaded, taken through the generic step dialog.
 */
export function ReviewModal({ row, onClose }: { row: Record<string, unknown>; onClose: (changed: boolean) => void }) {
  const m = useMetadata();
  const target = recordOf(row);
  const entity = m.entity(target.entityTypeId);
  const entityName = entity?.displayName ?? entity?.name ?? '';
  const [version, setVersion] = useState(0);
  const [downloads, setDownloads] = useState(0);
  const viewed = useRef(false);
  // the first read is the view itself; later reads (after a download) only ask again
  const view = useCallback(async () => { if (!viewed.current) { await viewForVerification(target); viewed.current = true; } }, [target]);
  const { status, error } = useWorkflowStatus(target, version, view);
  const waiting = status?.transitions.some((t) => t.disabledReason !== undefined) ?? false;

  useEffect(() => {
    if (downloads === 0) return undefined;
    let tries = 0;
    const timer = setInterval(() => { setVersion((v) => v + 1); if (++tries >= POLL_TRIES) clearInterval(timer); }, POLL_MS);
    return () => clearInterval(timer);
  }, [downloads]);
  useEffect(() => { if (!waiting) setDownloads(0); }, [waiting]);

  const onRecordClick = (clicked: EventTarget) => {
    if (clicked instanceof Element && clicked.closest('.registry-file__download')) setDownloads((n) => n + 1);
  };
  const decisions = (status?.transitions ?? []).filter((t) => t.id === 'verify' || t.id === 'decline');
  const footer = [
    <StepButtons key="steps" target={target} steps={decisions} row={row} onDone={(changed) => { if (changed) onClose(true); }} />,
    <li key="close" className="usa-button-group__item"><button type="button" className="usa-button usa-button--outline" onClick={() => onClose(false)}>{m.text('verification.close')}</button></li>,
  ];

  return (
    <Modal title={m.text('verification.reviewTitle', { entity: entityName, name: target.ownerName })} open large onClose={() => onClose(false)} footer={footer}>
      {error !== null && (
        <div className="usa-alert usa-alert--error usa-alert--slim" role="alert">
          <div className="usa-alert__body"><p className="usa-alert__text">{errorText(error) ?? m.text('verification.loadFailed')}</p></div>
        </div>
      )}
      {status && entity?.verification && (
        <div onClickCapture={(e) => onRecordClick(e.target)}>
          <RecordView formId={entity.verification.formId} entityId={target.entityId} ownerId={target.ownerId} />
        </div>
      )}
    </Modal>
  );
}
