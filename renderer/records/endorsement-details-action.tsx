import type { RowActionModalProps } from '../components/composition/composition-types.js';
import { EndorsementDetailsModal } from './endorsement-details-modal.js';

/** The certification grid's View on an endorsement row (its viewModal 'endorsement-details'). */
export function EndorsementDetailsAction({ row, onClose }: RowActionModalProps) {
  return <EndorsementDetailsModal endorsementId={row.id} onClose={() => onClose(false)} />;
}
