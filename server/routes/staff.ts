import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { agencyReport, agencySummary } from '../domain/staff/agency-report.js';
import { staffScreen } from '../domain/staff/staff-screen.js';
import { answers } from './answer-schemas.js';
import { RowIdOrText, RowIdText } from './id-schemas.js';

const OrganizationQuery = Type.Object({ organizationId: RowIdText }, { additionalProperties: false });
const AgencyReportBody = Type.Object({ organizationId: RowIdOrText }, { additionalProperties: false });

const ScreenAnswer = Type.Object({
  organizationId: Type.Integer(),
  organizationName: Type.String(),
  disabled: Type.Boolean(),
  canView: Type.Boolean({ description: 'false for the licensing roles (350, 375): no heading, organization buttons or referral; Verify stays' }),
  mayRefer: Type.Boolean(),
  mayProgramDetails: Type.Boolean(),
  mayAgencyReport: Type.Boolean(),
}, { additionalProperties: false });

const SummaryAnswer = Type.Object({
  organizationId: Type.Integer(),
  organizationName: Type.String(),
  disabled: Type.Boolean(),
  startDate: Type.String(),
  endDate: Type.String({ description: 'exclusive, as the QRIS cycle answers it' }),
  rows: Type.Array(Type.Object({
    userId: Type.Integer(),
    fullName: Type.String(),
    registryId: Type.String(),
    titlePosition: Type.Union([Type.String(), Type.Null()]),
    trainings: Type.Integer(),
    hours: Type.Number(),
  }, { additionalProperties: false })),
}, { additionalProperties: false });

const ReportAnswer = Type.Object({
  report: Type.String({ description: 'the agency summary PDF, base64' }),
  fileName: Type.String(),
}, { additionalProperties: false });

/** Staff Management (spec part 3 sections 2 and 6): what the screen shows, the agency summary and its PDF. */
export const staffRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;

  app.get('/organizationusers/screen', {
    schema: { 'x-access': 'signedIn', tags: ['staff'], summary: 'What Staff Management shows for an organization (canView and buttons)', querystring: OrganizationQuery, response: answers({ 200: ScreenAnswer }) },
  }, async (request) => staffScreen(ctx, request.caller, Number(request.query.organizationId)));

  app.get('/reporting/agencysummary', {
    schema: { 'x-access': 'signedIn', tags: ['reporting'], summary: "The agency summary of the current QRIS cycle (the organization's staff and their training hours)", querystring: OrganizationQuery, response: answers({ 200: SummaryAnswer }) },
  }, async (request) => agencySummary(ctx, request.caller, Number(request.query.organizationId)));

  app.post('/reporting/agencyreport', {
    schema: { 'x-access': 'signedIn', tags: ['reporting'], summary: 'The agency summary as a PDF (base64) with its file name', body: AgencyReportBody, response: answers({ 200: ReportAnswer }) },
  }, async (request) => agencyReport(ctx, request.caller, Number(request.body.organizationId)));
};
