import type { Knex } from 'knex';

/**
 * user_roles as account and notification code reads it: which roles a person holds, and where,
 * who holds a role where (the people a notification goes to), and the roles a new account starts
 * with (role-store.ts grants and ends them later, with the request history); with the Manage Users
 * row (manage_user_rows), the levels of the roles a person holds.
 */

type Db = Knex | Knex.Transaction;

/** A role a new account holds, at an organization or none (a general role). */
export interface StartingRole { role: string; organizationId?: number | null }

/** An active role and where it is held (null: a general role). */
export interface HeldRoleRow { role: string; organizationId: number | null }

/** The person's active roles and where, in the order they were granted. */
export async function activeRoles(db: Db, userId: number): Promise<HeldRoleRow[]> {
  const rows = (await db('user_roles').where({ user_id: userId, active: true }).orderBy('id').select('role', 'organization_id')) as { role: string; organization_id: number | null }[];
  return rows.map((r) => ({ role: r.role, organizationId: r.organization_id === null ? null : Number(r.organization_id) }));
}

/** The codes of the person's active roles, in the order they were granted (a role held at two organizations twice). */
export async function activeRoleCodes(db: Db, userId: number): Promise<string[]> {
  return (await activeRoles(db, userId)).map((r) => r.role);
}

/** Whether the person holds the role now, anywhere. */
export async function holdsRole(db: Db, userId: number, role: string): Promise<boolean> {
  return (await db('user_roles').where({ user_id: userId, role, active: true }).first('id')) !== undefined;
}

/** Whether the person holds the role at the organization now. */
export async function holdsRoleAt(db: Db, userId: number, organizationId: number, role: string): Promise<boolean> {
  return (await db('user_roles').where({ user_id: userId, organization_id: organizationId, role, active: true }).first('id')) !== undefined;
}

/** Whether someone whose e-mail address or user name is this address (any case) holds the role at the organization now. */
export async function addressHoldsRoleAt(db: Db, organizationId: number, role: string, address: string): Promise<boolean> {
  const lower = address.toLowerCase();
  return (await db('user_roles as r').join('users as u', 'u.id', 'r.user_id')
    .where({ 'r.organization_id': organizationId, 'r.role': role, 'r.active': true })
    .where((q) => void q.whereRaw('lower(u.email) = ?', [lower]).orWhereRaw('lower(u.user_name) = ?', [lower]))
    .first('r.id')) !== undefined;
}

/** An active role with its organization (all null for a general role). */
export interface RoleWithOrganizationRow { role: string; organization_id: number | null; employment_record_id: number | null; organization_name: string | null; agency_is_closed: boolean | number | null }

/** The person's active roles with their organizations, in the order they were granted. */
export async function activeRolesWithOrganizations(db: Db, userId: number): Promise<RoleWithOrganizationRow[]> {
  return (await db('user_roles as r').leftJoin('organizations as o', 'o.id', 'r.organization_id')
    .where({ 'r.user_id': userId, 'r.active': true }).orderBy('r.id')
    .select('r.role', 'r.organization_id', 'r.employment_record_id', 'o.organization_name', 'o.agency_is_closed')) as RoleWithOrganizationRow[];
}

/** Whether a person holds an elevated role, and one of 500 or higher. */
export interface RoleLevelsRow { id: number; has_elevated_role: boolean | number; has500_or_higher_role: boolean | number }

/** The levels of a person's roles (their Manage Users row); undefined when there is no such person. */
export async function roleLevels(db: Db, userId: number): Promise<RoleLevelsRow | undefined> {
  return (await db('manage_user_rows').where({ id: userId }).first('id', 'has_elevated_role', 'has500_or_higher_role')) as RoleLevelsRow | undefined;
}

/** An organization where a person holds a role. */
export interface RoleOrganizationRow { id: number; name: string; county: string | null }

/** The organizations where the person holds the role now, by name. */
export async function organizationsWithRole(db: Db, userId: number, role: string): Promise<RoleOrganizationRow[]> {
  const rows = (await db('user_roles as r').join('organizations as o', 'o.id', 'r.organization_id')
    .where({ 'r.user_id': userId, 'r.role': role, 'r.active': true })
    .distinct('o.id', 'o.organization_name', 'o.county').orderBy([{ column: 'o.organization_name' }, { column: 'o.id' }])) as { id: number; organization_name: string; county: string | null }[];
  return rows.map((r) => ({ id: Number(r.id), name: r.organization_name, county: r.county }));
}

/** Adds active roles to a person, one row each, in the order given. */
export async function addRoles(db: Db, userId: number, roles: readonly StartingRole[], now: string): Promise<void> {
  for (const r of roles) {
    await db('user_roles').insert({ user_id: userId, role: r.role, organization_id: r.organizationId ?? null, active: true, created_at: now, updated_at: now });
  }
}

const distinctIds = (rows: { user_id: number | string }[]) => [...new Set(rows.map((r) => Number(r.user_id)))];

/** The people holding the role at the organization now. */
export async function holderIdsAt(db: Db, organizationId: number, role: string): Promise<number[]> {
  return distinctIds(await db('user_roles').where({ organization_id: organizationId, role, active: true }).distinct('user_id') as { user_id: number }[]);
}

/** The organizations where the person holds the role now (a subquery). */
const organizationsHeld = (db: Db, userId: number, role: string) =>
  db('user_roles').where({ user_id: userId, role, active: true }).whereNotNull('organization_id').select('organization_id');

/** The people holding `role` now at any organization where the person holds `heldRole` now. */
export async function holderIdsWhereHeld(db: Db, userId: number, heldRole: string, role: string): Promise<number[]> {
  return distinctIds(await db('user_roles').whereIn('organization_id', organizationsHeld(db, userId, heldRole)).andWhere({ role, active: true }).distinct('user_id') as { user_id: number }[]);
}

/** The people holding `role` now who are assigned (staff_agency_assignments) an organization where the person holds `heldRole` now. */
export async function assignedHolderIds(db: Db, userId: number, heldRole: string, role: string): Promise<number[]> {
  const rows = await db('staff_agency_assignments as a').join('user_roles as r', (j) => j.on('r.user_id', 'a.staff_user_id').andOnVal('r.role', role).andOnVal('r.active', true))
    .whereIn('a.organization_id', organizationsHeld(db, userId, heldRole)).distinct({ user_id: 'a.staff_user_id' }) as { user_id: number }[];
  return distinctIds(rows);
}
