import type { Knex } from 'knex';
import { dateText } from './clock.js';
import type { Database } from './db.js';
import { lockUserRow } from './user-store.js';

type Db = Knex | Knex.Transaction;

/** An employment record with its organization, as the role commands read it. */
export interface EmploymentRow {
  id: number;
  userId: number;
  organizationId: number | null;
  organizationName: string | null;
  titlePosition: string | null;
  startDate: string | null;
  ended: boolean;
  hasTrainTnAccess: boolean;
  disabled: boolean;
  registryOrganization: boolean;
  agencyClosed: boolean;
}

/** A boolean column as SQLite (0/1) or PostgreSQL answers it. */
const flag = (v: unknown): boolean => v === true || v === 1;

/**
 * The employment record and its organization, read in the transaction. With `lock` its row and
 * then the person's `users` row are locked first (PostgreSQL), so two changes of the person's
 * roles run one after the other (SQLite runs one writer at a time).
 */
export async function employmentForChange(db: Database, trx: Knex.Transaction, employmentRecordId: number, lock: boolean): Promise<EmploymentRow | null> {
  if (lock && db.dialect === 'pg') {
    const locked = (await trx('employment_records').where({ id: employmentRecordId }).forUpdate().first('id', 'user_id')) as { user_id: number } | undefined;
    if (locked) await lockUserRow(trx, locked.user_id);
  }
  const r = (await trx('employment_records as e').leftJoin('organizations as o', 'o.id', 'e.organization_id').where('e.id', employmentRecordId)
    .first('e.id', 'e.user_id', 'e.organization_id', 'e.title_position', 'e.start_date', 'e.end_date', 'e.train_tn_access', 'e.disabled',
      'o.organization_name', 'o.is_registry_organization', 'o.agency_is_closed')) as Record<string, unknown> | undefined;
  if (!r) return null;
  const organizationId = r.organization_id === null ? null : Number(r.organization_id);
  return {
    id: Number(r.id), userId: Number(r.user_id), organizationId, organizationName: (r.organization_name as string | null) ?? null,
    titlePosition: (r.title_position as string | null) ?? null, startDate: r.start_date === null ? null : dateText(r.start_date as string | Date),
    ended: r.end_date !== null, hasTrainTnAccess: flag(r.train_tn_access), disabled: flag(r.disabled),
    registryOrganization: organizationId !== null && flag(r.is_registry_organization), agencyClosed: flag(r.agency_is_closed),
  };
}

/** The roles among `roles` a person holds at an organization, active now, in order. */
export async function heldRolesAt(db: Db, userId: number, organizationId: number, roles: readonly string[]): Promise<string[]> {
  const rows = (await db('user_roles').where({ user_id: userId, organization_id: organizationId, active: true }).whereIn('role', [...roles]).distinct('role').orderBy('role')) as { role: string }[];
  return rows.map((r) => r.role);
}

/** An open employment with its organization. */
export interface OpenEmploymentRow { id: number; organization_id: number; organization_name: string; agency_is_closed: boolean | number | null }

/** The person's enabled, open employments at registry organizations, in the order they were added. */
export async function openRegistryEmployments(db: Db, userId: number): Promise<OpenEmploymentRow[]> {
  return (await db('employment_records as e').join('organizations as o', 'o.id', 'e.organization_id')
    .where({ 'e.user_id': userId, 'e.disabled': false, 'o.is_registry_organization': true }).whereNull('e.end_date').orderBy('e.id')
    .select('e.id', 'e.organization_id', 'o.organization_name', 'o.agency_is_closed')) as OpenEmploymentRow[];
}

/** A person's requests waiting for an answer at an organization, by role (the request's id). */
export async function pendingRequestsAt(trx: Knex.Transaction, userId: number, organizationId: number): Promise<Map<string, number>> {
  const rows = (await trx('role_actions').where({ user_id: userId, organization_id: organizationId, action_type: 1, state: 'requested' }).orderBy('id')
    .select('id', 'role')) as { id: number; role: string }[];
  return new Map(rows.map((r) => [r.role, Number(r.id)]));
}

/** Ends an employment record on a date. */
export async function endEmploymentRecord(trx: Knex.Transaction, employmentRecordId: number, endDate: string | null, actorId: number, now: string): Promise<void> {
  await trx('employment_records').where({ id: employmentRecordId }).update({ end_date: endDate, updated_at: now, updated_by: actorId });
}

/** Sets the TrainTN access flag of an employment record. */
export async function setTrainTnFlag(trx: Knex.Transaction, employmentRecordId: number, access: boolean, actorId: number, now: string): Promise<void> {
  await trx('employment_records').where({ id: employmentRecordId }).update({ train_tn_access: access, updated_at: now, updated_by: actorId });
}

/** The role requests (action type 1, under an employment record) among ids. */
export async function requestIds(knex: Knex, ids: readonly number[]): Promise<Set<number>> {
  const rows = (await knex('role_actions').whereIn('id', [...ids]).where({ action_type: 1 }).whereNotNull('employment_record_id').select('id')) as { id: number }[];
  return new Set(rows.map((r) => Number(r.id)));
}
