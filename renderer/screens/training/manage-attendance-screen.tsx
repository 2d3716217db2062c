import { useId, useMemo, useState } from 'react';
import type { Route } from '../../../engine/metadata/app-schema.js';
import { useMetadata } from '../../app/metadata.js';
import { ScreenHeading } from '../screen-heading.js';
import { TrainingGrid } from './training-grid.js';
import { useTrainingRows } from './use-training-rows.js';

const WITH_ENROLLMENTS = { column: 'hasHadEnrollments', value: true };

/**
 * Manage Attendance (route manage-attendance; spec part 3 section 2 "Manage Sessions"): a session
 * dropdown (the trainer's sessions that have student records) over the enrollments grid with
 * multi-select and select-all; with none, the spec's text. The attendance actions come later.
 */
export function ManageAttendanceScreen({ route }: { route: Route }) {
  const m = useMetadata();
  const selectId = useId();
  const sessions = useTrainingRows(24, 22, WITH_ENROLLMENTS);
  const [chosen, setChosen] = useState('');
  const sessionId = chosen || (sessions?.[0] ? String(sessions[0].id) : '');
  const filters = useMemo(() => [{ column: 'courseSectionId', value: Number(sessionId), operation: 'Equals' as const }], [sessionId]);
  const title = route.displayName ?? 'Manage Attendance';
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
          <TrainingGrid gridId="training-enrollments" caption={title} defaultFilters={filters} />
        </>
      )}
    </div>
  );
}
