import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useMetadata } from '../../app/metadata.js';
import type { RowActionModalProps } from '../../components/composition/composition-types.js';
import type { GridRow } from '../../components/data-grid/data-grid.js';
import { Modal } from '../../components/modal.js';
import { UserRecordsModal } from '../../records/user-records-modal.js';
import { usePeopleFinder } from '../search-users/people-finder.js';
import { UserSearch } from '../search-users/user-search.js';
import { gridRows } from '../training/training-api.js';
import { queryKeys } from '../../app/query-keys.js';
import type { TrainingSection } from './training-search-api.js';
import { useRegistration, type Enrollee } from './use-registration.js';
import { useTrainingSection } from './use-training-section.js';
import './training-search.css';

/** the enrollments (entity type 26, form 24) */
const ENROLLMENTS = 26;
const ENROLL_GRID = 'enroll-students';
const ACTIVE = new Set(['Registered', 'Waitlisted', 'Pending Approval']);
const personOf = (row: GridRow) => ({ id: Number(row.userId ?? row.id), fullName: String(row.fullName ?? ''), userName: String(row.userName ?? '') });

/** The people holding or waiting for a place in the section (its enrollment rows the trainer reads). */
function useEnrolledIn(sectionId: number): ReadonlySet<number> {
  const filters = [{ column: 'courseSectionId', value: sectionId, operation: 'Equals' as const }];
  const rows = useQuery({ queryKey: queryKeys.gridRows(ENROLLMENTS, 24, filters), queryFn: ({ signal }) => gridRows(ENROLLMENTS, 24, filters, signal) });
  return useMemo(() => new Set((rows.data ?? []).filter((r) => ACTIVE.has(String(r.status))).map((r) => Number(r.userId))), [rows.data]);
}

/** Row action 'student-details': the person's records in a modal titled with their full name (spec part 3 section 2). */
export function StudentDetailsAction({ row, onClose }: RowActionModalProps) {
  const person = personOf(row);
  return <UserRecordsModal userId={person.id} title={person.fullName} onClose={() => onClose(false)} />;
}

/** The Enroll user panel: course and session, the person's full name and login name, Register (hidden once registered). */
function EnrollUserPanel({ section, person, enrolled, onEnrolled, onClose }: {
  section: TrainingSection; person: Enrollee & { userName: string }; enrolled: boolean; onEnrolled: () => void; onClose: () => void;
}) {
  const m = useMetadata();
  const register = useRegistration();
  return (
    <Modal title={m.text('trainingSearch.enrollUser')} open onClose={onClose} showBottomClose
      footer={enrolled ? undefined : (
        <li className="usa-button-group__item">
          <button type="button" className="usa-button" onClick={() => void register(section, person).then((changed) => { if (changed) onEnrolled(); })}>{m.text('trainingSearch.register')}</button>
        </li>
      )}>
      <dl>
        <dt className="text-bold">{m.text('trainingSearch.courseSession')}</dt><dd className="margin-left-0 margin-bottom-1">{section.name}</dd>
        <dt className="text-bold">{m.text('trainingSearch.fullName')}</dt><dd className="margin-left-0 margin-bottom-1">{person.fullName}</dd>
        <dt className="text-bold">{m.text('trainingSearch.userName')}</dt><dd className="margin-left-0 margin-bottom-1">{person.userName}</dd>
      </dl>
      {enrolled && <p role="status"><span className="usa-tag">{m.text('enrollment.alreadyRegisteredButton')}</span></p>}
    </Modal>
  );
}

/** The session staff enroll people in: its id and names (a sessions grid row, or Manage Attendance's chosen session). */
export interface EnrollmentSession { id: number; courseName: string; sectionName: string }

/**
 * Enroll Students: the course's trainer (or a manager) finds a professional (agency name, user
 * name or county) and enrolls them: 'Enroll Student', or 'Already Registered' for people holding
 * or waiting for a place; 'Student Details' shows their records. Closing tells whether anyone was enrolled.
 */
export function EnrollStudentsModal({ session, onClose }: { session: EnrollmentSession; onClose: (changed: boolean) => void }) {
  const m = useMetadata();
  const finder = usePeopleFinder();
  const client = useQueryClient();
  const { section } = useTrainingSection(session.id, () => onClose(false));
  const enrolled = useEnrolledIn(session.id);
  const [person, setPerson] = useState<ReturnType<typeof personOf> | null>(null);
  const [changed, setChanged] = useState(false);
  // an enrollment changes the session's enrollments and the people found (Enroll Student / Already Registered)
  const enrolledNow = () => {
    setChanged(true);
    void client.invalidateQueries({ queryKey: queryKeys.gridsOf(ENROLLMENTS) });
    const people = m.grid(ENROLL_GRID)?.entityTypeId;
    if (people !== undefined) void client.invalidateQueries({ queryKey: queryKeys.gridsOf(people) });
  };
  const rowFacts = useCallback((r: GridRow) => ({ enrolled: enrolled.has(personOf(r).id) }), [enrolled]);
  const title = m.text('trainingSearch.enrollStudentsFor', { course: session.courseName, section: session.sectionName });
  return (
    <Modal title={title} open large showBottomClose onClose={() => onClose(changed)}>
      <div>
        <p>{m.text('trainingSearch.findProfessional')}</p>
        {finder.form}
        <div className="registry-enroll-students__people">
          <UserSearch gridId={ENROLL_GRID} query={finder.query} caption={finder.caption} actions={['student-details']}
            ownActions={['enroll-student', 'already-registered']} onRowAction={(_id, r) => setPerson(personOf(r))} rowFacts={rowFacts} />
        </div>
      </div>
      {person && section && (
        <EnrollUserPanel section={section} person={person} enrolled={enrolled.has(person.id)} onClose={() => setPerson(null)}
          onEnrolled={enrolledNow} />
      )}
    </Modal>
  );
}

/** Row action 'enroll-students' of the sessions grid. */
export function EnrollStudentsAction({ row, onClose }: RowActionModalProps) {
  const session = useMemo(() => ({ id: row.id, courseName: String(row.courseName ?? ''), sectionName: String(row.sectionName ?? '') }), [row]);
  return <EnrollStudentsModal session={session} onClose={onClose} />;
}
