import { exportFileName, formatDate } from '../../../engine/text/format.js';
import { displayedCycleEnd } from '../../../engine/reports/qris-cycle.js';
import type { AgencySummary } from '../../../engine/reports/agency-summary.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { writeAudit } from '../../data/audit.js';
import { staffOfOrganization } from '../../data/organization-store.js';
import { trainingTotalsByOwner, type TrainingTotals } from '../../data/training-store.js';
import { notFound, textError } from '../../errors.js';
import { drawTable, renderPdfDocument } from '../pdf-document.js';
import { currentCycle, TRAINING_REPORT } from '../reports/training-report.js';
import { staffOrganization } from './staff-screen.js';
import { auditSubject } from '../audit-subject.js';

const text = (ctx: AppContext, key: string, fallback: string): string => ctx.registry.texts[key] ?? fallback;
const round = (n: number) => Math.round(n * 100) / 100;

/**
 * The agency summary of the current QRIS cycle: every person holding the staff role at the
 * organization (its organization user rows) with the number and hours of their training (the
 * Training Report's source, date and hours fields of metadata/reports.json) completed in the cycle.
 */
export async function agencySummary(ctx: AppContext, context: RuleContext, organizationId: number): Promise<AgencySummary> {
  const report = ctx.registry.reports.get(TRAINING_REPORT);
  if (!ctx.registry.tenant.features.TrainingReport || !report) throw notFound('Agency summary');
  const org = await staffOrganization(ctx, context, organizationId);
  const cycle = currentCycle(ctx, context);
  const staff = await staffOfOrganization(ctx.db.knex, organizationId);
  const entity = ctx.registry.entities.get(report.entityTypeId);
  const totals: TrainingTotals = entity && staff.length > 0
    ? await trainingTotalsByOwner(ctx.db, entity, report, staff.map((s) => Number(s.id)), cycle.startDate, cycle.endDate)
    : new Map();
  return {
    organizationId: org.id, organizationName: org.organization_name, disabled: org.disabled === true || org.disabled === 1,
    startDate: cycle.startDate, endDate: cycle.endDate,
    rows: staff.map((s) => ({
      userId: Number(s.id), fullName: s.full_name, registryId: s.registry_id, titlePosition: s.title_position,
      trainings: totals.get(Number(s.id))?.trainings ?? 0, hours: round(totals.get(Number(s.id))?.hours ?? 0),
    })),
  };
}

/** The agency name in a file name: without commas, periods and the words LLC and Inc (spec part 3 section 8). */
export function agencyFileName(name: string): string {
  return name.replace(/[,.]/g, ' ').replace(/\b(LLC|Inc)\b/gi, ' ').replace(/\s+/g, '');
}

/**
 * POST /api/reporting/agencyreport { organizationId }: the agency summary as a PDF (agency name,
 * period, one row per staff member with the total), base64, with its time-stamped file name:
 * the product prefix, the agency name, 'AgencySummaryReport' and the time. An audit row is written.
 */
export async function agencyReport(ctx: AppContext, context: RuleContext, organizationId: number): Promise<{ report: string; fileName: string }> {
  const summary = await agencySummary(ctx, context, organizationId);
  if (summary.disabled) throw textError('conflict', 'agencyReport.unavailable', 'The agency summary is available only for an enabled organization.');
  const tenant = ctx.registry.tenant;
  const period = `${formatDate(summary.startDate, tenant.timeZone)} to ${formatDate(displayedCycleEnd(summary.endDate), tenant.timeZone)}`;
  const title = text(ctx, 'agencyReport.pdfTitle', 'Agency Summary Report');
  const columns = ['name', 'registryId', 'titlePosition', 'trainings', 'hours'].map((c) => text(ctx, `agencyReport.column.${c}`, c));
  const rows = summary.rows.map((r) => [r.fullName, r.registryId, r.titlePosition ?? '', String(r.trainings), String(r.hours)]);
  const totalHours = round(summary.rows.reduce((n, r) => n + r.hours, 0));
  const pdf = await renderPdfDocument({ size: 'LETTER', margin: 48, info: { Title: title, Author: tenant.productName } }, (doc) => {
    const usable = doc.page.width - doc.page.margins.left - doc.page.margins.right;
    const fact = (label: string, value: string) => doc.font('Helvetica-Bold').fontSize(10).text(`${label}: `, { continued: true }).font('Helvetica').text(value);
    doc.font('Helvetica-Bold').fontSize(16).text(tenant.productName);
    doc.font('Helvetica-Bold').fontSize(13).text(title);
    doc.moveDown(0.5);
    fact('Agency', summary.organizationName);
    fact('Period', period);
    fact('Generated', formatDate(context.today, tenant.timeZone));
    fact('Staff', String(summary.rows.length));
    doc.moveDown(0.8);
    drawTable(doc, columns, rows, [usable * 0.3, usable * 0.17, usable * 0.25, usable * 0.12, usable * 0.16]);
    if (rows.length === 0) doc.font('Helvetica').fontSize(10).text(text(ctx, 'agencyReport.empty', 'No staff hold the staff role at this organization.'));
    doc.moveDown(0.8);
    doc.x = doc.page.margins.left;
    fact('Total hours', String(totalHours));
  });
  const fileName = exportFileName(tenant.productName, `${agencyFileName(summary.organizationName)}_AgencySummaryReport`, 'pdf', new Date(), tenant.timeZone);
  await writeAudit(ctx.db.knex, { userId: context.user.id, action: 'report.agency-summary', ...auditSubject(ctx.registry, 'Organization', organizationId), detail: { cycleStart: summary.startDate, staff: summary.rows.length, fileName } });
  return { report: pdf.toString('base64'), fileName };
}
