import type { Knex } from 'knex';
import { activeRolesWithOrganizations } from '../../data/held-role-store.js';

/** An organization where a role is held (spec part 1 section 3 "Active role": organizations). */
export interface RoleOrganization { organizationId: number; organizationName: string }

/** A role the person holds, with the organizations where they hold it (none for general roles). */
export interface HeldRole { roleName: string; organizations: RoleOrganization[] }

/** The active role as the spec names it: role.roleName, role.roleId, and its organizations. */
export interface ActiveRole { role: { roleName: string; roleId: string }; organizations: RoleOrganization[] }

/** The person's active roles in the order they were granted, each with its organizations (by name). */
export async function heldRoles(knex: Knex, userId: number): Promise<HeldRole[]> {
  const rows = await activeRolesWithOrganizations(knex, userId);
  const roles = new Map<string, HeldRole>();
  for (const r of rows) {
    const entry = roles.get(r.role) ?? { roleName: r.role, organizations: [] };
    const id = r.organization_id === null ? null : Number(r.organization_id);
    if (id !== null && !entry.organizations.some((o) => o.organizationId === id)) entry.organizations.push({ organizationId: id, organizationName: r.organization_name ?? '' });
    roles.set(r.role, entry);
  }
  for (const entry of roles.values()) entry.organizations.sort((a, b) => a.organizationName.localeCompare(b.organizationName) || a.organizationId - b.organizationId);
  return [...roles.values()];
}

/**
 * The active role with its organizations. Roles are named by their code (roles.json), which is
 * also their id; a role the person does not hold (the default role of someone with no role) has
 * no organizations.
 */
export function activeRoleOf(roles: readonly HeldRole[], activeRole: string): ActiveRole {
  return { role: { roleName: activeRole, roleId: activeRole }, organizations: roles.find((r) => r.roleName === activeRole)?.organizations ?? [] };
}
