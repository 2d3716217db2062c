import { useCallback, useState } from 'react';
import type { RowActionModalProps, SelectionActionProps } from '../../components/composition/composition-types.js';
import { useToasts } from '../../components/toasts.js';
import { useFlowOnce } from '../../components/use-flow-once.js';
import { ComposeModal } from '../messages/compose-modal.js';
import { EMPTY_DRAFT, type ComposeDraft } from '../messages/reply-draft.js';
import { openCertificate } from './enrollment-api.js';
import { useEnrollmentActions } from './use-enrollment-actions.js';

/*
 * The row actions of the enrollments grid (metadata/grids/training-enrollments.json; spec part 3
 * sections 4 and 8, part 2 section 4), as windows of renderer/app/component-registry.ts. Which
 * rows offer them is the grid's metadata (named rules); the server checks again.
 */

/** Attendance of one enrollment: status selector, confirmation of final codes; the grid reloads. */
export function SetAttendanceAction({ row, onClose }: RowActionModalProps) {
  const { attendance } = useEnrollmentActions();
  useFlowOnce(useCallback(() => attendance([row]), [attendance, row]), onClose);
  return null;
}

/** Cancel one registration with an optional comment; the grid reloads (a waitlisted person may hold the seat now). */
export function CancelRegistrationAction({ row, onClose }: RowActionModalProps) {
  const { cancel } = useEnrollmentActions();
  useFlowOnce(useCallback(() => cancel([row]), [cancel, row]), onClose);
  return null;
}

/** Set Attendance for Selected (the grid's selection action): the same flow over the chosen rows. */
export function SetAttendanceForChosen({ rows, onClose }: SelectionActionProps) {
  const { attendance } = useEnrollmentActions();
  useFlowOnce(useCallback(() => attendance(rows), [attendance, rows]), onClose);
  return null;
}

/** Cancel Registration for Selected (the grid's selection action). */
export function CancelRegistrationForChosen({ rows, onClose }: SelectionActionProps) {
  const { cancel } = useEnrollmentActions();
  useFlowOnce(useCallback(() => cancel(rows), [cancel, rows]), onClose);
  return null;
}

/** The certificate (GET /api/file/c/{certificate}) in a new window. */
export function ViewCertificateAction({ row, onClose }: RowActionModalProps) {
  const toasts = useToasts();
  useFlowOnce(useCallback(() => openCertificate(Number(row.certificate)).then(() => false, (e: unknown) => { toasts.showError(e); return false; }), [row, toasts]), onClose);
  return null;
}

/** Send a Message to the one enrolled person: the existing compose, addressed to them. */
export function SendEnrolleeMessageAction({ row, onClose }: RowActionModalProps) {
  const [draft] = useState<ComposeDraft>(() => ({
    ...EMPTY_DRAFT,
    recipients: [{ id: Number(row.userId), name: String(row.fullName ?? row.userName ?? ''), email: String(row.name ?? '') }],
    subject: `${String(row.courseName ?? '')}: ${String(row.courseSectionName ?? '')}`,
  }));
  return <ComposeModal draft={draft} onClose={() => onClose(false)} onSent={() => onClose(false)} />;
}
