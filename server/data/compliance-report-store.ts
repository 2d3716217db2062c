import type { Knex } from 'knex';

/** compliance_reports as the agency archives read them: the stored Training Reports of an organization. */

type Db = Knex | Knex.Transaction;

/** A stored report's cycle. */
export interface ReportCycleRow { id: number; cycle_start: string | Date; cycle_end: string | Date }

/** A stored report with its owner's names. */
export interface ArchivedReportRow extends ReportCycleRow { user_id: number; status: string; first_name: string; last_name: string; user_name: string; registry_id: string }

/** The organization's reports of cycles ended by `endedBy`, newest cycle first (then newest report). */
export async function organizationReportsEndedBy(db: Db, organizationId: number, endedBy: string): Promise<ReportCycleRow[]> {
  return (await db('compliance_reports').where({ organization_id: organizationId }).andWhere('cycle_end', '<=', endedBy)
    .orderBy([{ column: 'cycle_start', order: 'desc' }, { column: 'id', order: 'desc' }]).select('id', 'cycle_start', 'cycle_end')) as ReportCycleRow[];
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
