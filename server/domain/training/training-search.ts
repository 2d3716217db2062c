import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { matchingCourseCount, matchingCoursePage, matchingSectionCount, matchingSectionIds, type TrainingSearchFilters } from '../../data/course-store.js';
import { sectionById } from './catalogue.js';

export type { TrainingSearchFilters };

export interface SearchPage { page: number; pageSize: number }

const offset = (p: SearchPage) => (p.page - 1) * p.pageSize;

/**
 * GET /api/coursesection/trainingsearch: one page of the matching sessions, soonest first, each
 * with the fields of the details modal and the caller's status (getsectionbyid's answer).
 */
export async function searchSections(ctx: AppContext, caller: RuleContext, filters: TrainingSearchFilters, page: SearchPage, now = new Date()) {
  const knex = ctx.db.knex;
  const total = await matchingSectionCount(knex, filters, now);
  const ids = await matchingSectionIds(knex, filters, now, page.pageSize, offset(page));
  const rows = [];
  for (const id of ids) rows.push(await sectionById(ctx, caller, id));
  return { total, rows };
}

/**
 * GET /api/course/trainingsearch: one page of the courses that have a matching session, by name,
 * with how many of their sessions match.
 */
export async function searchCourses(ctx: AppContext, filters: TrainingSearchFilters, page: SearchPage, now = new Date()) {
  const knex = ctx.db.knex;
  const total = await matchingCourseCount(knex, filters, now);
  const found = await matchingCoursePage(knex, filters, now, page.pageSize, offset(page));
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
