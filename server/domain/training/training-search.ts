import type { Knex } from 'knex';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { containsPattern } from '../../data/text-index.js';
import { sectionById } from './catalogue.js';

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

export interface SearchPage { page: number; pageSize: number }

/** The column each filter matches (the section's region; the others on its course). */
const COLUMNS: Record<keyof TrainingSearchFilters, string> = {
  trainingName: 'c.course_name', coreKnowledgeArea: 'c.core_knowledge_area', region: 's.region', targetAgeGroup: 'c.target_age_group',
  dhrMinimumStandard: 'c.dhr_minimum_standard', cdaArea: 'c.cda_area', ccdfArea: 'c.ccdf_area', deliveryMethod: 'c.delivery_method',
};

/**
 * The published catalogue the search looks in: enabled sessions of enabled courses that have not
 * ended, matching every filter given (trimmed; blank ones are left out), case-insensitive contains.
 */
function matchingSections(knex: Knex, filters: TrainingSearchFilters, now: Date): Knex.QueryBuilder {
  const q = knex('course_sections as s').join('courses as c', 'c.id', 's.course_id')
    .where({ 's.disabled': false, 'c.disabled': false }).where('s.training_end_date', '>=', now.toISOString());
  for (const [key, column] of Object.entries(COLUMNS) as [keyof TrainingSearchFilters, string][]) {
    const term = filters[key]?.trim() ?? '';
    if (term !== '') q.whereRaw(`lower(${column}) like ? escape '\\'`, [containsPattern(term)]);
  }
  return q;
}

const offset = (p: SearchPage) => (p.page - 1) * p.pageSize;

/**
 * GET /api/coursesection/trainingsearch: one page of the matching sessions, soonest first, each
 * with the fields of the details modal and the caller's status (getsectionbyid's answer).
 */
export async function searchSections(ctx: AppContext, caller: RuleContext, filters: TrainingSearchFilters, page: SearchPage, now = new Date()) {
  const knex = ctx.db.knex;
  const total = Number(((await matchingSections(knex, filters, now).count({ n: '*' }).first()) as { n: number | string }).n);
  const ids = (await matchingSections(knex, filters, now).select('s.id')
    .orderBy([{ column: 's.training_start_date' }, { column: 's.id' }]).limit(page.pageSize).offset(offset(page))) as { id: number }[];
  const rows = [];
  for (const { id } of ids) rows.push(await sectionById(ctx, caller, Number(id)));
  return { total, rows };
}

/**
 * GET /api/course/trainingsearch: one page of the courses that have a matching session, by name,
 * with how many of their sessions match.
 */
export async function searchCourses(ctx: AppContext, filters: TrainingSearchFilters, page: SearchPage, now = new Date()) {
  const knex = ctx.db.knex;
  const courses = () => matchingSections(knex, filters, now).groupBy('c.id', 'c.course_name');
  const total = Number(((await knex.from(courses().select('c.id').as('m')).count({ n: '*' }).first()) as { n: number | string }).n);
  const found = (await courses().select('c.id', 'c.course_name', 'c.description', 'c.delivery_method', 'c.core_knowledge_area',
    'c.target_age_group', 'c.dhr_minimum_standard', 'c.cda_area', 'c.ccdf_area', 'c.training_hours')
    .count({ sessions: 's.id' }).groupBy('c.description', 'c.delivery_method', 'c.core_knowledge_area', 'c.target_age_group',
      'c.dhr_minimum_standard', 'c.cda_area', 'c.ccdf_area', 'c.training_hours')
    .orderBy([{ column: 'c.course_name' }, { column: 'c.id' }]).limit(page.pageSize).offset(offset(page))) as Record<string, unknown>[];
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  return {
    total,
    rows: found.map((r) => ({
      id: Number(r.id), courseName: text(r.course_name), description: text(r.description), deliveryMethod: text(r.delivery_method),
      coreKnowledgeArea: text(r.core_knowledge_area), targetAgeGroup: text(r.target_age_group), dhrMinimumStandard: text(r.dhr_minimum_standard),
      cdaArea: text(r.cda_area), ccdfArea: text(r.ccdf_area), trainingHours: r.training_hours === null ? null : Number(r.training_hours),
      matchingSessions: Number(r.sessions),
    })),
  };
}
