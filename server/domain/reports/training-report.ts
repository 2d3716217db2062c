import { mayReadReport } from '../../../engine/access/report-access.js';
import { settle } from '../../rules/evaluate.js';
import { roleWithDuty } from '../../../engine/access/role-duties.js';
import type { Report } from '../../../engine/metadata/report-schema.js';
import { displayedCycleEnd, qrisCycleOn, type QrisCycle } from '../../../engine/reports/qris-cycle.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import { formatDate } from '../../../engine/text/format.js';
import type { AppContext } from '../../app-context.js';
import { writeAudit } from '../../data/audit.js';
import { dateText, nowIso } from '../../data/clock.js';
import { amendCurrentReports, complianceReport, insertComplianceReport, reportsEndedBy, type ComplianceReportRow, type ReportCycleRow } from '../../data/compliance-report-store.js';
import { holdsRoleAt } from '../../data/held-role-store.js';
import { reportOrganization } from '../../data/organization-store.js';
import { trainingOfOwner } from '../../data/training-store.js';
import { userByName } from '../../data/user-store.js';
import { forbidden, notFound, textError } from '../../errors.js';
import { renderTrainingReport } from './render-training-report.js';

/** The report's metadata (metadata/reports.json): where it finds the training, what it shows, who reads it. */
export const TRAINING_REPORT = 'training';


export function currentCycle(ctx: AppContext, context: RuleContext): QrisCycle {
  return qrisCycleOn(context.today, ctx.registry.tenant.qrisCycle);
}

/** The Training Report's metadata, when the tenant has the feature. */
function trainingReport(ctx: AppContext): Report {
  const report = ctx.registry.reports.get(TRAINING_REPORT);
  if (!ctx.registry.tenant.features.TrainingReport || !report) throw notFound('Training Report');
  return report;
}

const text = (ctx: AppContext, key: string): string => ctx.registry.texts[key] ?? key;

function mayRead(ctx: AppContext, context: RuleContext, ownerId: number, organizationId: number | null): Promise<boolean> {
  return settle(context, () => mayReadReport(trainingReport(ctx), context, ownerId, organizationId));
}

/** The person's training in the cycle, oldest first, as report cells, with the total hours. */
async function trainingIn(ctx: AppContext, report: Report, userId: number, cycle: QrisCycle): Promise<{ rows: string[][]; totalHours: number }> {
  const entity = ctx.registry.entities.get(report.entityTypeId);
  if (!entity) return { rows: [], totalHours: 0 };
  const rows = await trainingOfOwner(ctx.db, entity, report.dateField, userId, cycle.startDate, cycle.endDate);
  let totalHours = 0;
  const cells = rows.map((r) => {
    totalHours += Number(r[report.hoursField] ?? 0) || 0;
    return report.columns.map((c) => {
      const v = r[c.field];
      if (v === null || v === undefined) return '';
      return c.date ? formatDate(String(v), ctx.registry.tenant.timeZone) : String(v);
    });
  });
  return { rows: cells, totalHours };
}

/**
 * POST /api/reporting/compliancereport { username, organizationId }: the person's Training Report
 * for the current QRIS cycle at an organization where they hold the staff role; stored (an older
 * copy of the same cycle becomes 'Amended') with its audit row, and answered as a PDF.
 */
export async function generateTrainingReport(ctx: AppContext, context: RuleContext, input: { username: string; organizationId: number }): Promise<{ id: number; pdf: Buffer }> {
  const report = trainingReport(ctx);
  const knex = ctx.db.knex;
  const person = await userByName(knex, input.username.trim().toLowerCase());
  if (!person || !(await settle(context, () => mayReadReport(report, context, person.id, input.organizationId)))) throw forbidden();
  const org = await reportOrganization(knex, input.organizationId);
  if (!org) throw notFound('Organization');
  if (!org.is_registry_organization || org.agency_is_closed) throw textError('conflict', 'report.notRegistryOrganization', 'A Training Report is available only for open registry organizations.');
  const staffRole = roleWithDuty(ctx.registry.roles, 'staff');
  if (staffRole === undefined || !(await holdsRoleAt(knex, person.id, org.id, staffRole))) throw textError('conflict', 'report.noStaffRole', 'A Training Report is available only while the person holds the staff role at this organization.');

  const cycle = currentCycle(ctx, context);
  const training = await trainingIn(ctx, report, person.id, cycle);
  const tenant = ctx.registry.tenant;
  const pdf = await renderTrainingReport({
    productName: tenant.productName, title: text(ctx, report.title),
    person: { name: `${person.first_name} ${person.last_name}`, idLabel: tenant.idLabel, registryId: person.registry_id, email: person.email },
    organizationName: org.organization_name,
    period: { start: formatDate(cycle.startDate, tenant.timeZone), end: formatDate(displayedCycleEnd(cycle.endDate), tenant.timeZone) },
    generatedAt: formatDate(context.today, tenant.timeZone),
    columns: report.columns.map((c) => text(ctx, c.label)), rows: training.rows,
    totalHours: String(Math.round(training.totalHours * 100) / 100),
  });
  const id = await knex.transaction(async (trx) => {
    await amendCurrentReports(trx, person.id, org.id, cycle.startDate);
    const reportId = await insertComplianceReport(trx, {
      userId: person.id, organizationId: org.id, cycleStart: cycle.startDate, cycleEnd: cycle.endDate, status: 'Current',
      pdf, trainingCount: training.rows.length, generatedBy: context.user.id, createdAt: nowIso(),
    });
    await writeAudit(trx, { userId: context.user.id, action: 'report.training', entityTypeId: report.auditEntityTypeId, entityId: reportId, detail: { ownerId: person.id, organizationId: org.id, cycleStart: cycle.startDate, trainings: training.rows.length } });
    return reportId;
  });
  return { id, pdf };
}

async function readableReport(ctx: AppContext, context: RuleContext, reportId: number): Promise<ComplianceReportRow> {
  trainingReport(ctx);
  const report = await complianceReport(ctx.db.knex, reportId);
  if (!report) throw notFound('Report');
  if (!(await mayRead(ctx, context, report.user_id, report.organization_id))) throw forbidden();
  return report;
}

/** GET /api/reporting/compliancereport?reportId=: a stored report (the cached copy). */
export async function storedTrainingReport(ctx: AppContext, context: RuleContext, reportId: number): Promise<Buffer> {
  const report = await readableReport(ctx, context, reportId);
  return Buffer.from(report.pdf);
}

/**
 * GET /api/reporting/archivedcycles?userId=&organizationId=: the past cycles with a report, newest
 * first; cycleId is the id of the last report of that cycle.
 */
export async function archivedCycles(ctx: AppContext, context: RuleContext, userId: number, organizationId: number | null) {
  if (!(await mayRead(ctx, context, userId, organizationId))) throw forbidden();
  const current = currentCycle(ctx, context);
  const rows = await reportsEndedBy(ctx.db.knex, organizationId === null ? { user_id: userId } : { user_id: userId, organization_id: organizationId }, current.startDate);
  return cyclesOfReports(rows);
}

/** A past cycle with a report; cycleId is the id of its last report. */
export interface ArchivedCycle { cycleId: number; startDate: string; endDate: string }

/** The cycles of reports read newest cycle first (then newest report), each once, with its last report's id. */
export function cyclesOfReports(rows: readonly ReportCycleRow[]): ArchivedCycle[] {
  const seen = new Set<string>();
  const cycles: ArchivedCycle[] = [];
  for (const r of rows) {
    const start = dateText(r.cycle_start);
    if (seen.has(start)) continue;
    seen.add(start);
    cycles.push({ cycleId: Number(r.id), startDate: start, endDate: dateText(r.cycle_end) });
  }
  return cycles;
}

