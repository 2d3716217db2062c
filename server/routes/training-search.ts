import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { searchCourses, searchSections, type TrainingSearchFilters } from '../domain/training/training-search.js';
import { answers } from './answer-schemas.js';
import { SectionAnswer } from './training-catalogue.js';

const tags = ['training'];
const Filter = (description: string) => Type.Optional(Type.String({ maxLength: 200, description: `${description}; contains, trimmed, left out when blank` }));
/** The filters of spec part 3 section 5 and the page (1-based; at most 50 rows). */
const SearchQuery = Type.Object({
  trainingName: Filter('the course name'),
  coreKnowledgeArea: Filter('a Core Knowledge Area code'),
  region: Filter("the session's region"),
  targetAgeGroup: Filter('a target age group'),
  dhrMinimumStandard: Filter('a DHR performance standard code'),
  cdaArea: Filter('a CDA area code (CDA1-CDA8)'),
  ccdfArea: Filter('a CCDF topic code (CCDF01-CCDF20)'),
  deliveryMethod: Filter('a delivery method'),
  page: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$', description: 'default 1' })),
  pageSize: Type.Optional(Type.String({ pattern: '^([1-9]|[1-4][0-9]|50)$', description: '1-50, default 5' })),
}, { additionalProperties: false });
type Query = TrainingSearchFilters & { page?: string; pageSize?: string };

const pageOf = (q: Query) => ({ page: Number(q.page ?? 1), pageSize: Number(q.pageSize ?? 5) });
const filtersOf = ({ page: _p, pageSize: _s, ...filters }: Query): TrainingSearchFilters => filters;
const Paged = <T extends Parameters<typeof Type.Array>[0]>(row: T) => Type.Object({ total: Type.Integer(), rows: Type.Array(row) }, { additionalProperties: false });

const S = Type.String();
const CourseHit = Type.Object({
  id: Type.Integer(), courseName: S, description: S, deliveryMethod: S, coreKnowledgeArea: S, targetAgeGroup: S,
  dhrMinimumStandard: S, cdaArea: S, ccdfArea: S, trainingHours: Type.Union([Type.Number(), Type.Null()]),
  matchingSessions: Type.Integer({ description: 'how many of its sessions match the filters' }),
}, { additionalProperties: false });

/**
 * Training search (spec part 3 sections 5 and 7): any signed-in person searches the published
 * catalogue, the enabled sessions of enabled courses that have not ended.
 */
export const trainingSearchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;

  app.get('/course/trainingsearch', {
    schema: { 'x-access': 'signedIn', tags, summary: 'The courses with a session matching the filters (published catalogue), by name', querystring: SearchQuery, response: answers({ 200: Paged(CourseHit) }) },
  }, async (request) => {
    return searchCourses(ctx, filtersOf(request.query), pageOf(request.query));
  });

  app.get('/coursesection/trainingsearch', {
    schema: { 'x-access': 'signedIn', tags, summary: "The sessions matching the filters, soonest first, with the details modal's fields and the caller's status", querystring: SearchQuery, response: answers({ 200: Paged(SectionAnswer) }) },
  }, async (request) => searchSections(ctx, request.caller, filtersOf(request.query), pageOf(request.query)));
};
