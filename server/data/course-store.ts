import type { Knex } from 'knex';
import { containsPattern } from './text-index.js';

/**
 * courses and course_sections: the training catalogue as trainers delete from it and Training
 * Search reads it. Boolean columns come back as 0/1 on SQLite and true/false on PostgreSQL.
 */

type Db = Knex | Knex.Transaction;

/** The filters of Training Search (spec part 3 section 5), each a contains match; absent or blank: not applied. */
export interface TrainingSearchFilters {
  trainingName?: string;
  coreKnowledgeArea?: string;
  region?: string;
  targetAgeGroup?: string;
  dhrMinimumStandard?: string;
  cdaArea?: string;
  ccdfArea?: string;
  deliveryMethod?: string;
}

/** A course as Training Search lists it, with how many of its sessions match. */
export interface MatchingCourseRow {
  id: number; course_name: string; description: string | null; delivery_method: string | null; core_knowledge_area: string | null;
  target_age_group: string | null; dhr_minimum_standard: string | null; cda_area: string | null; ccdf_area: string | null;
  training_hours: number | string | null; sessions: number | string;
}

/** The column each filter matches (the section's region; the others on its course). */
const COLUMNS: Record<keyof TrainingSearchFilters, string> = {
  trainingName: 'c.course_name', coreKnowledgeArea: 'c.core_knowledge_area', region: 's.region', targetAgeGroup: 'c.target_age_group',
  dhrMinimumStandard: 'c.dhr_minimum_standard', cdaArea: 'c.cda_area', ccdfArea: 'c.ccdf_area', deliveryMethod: 'c.delivery_method',
};

/** Deletes the course unless it has sections (checked in the same statement); whether it was deleted. */
export async function deleteCourseWithoutSections(trx: Knex.Transaction, courseId: number): Promise<boolean> {
  const deleted = await trx('courses').where({ id: courseId })
    .whereNotExists(trx('course_sections').where('course_id', courseId).select(trx.raw('1'))).delete();
  return deleted !== 0;
}

/** Deletes the section unless it ever had an enrollment (checked in the same statement); whether it was deleted. */
export async function deleteSectionNeverEnrolled(trx: Knex.Transaction, sectionId: number): Promise<boolean> {
  const deleted = await trx('course_sections').where({ id: sectionId })
    .whereNotExists(trx('enrollments').where('course_section_id', sectionId).select(trx.raw('1'))).delete();
  return deleted !== 0;
}

/**
 * The published catalogue the search looks in: enabled sessions of enabled courses that have not
 * ended, matching every filter given (trimmed; blank ones are left out), case-insensitive contains.
 */
function matchingSections(db: Db, filters: TrainingSearchFilters, now: Date): Knex.QueryBuilder {
  const q = db('course_sections as s').join('courses as c', 'c.id', 's.course_id')
    .where({ 's.disabled': false, 'c.disabled': false }).where('s.training_end_date', '>=', now.toISOString());
  for (const [key, column] of Object.entries(COLUMNS) as [keyof TrainingSearchFilters, string][]) {
    const term = filters[key]?.trim() ?? '';
    if (term !== '') q.whereRaw(`lower(${column}) like ? escape '\\'`, [containsPattern(term)]);
  }
  return q;
}

/** How many sessions match the filters. */
export async function matchingSectionCount(db: Db, filters: TrainingSearchFilters, now: Date): Promise<number> {
  return Number(((await matchingSections(db, filters, now).count({ n: '*' }).first()) as { n: number | string }).n);
}

/** The ids of one page of the matching sessions, soonest first (then by id). */
export async function matchingSectionIds(db: Db, filters: TrainingSearchFilters, now: Date, limit: number, offset: number): Promise<number[]> {
  const rows = (await matchingSections(db, filters, now).select('s.id')
    .orderBy([{ column: 's.training_start_date' }, { column: 's.id' }]).limit(limit).offset(offset)) as { id: number }[];
  return rows.map((r) => Number(r.id));
}

const matchingCourses = (db: Db, filters: TrainingSearchFilters, now: Date) => matchingSections(db, filters, now).groupBy('c.id', 'c.course_name');

/** How many courses have a matching session. */
export async function matchingCourseCount(db: Db, filters: TrainingSearchFilters, now: Date): Promise<number> {
  return Number(((await db.from(matchingCourses(db, filters, now).select('c.id').as('m')).count({ n: '*' }).first()) as { n: number | string }).n);
}

/** One page of the courses with a matching session, by name then id, each with its number of matching sessions. */
export async function matchingCoursePage(db: Db, filters: TrainingSearchFilters, now: Date, limit: number, offset: number): Promise<MatchingCourseRow[]> {
  return (await matchingCourses(db, filters, now).select('c.id', 'c.course_name', 'c.description', 'c.delivery_method', 'c.core_knowledge_area',
    'c.target_age_group', 'c.dhr_minimum_standard', 'c.cda_area', 'c.ccdf_area', 'c.training_hours')
    .count({ sessions: 's.id' }).groupBy('c.description', 'c.delivery_method', 'c.core_knowledge_area', 'c.target_age_group',
      'c.dhr_minimum_standard', 'c.cda_area', 'c.ccdf_area', 'c.training_hours')
    .orderBy([{ column: 'c.course_name' }, { column: 'c.id' }]).limit(limit).offset(offset)) as MatchingCourseRow[];
}
