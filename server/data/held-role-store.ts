import type { Knex } from 'knex';

/**
 * user_roles as account code reads it: which roles a person holds, and where, and the roles a new
 * account starts with (role-store.ts grants and ends them later, with the request history).
 */

type Db = Knex | Knex.Transaction;

/** A role a new account holds, at an organization or none (a general role). */
export interface StartingRole { role: string; organizationId?: number | null }

/** The codes of the person's active roles, in the order they were granted (a role held at two organizations twice). */
export async function activeRoleCodes(db: Db, userId: number): Promise<string[]> {
  const rows = (await db('user_roles').where({ user_id: userId, active: true }).orderBy('id').select('role')) as { role: string }[];
  return rows.map((r) => r.role);
}

/** Whether the person holds the role at the organization now. */
export async function holdsRoleAt(db: Db, userId: number, organizationId: number, role: string): Promise<boolean> {
  return (await db('user_roles').where({ user_id: userId, organization_id: organizationId, role, active: true }).first('id')) !== undefined;
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
