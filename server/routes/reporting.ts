import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { stampedFileName } from '../../engine/text/format.js';
import { archivedMembers, organizationArchivedCycles } from '../domain/reports/agency-archives.js';
import { archivedCycles, currentCycle, generateTrainingReport, storedTrainingReport } from '../domain/reports/training-report.js';
import { invalid } from '../errors.js';
import { answers, BinaryAnswer } from './answer-schemas.js';
import { RowIdOrText, RowIdText } from './id-schemas.js';

const ComplianceBody = Type.Object({ username: Type.String({ minLength: 1, maxLength: 254 }), organizationId: RowIdOrText }, { additionalProperties: false });
const ReportQuery = Type.Object({ reportId: RowIdText }, { additionalProperties: false });
const CyclesQuery = Type.Object({
  userId: Type.Optional(RowIdText),
  organizationId: Type.Optional(RowIdText),
  scope: Type.Optional(Type.Literal('organization', { description: "'organization': the cycles with an archived report of anyone at organizationId (Agency Archives)" })),
}, { additionalProperties: false });
const MembersBody = Type.Object({ organizationId: RowIdOrText, cycleId: RowIdOrText }, { additionalProperties: false });
const ArchivedMembersAnswer = Type.Array(Type.Object({
  reportId: Type.Integer(), userId: Type.Integer(), fullName: Type.String(), userName: Type.String(), registryId: Type.String(),
  startDate: Type.String(), endDate: Type.String(), status: Type.String(),
}, { additionalProperties: false }));
const tags = ['reporting'];
const CycleAnswer = Type.Object({ startDate: Type.String(), endDate: Type.String() }, { additionalProperties: false });
const ArchivedCyclesAnswer = Type.Array(Type.Object({ cycleId: Type.Integer(), startDate: Type.String(), endDate: Type.String() }, { additionalProperties: false }));
const PdfAnswer = BinaryAnswer('the Training Report (PDF); its id is in the x-report-id header');

/** The Training Report's file name: the product, TrainingReport and the time of the download (engine/text/format.ts). */
export function trainingReportFileName(productName: string, timeZone: string, at = new Date()): string {
  return stampedFileName([productName, 'TrainingReport'], 'pdf', at, timeZone);
}

function sendPdf(reply: FastifyReply, pdf: Buffer, reportId: number, fileName: string) {
  return reply.header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${fileName}"`)
    .header('x-report-id', String(reportId))
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

/** The Training Report (spec part 1 sections 6-7, part 2 section 7): QRIS cycle, reports, archived cycles. */
export const reportingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;

  app.get('/reporting/qriscycle', { schema: { 'x-access': 'signedIn', tags, summary: 'The current QRIS cycle', 'x-no-input': true, response: answers({ 200: CycleAnswer }) } }, async (request) => currentCycle(ctx, request.caller));

  app.post('/reporting/compliancereport', { schema: { 'x-access': 'signedIn', tags, summary: 'Generate a Training Report (PDF)', produces: ['application/pdf'], body: ComplianceBody, response: answers({ 200: PdfAnswer }) } }, async (request, reply) => {
    const context = request.caller;
    const body = request.body;
    const report = await generateTrainingReport(ctx, context, { username: body.username, organizationId: Number(body.organizationId) });
    return sendPdf(reply, report.pdf, report.id, trainingReportFileName(ctx.registry.tenant.productName, ctx.registry.tenant.timeZone));
  });

  app.get('/reporting/compliancereport', { schema: { 'x-access': 'signedIn', tags, summary: 'A stored Training Report (PDF)', produces: ['application/pdf'], querystring: ReportQuery, response: answers({ 200: PdfAnswer }) } }, async (request, reply) => {
    const context = request.caller;
    const reportId = Number(request.query.reportId);
    return sendPdf(reply, await storedTrainingReport(ctx, context, reportId), reportId, trainingReportFileName(ctx.registry.tenant.productName, ctx.registry.tenant.timeZone));
  });

  app.get('/reporting/archivedcycles', { schema: { 'x-access': 'signedIn', tags, summary: 'Archived Training Report cycles of a person, or of an agency', querystring: CyclesQuery, response: answers({ 200: ArchivedCyclesAnswer }) } }, async (request) => {
    const context = request.caller;
    const q = request.query;
    if (q.scope === 'organization') {
      if (!q.organizationId) throw invalid('organizationId is required for the cycles of an organization.', { organizationId: 'Required.' });
      return organizationArchivedCycles(ctx, context, Number(q.organizationId));
    }
    return archivedCycles(ctx, context, q.userId ? Number(q.userId) : context.user.id, q.organizationId ? Number(q.organizationId) : null);
  });

  app.post('/reporting/archivedmembers', { schema: { 'x-access': 'opensAgencyArchives', tags, summary: 'People of an agency with an archived Training Report in a cycle', body: MembersBody, response: answers({ 200: ArchivedMembersAnswer }) } }, async (request) => {
    const context = request.caller;
    return archivedMembers(ctx, context, Number(request.body.organizationId), Number(request.body.cycleId));
  });
};
