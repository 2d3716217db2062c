import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { COURSE, deleteCourse, deleteSection, SECTION, sectionById, trainingProps } from '../domain/training/catalogue.js';
import { answers, MessageAnswer, RecordValues } from './answer-schemas.js';
import { RowIdOrText, RowIdText } from './id-schemas.js';

const TrainingQuery = Type.Object({ trainingId: RowIdText }, { additionalProperties: false });
const DeleteCourseBody = Type.Object({ courseId: RowIdOrText, userId: RowIdOrText }, { additionalProperties: false });
const DeleteSectionBody = Type.Object({ courseSectionId: RowIdOrText, userId: RowIdOrText }, { additionalProperties: false });

const S = Type.String();
/** The "Training section (search and detail)" of spec part 3 section 3. */
export const SectionAnswer = Type.Object({
  id: Type.Integer(), courseId: Type.Integer(), courseName: S, sectionName: S, name: S, description: S,
  trainingStartDate: S, trainingEndDate: S, regStartDate: S, regDeadlineDate: S,
  region: S, locationName: S, locationPhone: S, locationPhoneExt: S, locationAddress: S,
  contactName: S, contactPhone: S, contactPhoneExt: S, contactEmail: S,
  coreKnowledgeArea: Type.String({ description: 'codes joined by commas' }), targetAgeGroup: S, dhrMinimumStandard: S, cdaArea: S, ccdfArea: S,
  deliveryMethod: S, otherInformation: S, sessionInformation: S,
  status: Type.String({ description: "the caller's active enrollment status: '' not registered, Registered, Waitlisted or Pending Approval" }),
  registrationWindow: Type.Union([Type.Literal('open'), Type.Literal('notStarted'), Type.Literal('expired')], { description: "today (tenant time zone) against the registration window" }),
  registersSelf: Type.Boolean({ description: 'the caller may register themself (rule registersSelf: not acting as trainer)' }),
  windowApplies: Type.Boolean({ description: "the window gates the caller's own registration (rule registrationWindowApplies: acting as 100)" }),
}, { additionalProperties: false });

/** The training catalogue (spec part 3 sections 2, 3 and 7): course and section properties, the section detail, deletes. */
export const trainingCatalogueRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;

  app.get('/course/trainingprops', {
    schema: { 'x-access': 'signedIn', tags: ['training'], summary: "A course's properties for its form (its trainer, managers)", querystring: TrainingQuery, response: answers({ 200: RecordValues }) },
  }, async (request) => trainingProps(ctx, request.caller, COURSE, Number(request.query.trainingId)));

  app.get('/coursesection/sectionprops', {
    schema: { 'x-access': 'signedIn', tags: ['training'], summary: "A session's properties for its form (the course's trainer, managers)", querystring: TrainingQuery, response: answers({ 200: RecordValues }) },
  }, async (request) => trainingProps(ctx, request.caller, SECTION, Number(request.query.trainingId)));

  app.get('/coursesection/getsectionbyid', {
    schema: { 'x-access': 'signedIn', tags: ['training'], summary: "A session with its course's name and classification (the details modal; any signed-in person, enabled sessions)", querystring: TrainingQuery, response: answers({ 200: SectionAnswer }) },
  }, async (request) => sectionById(ctx, request.caller, Number(request.query.trainingId)));

  app.post('/course/deletecourse', {
    schema: { 'x-access': 'signedIn', tags: ['training'], summary: 'Deletes a course of the caller with no sessions (409 otherwise)', body: DeleteCourseBody, response: answers({ 200: MessageAnswer }) },
  }, async (request) => deleteCourse(ctx, request.caller, Number(request.body.courseId), Number(request.body.userId)));

  app.post('/coursesection/deletesection', {
    schema: { 'x-access': 'signedIn', tags: ['training'], summary: 'Deletes a session of a course of the caller that never had enrollments (409 otherwise)', body: DeleteSectionBody, response: answers({ 200: MessageAnswer }) },
  }, async (request) => deleteSection(ctx, request.caller, Number(request.body.courseSectionId), Number(request.body.userId)));
};
