import { api } from '../../app/api-client.js';

/** One row of a training grid as the grid API answers it. */
export interface TrainingRow { id: number; [field: string]: unknown }

/** Up to 100 rows of a grid the caller may read (the dropdowns of Schedule Training and Manage Attendance). */
export async function gridRows(entityTypeId: number, formId: number, defaultFilters: Array<{ column: string; value: string | number | boolean; operation: 'Equals' }> = [], signal?: AbortSignal): Promise<TrainingRow[]> {
  const page = await api<{ gridData: TrainingRow[] } | string>('POST', '/grid', { entityTypeId, formId, from: 1, to: 100, defaultFilters }, { signal });
  return typeof page === 'string' ? [] : page.gridData;
}

/** POST /api/course/deletecourse: only a course without sessions (409 otherwise). */
export function deleteCourse(courseId: number, userId: number): Promise<unknown> {
  return api('POST', '/course/deletecourse', { courseId, userId });
}

/** POST /api/coursesection/deletesection: only a session that never had enrollments (409 otherwise). */
export function deleteSection(courseSectionId: number, userId: number): Promise<unknown> {
  return api('POST', '/coursesection/deletesection', { courseSectionId, userId });
}
