import type { Knex } from 'knex';
import { insertedId } from './inserted-id.js';

/** user_roles and role_actions: the roles people hold and the lines of their request history. */

interface Holder { userId: number; organizationId: number | null; employmentRecordId: number | null }

/** Ends the person's active role there; whether one was active. */
export async function endActiveRole(trx: Knex.Transaction, h: Holder, role: string, endDate: string | null, now: string): Promise<boolean> {
  const ended = await trx('user_roles').where({ user_id: h.userId, organization_id: h.organizationId, role, active: true }).update({ active: false, end_date: endDate, updated_at: now });
  return Number(ended) > 0;
}

/** Grants a role: the latest row of that role there active again, else a new row. */
export async function activateRole(trx: Knex.Transaction, h: Holder, role: string, now: string): Promise<void> {
  const where = { user_id: h.userId, organization_id: h.organizationId, role };
  const latest = (await trx('user_roles').where(where).orderBy('id', 'desc').first('id')) as { id: number } | undefined;
  const values = { active: true, end_date: null, employment_record_id: h.employmentRecordId, updated_at: now };
  if (latest) await trx('user_roles').where({ id: latest.id }).update(values);
  else await trx('user_roles').insert({ ...where, ...values, created_at: now });
}

export interface NewRoleAction {
  userId: number;
  organizationId: number | null;
  employmentRecordId: number | null;
  role: string;
  actionType: number;
  parentActionId: number | null;
  comments: string | null;
  actingUserId: number | null;
}

/** A line of the request history (role_actions, entity 19). */
export async function addRoleAction(trx: Knex.Transaction, a: NewRoleAction, now: string): Promise<number> {
  return insertedId(await trx('role_actions').insert({
    user_id: a.userId, organization_id: a.organizationId, employment_record_id: a.employmentRecordId, role: a.role, action_type: a.actionType,
    parent_action_id: a.parentActionId, comments: a.comments, acting_user_id: a.actingUserId,
    disabled: false, created_at: now, updated_at: now, created_by: a.actingUserId, updated_by: a.actingUserId,
  }).returning('id'));
}

/** The employment record a line of the request history is under; null when none or there is no such line. */
export async function roleActionEmploymentRecord(db: Knex | Knex.Transaction, id: number): Promise<number | null> {
  const row = (await db('role_actions').where({ id }).first('employment_record_id')) as { employment_record_id: number | null } | undefined;
  return row?.employment_record_id ?? null;
}
