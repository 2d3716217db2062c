import type { Knex } from 'knex';

/** staff_agency_assignments: the agencies assigned to a licensing consultant, and who assigned them. */

type Db = Knex | Knex.Transaction;

/** An assignment with its organization and the name of whoever made it (null when unknown). */
export interface AssignmentRow { organization_id: number; organization_name: string; county: string | null; created_at: string | Date; first_name: string | null; last_name: string | null }

/** The agencies assigned to a person, by organization name then id. */
export async function assignedAgencies(db: Db, staffUserId: number): Promise<AssignmentRow[]> {
  return (await db('staff_agency_assignments as a').join('organizations as o', 'o.id', 'a.organization_id').leftJoin('users as b', 'b.id', 'a.created_by')
    .where({ 'a.staff_user_id': staffUserId }).orderBy('o.organization_name').orderBy('a.organization_id')
    .select('a.organization_id', 'o.organization_name', 'o.county', 'a.created_at', 'b.first_name', 'b.last_name')) as AssignmentRow[];
}

/** Assigns an agency to a person unless it is already; whether a row was added. */
export async function addAssignment(trx: Knex.Transaction, staffUserId: number, organizationId: number, actorId: number, now: string): Promise<boolean> {
  const inserted = (await trx('staff_agency_assignments').insert({ staff_user_id: staffUserId, organization_id: organizationId, created_at: now, created_by: actorId })
    .onConflict(['staff_user_id', 'organization_id']).ignore().returning('id')) as unknown[];
  return inserted.length > 0;
}

/** Removes an agency from a person's assignments; whether it was assigned. */
export async function removeAssignment(trx: Knex.Transaction, staffUserId: number, organizationId: number): Promise<boolean> {
  return (await trx('staff_agency_assignments').where({ staff_user_id: staffUserId, organization_id: organizationId }).delete()) > 0;
}
