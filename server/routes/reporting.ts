import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { callerContext } from '../app-context.js';
import { archivedCycles, currentCycle, generateTrainingReport, storedTrainingReport } from '../domain/reports/training-report.js';

const Id = Type.Union([Type.Integer({ minimum: 1 }), Type.String({ pattern: '^[0-9]{1,10}$' })]);
const ComplianceBody = Type.Object({ username: Type.String({ minLength: 1, maxLength: 254 }), organizationId: Id }, { additionalProperties: false });
const ReportQuery = Type.Object({ reportId: Type.String({ pattern: '^[0-9]{1,10}$' }) }, { additionalProperties: false });
const CyclesQuery = Type.Object({
  userId: Type.Optional(Type.String({ pattern: '^[0-9]{1,10}$' })),
  organizationId: Type.Optional(Type.String({ pattern: '^[0-9]{1,10}$' })),
}, { additionalProperties: false });

function sendPdf(reply: FastifyReply, pdf: Buffer, reportId: number) {
  return reply.header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="TrainingReport-${reportId}.pdf"`)
    .header('x-report-id', String(reportId))
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

/** The Training Report (spec part 1 sections 6-7, part 2 section 7): QRIS cycle, reports, archived cycles. */
export async function reportingRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  app.get('/reporting/qriscycle', async (request) => currentCycle(ctx, await callerContext(request)));

  app.post('/reporting/compliancereport', { schema: { body: ComplianceBody } }, async (request, reply) => {
    const context = await callerContext(request);
    const body = request.body as { username: string; organizationId: number | string };
    const report = await generateTrainingReport(ctx, context, { username: body.username, organizationId: Number(body.organizationId) });
    return sendPdf(reply, report.pdf, report.id);
  });

  app.get('/reporting/compliancereport', { schema: { querystring: ReportQuery } }, async (request, reply) => {
    const context = await callerContext(request);
    const reportId = Number((request.query as { reportId: string }).reportId);
    return sendPdf(reply, await storedTrainingReport(ctx, context, reportId), reportId);
  });

  app.get('/reporting/archivedcycles', { schema: { querystring: CyclesQuery } }, async (request) => {
    const context = await callerContext(request);
    const q = request.query as { userId?: string; organizationId?: string };
    return archivedCycles(ctx, context, q.userId ? Number(q.userId) : context.user.id, q.organizationId ? Number(q.organizationId) : null);
  });
}
