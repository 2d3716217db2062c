import { useId, useMemo, useState } from 'react';
import type { Route } from '../../../engine/metadata/app-schema.js';
import { useMetadata } from '../../app/metadata.js';
import { ScreenHeading } from '../screen-heading.js';
import { TrainingGrid } from './training-grid.js';
import { useTrainingRows } from './use-training-rows.js';

/**
 * Schedule Training (route schedule-training, role 250; spec part 3 section 2 "Manage Schedule"):
 * a course dropdown (the trainer's courses plus ALL) over the sessions grid with Add; with no
 * course, the spec's text instead.
 */
export function ScheduleTrainingScreen({ route }: { route: Route }) {
  const m = useMetadata();
  const selectId = useId();
  const courses = useTrainingRows(23, 21);
  const [courseId, setCourseId] = useState('');
  const filters = useMemo(() => (courseId ? [{ column: 'courseId', value: Number(courseId), operation: 'Equals' as const }] : []), [courseId]);
  const title = route.displayName ?? 'Schedule Training';
  return (
    <div>
      <ScreenHeading id="schedule-training-heading">{title}</ScreenHeading>
      {courses !== null && courses.length === 0 && <p className="usa-alert__text">{m.text('training.noCourses')}</p>}
      {courses !== null && courses.length > 0 && (
        <>
          <div className="usa-form-group">
            <label className="usa-label" htmlFor={selectId}>{m.text('training.courseLabel')}</label>
            <select id={selectId} className="usa-select" value={courseId} onChange={(e) => setCourseId(e.target.value)}>
              <option value="">{m.text('training.allCourses')}</option>
              {courses.map((c) => <option key={c.id} value={String(c.id)}>{String(c.courseName ?? '')}</option>)}
            </select>
          </div>
          <TrainingGrid gridId="training-sessions" caption={title} defaultFilters={filters} />
        </>
      )}
    </div>
  );
}
