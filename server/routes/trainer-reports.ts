import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { respondToReport, submitReport } from '../domain/trainer-reports/trainer-report-steps.js';
import { answers } from './answer-schemas.js';
import { OrNull, RowId, RowIdOrText } from './id-schemas.js';

const tags = ['reporting'];
const Comment = Type.Optional(OrNull(Type.String({ maxLength: 2000 })));
const SubmitBody = Type.Object({ reportId: RowIdOrText, comment: Comment }, { additionalProperties: false });
const RespondBody = Type.Object({
  reportId: RowIdOrText,
  comment: Comment,
  status: Type.Integer({ description: '455 approve, 456 decline (a comment is then required)' }),
}, { additionalProperties: false });
const StepAnswer = Type.Object({
  reportId: RowId,
  state: Type.String({ description: 'the workflow state: draft, submitted, declined or approved' }),
  status: Type.String({ description: "the status as shown: 'Uploaded (Draft)', 'Submitted', 'Declined' or 'Approved'" }),
  message: Type.String({ description: 'the notice to show: a notification has been sent to the submitter' }),
}, { additionalProperties: false });

const commentOf = (c: string | null | undefined) => (c?.trim() ? c.trim() : null);

/**
 * Trainer reports (spec part 3 section 7): thin routes onto the metadata workflow
 * `trainer-report`, which checks who may take each step, the state and the comment.
 */
export const trainerReportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;

  app.post('/reporting/submit', { schema: { 'x-access': 'signedIn', tags, summary: 'Submit a trainer report for review', body: SubmitBody, response: answers({ 200: StepAnswer }) } }, async (request) =>
    submitReport(ctx, request.caller, Number(request.body.reportId), commentOf(request.body.comment)));

  app.post('/reporting/respond', { schema: { 'x-access': 'signedIn', tags, summary: 'Approve (455) or decline (456) a submitted trainer report', body: RespondBody, response: answers({ 200: StepAnswer }) } }, async (request) =>
    respondToReport(ctx, request.caller, Number(request.body.reportId), request.body.status, commentOf(request.body.comment)));
};
