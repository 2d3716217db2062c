import type { Knex } from 'knex';
import { insertedId } from './inserted-id.js';

/** compliance_reports: the stored Training Reports, as they are made and as the archives read them. */

type Db = Knex | Knex.Transaction;

/** A stored report's cycle. */
export interface ReportCycleRow { id: number; cycle_start: string | Date; cycle_end: string | Date }

/** A stored report with its owner's names. */
export interface ArchivedReportRow extends ReportCycleRow { user_id: number; status: string; first_name: string; last_name: string; user_name: string; registry_id: string }

/** A stored report. */
export interface ComplianceReportRow extends ReportCycleRow { user_id: number; organization_id: number | null; status: string; pdf: Buffer | Uint8Array; created_at: string | Date }

/** A new report of a person at an organization. */
export interface NewComplianceReport {
  userId: number; organizationId: number; cycleStart: string; cycleEnd: string; status: string;
  pdf: Buffer; trainingCount: number; generatedBy: number; createdAt: string;
}

/** Whose reports: a person's, an organization's, or a person's at an organization. */
export interface ReportOwner { user_id?: number; organization_id?: number }

/** The reports of cycles ended by `endedBy` (of a person, an organization or both), newest cycle first (then newest report). */
export async function reportsEndedBy(db: Db, owner: ReportOwner, endedBy: string): Promise<ReportCycleRow[]> {
  return (await db('compliance_reports').where(owner).andWhere('cycle_end', '<=', endedBy)
    .orderBy([{ column: 'cycle_start', order: 'desc' }, { column: 'id', order: 'desc' }]).select('id', 'cycle_start', 'cycle_end')) as ReportCycleRow[];
}

/** A stored report, or undefined when there is none. */
export async function complianceReport(db: Db, id: number): Promise<ComplianceReportRow | undefined> {
  return (await db('compliance_reports').where({ id }).first()) as ComplianceReportRow | undefined;
}

/** Marks the person's Current reports of the cycle at the organization 'Amended'. */
export async function amendCurrentReports(trx: Knex.Transaction, userId: number, organizationId: number, cycleStart: string): Promise<void> {
  await trx('compliance_reports').where({ user_id: userId, organization_id: organizationId, cycle_start: cycleStart, status: 'Current' }).update({ status: 'Amended' });
}

/** Stores a report; its id. */
export async function insertComplianceReport(trx: Knex.Transaction, r: NewComplianceReport): Promise<number> {
  return insertedId(await trx('compliance_reports').insert({
    user_id: r.userId, organization_id: r.organizationId, cycle_start: r.cycleStart, cycle_end: r.cycleEnd, status: r.status,
    pdf: r.pdf, training_count: r.trainingCount, generated_by: r.generatedBy, created_at: r.createdAt,
  }).returning('id'));
}

/** The cycle of a report of the organization, or undefined when it has no such report. */
export async function organizationReportCycle(db: Db, id: number, organizationId: number): Promise<Omit<ReportCycleRow, 'id'> | undefined> {
  return (await db('compliance_reports').where({ id, organization_id: organizationId }).first('cycle_start', 'cycle_end')) as Omit<ReportCycleRow, 'id'> | undefined;
}

/** The organization's reports of a cycle with their owners, by last name, first name and id, newest report first. */
export async function organizationReportsOfCycle(db: Db, organizationId: number, cycleStart: string): Promise<ArchivedReportRow[]> {
  return (await db('compliance_reports as c').join('users as u', 'u.id', 'c.user_id')
    .where({ 'c.organization_id': organizationId, 'c.cycle_start': cycleStart })
    .orderBy([{ column: 'u.last_name' }, { column: 'u.first_name' }, { column: 'u.id' }, { column: 'c.id', order: 'desc' }])
    .select('c.id', 'c.user_id', 'c.cycle_start', 'c.cycle_end', 'c.status', 'u.first_name', 'u.last_name', 'u.user_name', 'u.registry_id')) as ArchivedReportRow[];
}
