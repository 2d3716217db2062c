import { useEffect, useRef } from 'react';
import { useMetadata } from '../../app/metadata.js';
import type { RowActionModalProps } from '../../components/composition/composition-types.js';
import { useDialogs } from '../../components/dialogs.js';
import { useToasts } from '../../components/toasts.js';
import { EmailAddressesModal } from '../email-addresses-modal.js';
import { confirmUser, unlockUser } from './manage-users-api.js';
import { UserAccessPermissionsModal } from './user-access-permissions-modal.js';

/**
 * The row actions of Manage Users (grid manage-users; spec part 2 sections 2 and 6). The Coaching
 * History link (row.showCoachHistoryLink) and Archive All Summary Reports come with their own
 * issues: their actions are added to the grid's metadata and registered here then.
 */

const nameOf = (row: RowActionModalProps['row']) => String(row.fullName ?? row.userName ?? '');

/** Runs a confirmed call once when the action opens (a dialog, no window of its own). */
function useConfirmedCall(question: { title: string; message: string }, call: () => Promise<string>, onClose: (changed: boolean) => void) {
  const dialogs = useDialogs();
  const toasts = useToasts();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      if (!(await dialogs.confirm({ title: question.title, message: question.message, okLabel: question.title }))) return onClose(false);
      try {
        toasts.show({ type: 'success', message: await call() });
        onClose(true);
      } catch (e) {
        toasts.showError(e);
        onClose(false);
      }
    })();
  }, [dialogs, toasts, question, call, onClose]);
}

/** Confirm User (unconfirmed people): POST /accounts/emailconfirm, then '{name} is confirmed!'. */
export function ConfirmUserAction({ row, onClose }: RowActionModalProps) {
  const m = useMetadata();
  const name = nameOf(row);
  useConfirmedCall({ title: m.text('manageUsers.confirmTitle'), message: m.text('manageUsers.confirmQuestion', { name }) },
    async () => { await confirmUser(String(row.userName)); return m.text('manageUsers.confirmed', { name }); }, onClose);
  return null;
}

/** Unlock User (locked people): POST /accounts/unlock?userId=. */
export function UnlockUserAction({ row, onClose }: RowActionModalProps) {
  const m = useMetadata();
  const name = nameOf(row);
  useConfirmedCall({ title: m.text('manageUsers.unlockTitle'), message: m.text('manageUsers.unlockQuestion', { name }) },
    async () => { await unlockUser(Number(row.id)); return m.text('manageUsers.unlocked', { name }); }, onClose);
  return null;
}

/** Manage Email Addresses (tn, al; 400/500/AdminUser): the existing modal for the row's person. */
export function ManageEmailAddressesAction({ row, onClose }: RowActionModalProps) {
  const target = { id: Number(row.id), userName: String(row.userName ?? ''), fullName: nameOf(row), email: String(row.email ?? row.userName ?? '') };
  return <EmailAddressesModal target={target} onClose={() => onClose(true)} />;
}

/** User Access Permissions: general roles and roles at organizations as toggles. */
export function UserAccessPermissionsAction({ row, onClose }: RowActionModalProps) {
  return <UserAccessPermissionsModal userId={Number(row.id)} name={nameOf(row)} onClose={onClose} />;
}
