import { formatDateTime } from '../../../engine/text/format.js';
import { api } from '../../app/api-client.js';
import { useServerRead } from '../../app/use-server-read.js';
import { useMetadata } from '../../app/metadata.js';
import type { RowActionModalProps } from '../../components/composition/composition-types.js';
import { Modal } from '../../components/modal.js';
import './trainer-reports.css';

interface HistoryStep { id: number; label: string; toLabel: string; comment: string | null; actorName: string; at: string }

/**
 * Review Comments (DHR Reports, spec part 3 section 2): the comments given with the steps of the
 * record's workflow, oldest first, from its history (GET /api/workflow): who, which step, when.
 */
export function ReviewCommentsAction({ grid, row, onClose }: RowActionModalProps) {
  const m = useMetadata();
  const read = useServerRead(['workflow', grid.entityTypeId, row.id, 'history'], (signal) => api<{ history: HistoryStep[] }>('GET', `/workflow?entityTypeId=${grid.entityTypeId}&entityId=${row.id}`, undefined, { signal }),
    m.text('trainerReport.failed'));
  const error = read.error;
  const steps = read.data ? read.data.history.filter((h) => h.comment !== null) : null;
  return (
    <Modal title={m.text('trainerReport.reviewCommentsHeading')} open busy={!steps && !error} onClose={() => onClose(false)} showBottomClose>
      {error && <div className="usa-alert usa-alert--error usa-alert--slim" role="alert"><div className="usa-alert__body"><p className="usa-alert__text">{error}</p></div></div>}
      {steps && steps.length === 0 && <p>{m.text('trainerReport.noComments')}</p>}
      {steps && steps.length > 0 && (
        <ol className="usa-list usa-list--unstyled review-comments">
          {steps.map((s) => (
            <li key={s.id} className="margin-bottom-2">
              <p className="text-bold margin-bottom-05">{m.text('trainerReport.commentBy', { step: s.toLabel, name: s.actorName, at: formatDateTime(s.at, m.tenant.timeZone) })}</p>
              <p className="review-comments__text">{s.comment}</p>
            </li>
          ))}
        </ol>
      )}
    </Modal>
  );
}
