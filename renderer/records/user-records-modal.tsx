import { useMetadata } from '../app/metadata.js';
import { Modal } from '../components/modal.js';
import { UserRecordsView } from './user-records-view.js';

/** The User Records modal of Staff Management, Manage Users and Search Users (spec part 2 section 2). */
export function UserRecordsModal({ userId, onClose }: { userId: number; onClose: () => void }) {
  const m = useMetadata();
  return (
    <Modal title={m.text('userRecords.title')} open large showBottomClose onClose={onClose}>
      <UserRecordsView userId={userId} level={3} />
    </Modal>
  );
}
