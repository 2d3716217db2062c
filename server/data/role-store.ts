import type { Knex } from 'knex';
import { insertedId } from './inserted-id.js';

/** user_roles and role_actions: the roles people hold and the lines of their request history. */

type Db = Knex | Knex.Transaction;

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

/** Whose request a line of the history is, where and under which employment record. */
export interface RoleActionOwner { userId: number; organizationId: number | null; employmentRecordId: number | null }

/** A line of the request history by id: its person, organization and employment record. */
export async function roleActionById(db: Db, id: number): Promise<RoleActionOwner | undefined> {
  const r = (await db('role_actions').where({ id }).first('user_id', 'organization_id', 'employment_record_id')) as
    { user_id: number; organization_id: number | null; employment_record_id: number | null } | undefined;
  return r && {
    userId: Number(r.user_id), organizationId: r.organization_id === null ? null : Number(r.organization_id),
    employmentRecordId: r.employment_record_id === null ? null : Number(r.employment_record_id),
  };
}

/** A line of the request history as its view (role_action_rows) names it. */
export interface RoleActionRow {
  id: number; organization_id: number; organization_name: string | null; employment_record_id: number | null; role: string;
  action_type: number; parent_action_id: number | null; comments: string | null; created_at: string | Date; acting_user_name: string | null;
}

/** The request history of a person or of an employment record, oldest first. */
export async function roleActionRows(db: Db, of: { user_id: number } | { employment_record_id: number }): Promise<RoleActionRow[]> {
  return (await db('role_action_rows').where(of).orderBy('id')
    .select('id', 'organization_id', 'organization_name', 'employment_record_id', 'role', 'action_type', 'parent_action_id', 'comments', 'created_at', 'acting_user_name')) as RoleActionRow[];
}
