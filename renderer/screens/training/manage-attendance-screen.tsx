import { useCallback, useId, useMemo, useState } from 'react';
import type { Route } from '../../../engine/metadata/app-schema.js';
import { useMetadata } from '../../app/metadata.js';
import { ScreenHeading } from '../screen-heading.js';
import { EnrollStudentsModal } from '../training-search/enroll-students.js';
import { EnrollmentsGrid } from './enrollments-grid.js';
import { useTrainingRows } from './use-training-rows.js';

const WITH_ENROLLMENTS = { column: 'hasHadEnrollments', value: true };

/**
 * Manage Attendance (route manage-attendance; spec part 3 section 2 "Manage Sessions"): a session
 * dropdown (the trainer's sessions that have student records) over the enrollments grid with
 * multi-select and select-all, its row actions and the actions for the chosen rows; with none, the
 * spec's text.
 */
export function ManageAttendanceScreen({ route }: { route: Route }) {
  const m = useMetadata();
  const selectId = useId();
  const sessions = useTrainingRows(24, 22, WITH_ENROLLMENTS);
  const [chosen, setChosen] = useState('');
  const sessionId = chosen || (sessions?.[0] ? String(sessions[0].id) : '');
  const filters = useMemo(() => [{ column: 'courseSectionId', value: Number(sessionId), operation: 'Equals' as const }], [sessionId]);
  const title = route.displayName ?? 'Manage Attendance';
  const [enrolling, setEnrolling] = useState(false);
  const [version, setVersion] = useState(0);
  const session = sessions?.find((s) => String(s.id) === sessionId);
  const closeEnrolling = useCallback((changed: boolean) => { setEnrolling(false); if (changed) setVersion((v) => v + 1); }, []);
  return (
    <div>
      <ScreenHeading id="manage-attendance-heading">{title}</ScreenHeading>
      {sessions !== null && sessions.length === 0 && <p className="usa-alert__text">{m.text('training.noSessions')}</p>}
      {sessions !== null && sessions.length > 0 && (
        <>
          <div className="usa-form-group">
            <label className="usa-label" htmlFor={selectId}>{m.text('training.sessionLabel')}</label>
            <select id={selectId} className="usa-select" value={sessionId} onChange={(e) => setChosen(e.target.value)}>
              {sessions.map((s) => <option key={s.id} value={String(s.id)}>{`${String(s.courseName ?? '')}: ${String(s.sectionName ?? '')}`}</option>)}
            </select>
          </div>
          <button type="button" className="usa-button usa-button--outline" onClick={() => setEnrolling(true)}>{m.text('trainingSearch.enrollStudents')}</button>
          <EnrollmentsGrid key={version} caption={title} defaultFilters={filters} />
          {enrolling && session && (
            <EnrollStudentsModal session={{ id: session.id, courseName: String(session.courseName ?? ''), sectionName: String(session.sectionName ?? '') }} onClose={closeEnrolling} />
          )}
        </>
      )}
    </div>
  );
}
