import { holdsNamed } from '../../rules/evaluate.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { dateText } from '../../data/clock.js';
import { organizationReportCycle, organizationReportsOfCycle, reportsEndedBy } from '../../data/compliance-report-store.js';
import { organizationExists } from '../../data/organization-store.js';
import { forbidden, notFound } from '../../errors.js';
import { currentCycle, cyclesOfReports, type ArchivedCycle } from './training-report.js';

export interface ArchivedMember {
  reportId: number;
  userId: number;
  fullName: string;
  userName: string;
  registryId: string;
  startDate: string;
  endDate: string;
  status: string;
}

/** Agency Archives are for state staff acting as such (rule opensAgencyArchives, the access of POST /api/reporting/archivedmembers). */
function mayOpenAgencyArchives(ctx: AppContext, context: RuleContext): Promise<boolean> {
  return holdsNamed(ctx.registry, 'opensAgencyArchives', context);
}

async function existingOrganization(ctx: AppContext, organizationId: number): Promise<void> {
  if (!(await organizationExists(ctx.db.knex, organizationId))) throw notFound('Organization');
}

/**
 * GET /api/reporting/archivedcycles?organizationId=&scope=organization: the past QRIS cycles with
 * an archived Training Report of anyone at the organization, newest first; cycleId is the id of the
 * cycle's last report there (what POST /api/reporting/archivedmembers takes).
 */
export async function organizationArchivedCycles(ctx: AppContext, context: RuleContext, organizationId: number): Promise<ArchivedCycle[]> {
  if (!(await mayOpenAgencyArchives(ctx, context))) throw forbidden();
  await existingOrganization(ctx, organizationId);
  const current = currentCycle(ctx, context);
  return cyclesOfReports(await reportsEndedBy(ctx.db.knex, { organization_id: organizationId }, current.startDate));
}

/**
 * POST /api/reporting/archivedmembers { organizationId, cycleId }: the people of the organization
 * with an archived Training Report in that cycle (the cycle of report cycleId), by name; each with
 * the id of their last report of the cycle there (GET /api/reporting/compliancereport?reportId=).
 */
export async function archivedMembers(ctx: AppContext, context: RuleContext, organizationId: number, cycleId: number): Promise<ArchivedMember[]> {
  await existingOrganization(ctx, organizationId);
  const knex = ctx.db.knex;
  const cycle = await organizationReportCycle(knex, cycleId, organizationId);
  if (!cycle || dateText(cycle.cycle_end) > currentCycle(ctx, context).startDate) throw notFound('Archived cycle');
  const rows = await organizationReportsOfCycle(knex, organizationId, dateText(cycle.cycle_start));
  const members: ArchivedMember[] = [];
  const seen = new Set<number>();
  for (const r of rows) {
    if (seen.has(Number(r.user_id))) continue;
    seen.add(Number(r.user_id));
    members.push({
      reportId: Number(r.id), userId: Number(r.user_id), fullName: `${r.first_name} ${r.last_name}`, userName: r.user_name, registryId: r.registry_id,
      startDate: dateText(r.cycle_start), endDate: dateText(r.cycle_end), status: r.status,
    });
  }
  return members;
}
