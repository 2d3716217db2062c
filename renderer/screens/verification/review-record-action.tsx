import type { RowActionModalProps } from '../../components/composition/composition-types.js';
import { ReviewModal } from './review-modal.js';

/**
 * Row action `review-verification` of a record grid (the Verify-or-Reject window of experience
 * start dates): the reviewer's window of Verification Requests, for the grid's row.
 */
export function ReviewRecordAction({ grid, row, onClose }: RowActionModalProps) {
  const target = { entityTypeId: grid.entityTypeId, entityId: row.id, primaryEntityId: row.userId, primaryEntityName: row.primaryEntityName ?? '' };
  return <ReviewModal row={target} onClose={onClose} />;
}
