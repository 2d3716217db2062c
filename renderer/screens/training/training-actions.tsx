import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useMetadata } from '../../app/metadata.js';
import { queryKeys } from '../../app/query-keys.js';
import type { RowActionModalProps } from '../../components/composition/composition-types.js';
import { useRuleContext } from '../../app/rule-context.js';
import { Modal } from '../../components/modal.js';
import { useConfirmedCall } from '../../components/use-confirmed-call.js';
import type { InboxPerson } from '../inbox/inbox-api.js';
import { ComposeModal } from '../messages/compose-modal.js';
import { EMPTY_DRAFT, type ComposeDraft } from '../messages/reply-draft.js';
import { MetadataGrid } from '../metadata-grid.js';
import { deleteCourse, deleteSection, gridRows } from './training-api.js';

/*
 * The row actions of Manage Training's courses grid and of the sessions grid (spec part 3
 * section 2), as windows of renderer/app/component-registry.ts.
 */

const courseName = (row: RowActionModalProps['row']) => String(row.courseName ?? '');
/** The statuses of people who hold or wait for a place: the enrolled a message goes to. */
const ENROLLED = new Set(['Registered', 'Waitlisted', 'Pending Approval']);
const courseFilter = (courseId: number) => [{ column: 'courseId', value: courseId, operation: 'Equals' as const }];

/** Manage Schedule: the course's sessions, with Add (the course's count of sessions may change: the grid reloads). */
export function ManageScheduleAction({ row, onClose }: RowActionModalProps) {
  const m = useMetadata();
  const filters = useMemo(() => courseFilter(row.id), [row.id]);
  return (
    <Modal title={m.text('training.manageScheduleFor', { course: courseName(row) })} open large showBottomClose onClose={() => onClose(true)}>
      <MetadataGrid gridId="training-sessions" caption={m.text('training.manageSchedule')} defaultFilters={filters} />
    </Modal>
  );
}

/** Registration and Attendance Details: the enrollments of the course's sessions, with their actions. */
export function EnrollmentDetailsAction({ row, onClose }: RowActionModalProps) {
  const m = useMetadata();
  const filters = useMemo(() => courseFilter(row.id), [row.id]);
  const title = m.text('training.enrollmentsFor', { course: courseName(row) });
  return (
    <Modal title={title} open large showBottomClose onClose={() => onClose(false)}>
      <MetadataGrid gridId="training-enrollments" caption={title} defaultFilters={filters} />
    </Modal>
  );
}

/** Delete a course (only with zero sessions; the server's 409 text otherwise). */
export function DeleteCourseAction({ row, onClose }: RowActionModalProps) {
  const m = useMetadata();
  const { user } = useRuleContext();
  useConfirmedCall(() => ({
    title: m.text('grid.delete'),
    question: m.text('training.deleteCourseConfirm', { course: courseName(row) }),
    call: () => deleteCourse(row.id, user.id),
    done: m.text('training.deleted'),
  }), onClose);
  return null;
}

/** Delete a session (only if it never had enrollments; the server's 409 text otherwise). */
export function DeleteSessionAction({ row, onClose }: RowActionModalProps) {
  const m = useMetadata();
  const { user } = useRuleContext();
  useConfirmedCall(() => ({
    title: m.text('grid.delete'),
    question: m.text('training.deleteSessionConfirm', { session: String(row.sectionName ?? '') }),
    call: () => deleteSection(row.id, user.id),
    done: m.text('training.deleted'),
  }), onClose);
  return null;
}

/**
 * Send a Message: the existing compose, addressed to the people registered, waitlisted or waiting
 * for approval in the course's sessions (once each); with nobody enrolled, a note instead.
 */
export function SendMessageAction({ row, onClose }: RowActionModalProps) {
  const m = useMetadata();
  const filters = courseFilter(row.id);
  const enrolled = useQuery({ queryKey: queryKeys.gridRows(26, 24, filters), queryFn: ({ signal }) => gridRows(26, 24, filters, signal) });
  const people = new Map<number, InboxPerson>();
  for (const r of enrolled.data ?? []) {
    if (ENROLLED.has(String(r.status))) people.set(Number(r.userId), { id: Number(r.userId), name: String(r.fullName ?? r.userName ?? ''), email: String(r.name ?? '') });
  }
  const none = enrolled.isError || (enrolled.data !== undefined && people.size === 0);
  // the draft is made once from the first answer: compose edits it from there
  const [draft, setDraft] = useState<ComposeDraft | null>(null);
  if (draft === null && !none && enrolled.data !== undefined) setDraft({ ...EMPTY_DRAFT, recipients: [...people.values()], subject: courseName(row) });
  if (none) {
    return (
      <Modal title={m.text('training.sendMessage')} open showBottomClose onClose={() => onClose(false)}>
        <p>{m.text('training.nobodyEnrolled')}</p>
      </Modal>
    );
  }
  return draft ? <ComposeModal draft={draft} onClose={() => onClose(false)} onSent={() => onClose(false)} /> : null;
}
