import type { RowActionModalProps } from '../components/composition/composition-types.js';
import { useMetadata } from '../app/metadata.js';
import { Modal } from '../components/modal.js';
import { displayColumnsOf, rowDisplayName } from '../components/data-grid/row-name.js';
import { UserRecordsView } from './user-records-view.js';

export interface UserRecordsModalProps {
  userId: number;
  /** the modal's title: 'User Records' or 'Verify User Records - {name}' */
  title: string;
  onClose: () => void;
}

/** A person's User Records view in a modal (staff management, search and user management). */
export function UserRecordsModal({ userId, title, onClose }: UserRecordsModalProps) {
  return (
    <Modal title={title} open onClose={onClose} large showBottomClose>
      <UserRecordsView key={userId} userId={userId} level={2} />
    </Modal>
  );
}

/** The person a user row names: its userId field, else the row itself (rows of entity 1). */
function rowUserId(row: RowActionModalProps['row']): number {
  return Number(row.userId ?? row.id);
}

/** Row action 'user-records': the row's person's records, titled 'User Records'. */
export function UserRecordsAction({ row, onClose }: RowActionModalProps) {
  const m = useMetadata();
  return <UserRecordsModal userId={rowUserId(row)} title={m.text('userRecords.title')} onClose={() => onClose(false)} />;
}

/** Row action 'verify-user-records': the same view, titled 'Verify User Records - {name}'. */
export function VerifyUserRecordsAction({ grid, row, onClose }: RowActionModalProps) {
  const m = useMetadata();
  const name = String(row.fullName ?? rowDisplayName(displayColumnsOf(grid), row, m.tenant.timeZone));
  return <UserRecordsModal userId={rowUserId(row)} title={m.text('userRecords.verifyTitle', { name })} onClose={() => onClose(true)} />;
}
