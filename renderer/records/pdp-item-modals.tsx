import { formatDateTime } from '../../engine/text/format.js';
import { api } from '../app/api-client.js';
import { useMetadata, type MetadataIndex } from '../app/metadata.js';
import { useServerRead } from '../app/use-server-read.js';
import type { RowActionModalProps } from '../components/composition/composition-types.js';
import type { GridRow } from '../components/data-grid/grid-types.js';
import { Modal } from '../components/modal.js';
import './records.css';

interface HistoryStep { id: number; transition: string; comment: string | null; actorName: string; at: string }

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** One reflection of a goal, read-only: its text and who wrote it when. */
function Reflection({ m, heading, body, by, at }: { m: MetadataIndex; heading: string; body: string; by: unknown; at: unknown }) {
  return (
    <section className="margin-bottom-2">
      <h3 className="margin-bottom-05">{heading}</h3>
      {text(by) && text(at) && <p className="margin-top-0 text-base">{m.text('pdp.reflectionBy', { name: text(by)!, at: formatDateTime(text(at)!, m.tenant.timeZone) })}</p>}
      <p className="pdp-item-text">{body}</p>
    </section>
  );
}

/** The reflections of a PDP goal row (the director's and the coach's), as the grid serves them. */
function reflectionsOf(m: MetadataIndex, row: GridRow) {
  return [
    { key: 'director', heading: m.text('pdp.reflectionTitle'), body: text(row.reflection), by: row.reflectionByName, at: row.reflectionAt },
    { key: 'coach', heading: m.text('pdp.coachReflectionLabel'), body: text(row.coachReflection), by: row.coachReflectionByName, at: row.coachReflectionAt },
  ].filter((r) => r.body !== null);
}

/**
 * The Reflection modal in view mode (spec part 2 section 2, User Records and the PDP Goals page):
 * the reflections written on a verified goal. A reflection is written (edit mode) through the
 * goal's workflow step Write Reflection, which asks for its text and is offered only to whoever
 * may still write one.
 */
export function PdpReflectionAction({ row, onClose }: RowActionModalProps) {
  const m = useMetadata();
  const reflections = reflectionsOf(m, row);
  return (
    <Modal title={m.text('pdp.reflectionTitle')} open onClose={() => onClose(false)} showBottomClose>
      {reflections.length === 0 && <p>{m.text('pdp.noReflection')}</p>}
      {reflections.map((r) => <Reflection key={r.key} m={m} heading={r.heading} body={r.body!} by={r.by} at={r.at} />)}
    </Modal>
  );
}

/** The comments given on a PDP item while it was unverified (its workflow's Comment steps), oldest first. */
export function PdpCommentsAction({ grid, row, onClose }: RowActionModalProps) {
  const m = useMetadata();
  const read = useServerRead(['workflow', grid.entityTypeId, row.id, 'history'],
    (signal) => api<{ history: HistoryStep[] }>('GET', `/workflow?entityTypeId=${grid.entityTypeId}&entityId=${row.id}`, undefined, { signal }), m.text('pdp.failed'));
  const comments = read.data ? read.data.history.filter((h) => h.transition === 'comment' && h.comment !== null) : null;
  return (
    <Modal title={m.text('pdp.commentsTitle')} open busy={!comments && !read.error} onClose={() => onClose(false)} showBottomClose>
      {read.error && <div className="usa-alert usa-alert--error usa-alert--slim" role="alert"><div className="usa-alert__body"><p className="usa-alert__text">{read.error}</p></div></div>}
      {comments && comments.length === 0 && <p>{m.text('pdp.noComments')}</p>}
      {comments && comments.length > 0 && (
        <ol className="usa-list usa-list--unstyled">
          {comments.map((c) => (
            <li key={c.id} className="margin-bottom-2">
              <p className="text-bold margin-bottom-05">{m.text('pdp.commentBy', { name: c.actorName, at: formatDateTime(c.at, m.tenant.timeZone) })}</p>
              <p className="pdp-item-text">{c.comment}</p>
            </li>
          ))}
        </ol>
      )}
    </Modal>
  );
}
