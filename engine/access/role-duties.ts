import type { Role } from '../metadata/app-schema.js';

export type RoleDuty = NonNullable<Role['duty']>;

/** The tenant's roles (roles.json after its overlay), in their order. */
export type Roles = ReadonlyMap<string, Role>;

/** The code of the role with a duty in an organization (roles.json `duty`), or undefined when no role has it. */
export function roleWithDuty(roles: Roles, duty: RoleDuty): string | undefined {
  for (const role of roles.values()) if (role.duty === duty) return role.id;
  return undefined;
}

/** The code of the role with a duty; metadata:check makes sure the staff and director duties are held. */
export function dutyRole(roles: Roles, duty: RoleDuty): string {
  const code = roleWithDuty(roles, duty);
  if (code === undefined) throw new Error(`roles.json names no role with the duty '${duty}'`);
  return code;
}

/** The roles held at an organization: its staff's and its director's (roles.json duties). */
export interface OrganizationRoles {
  staff: string;
  director: string;
}

export function organizationRoles(roles: Roles): OrganizationRoles {
  return { staff: dutyRole(roles, 'staff'), director: dutyRole(roles, 'director') };
}

/** The active role of a session that names none (signed out, or no role chosen): the staff role (spec part 1 section 6). */
export function defaultRole(roles: Roles): string {
  return roleWithDuty(roles, 'staff') ?? '';
}

/** The roles a person may ask for at an employment's organization (roles.json `requestable`), in their order. */
export function requestableRoles(roles: Roles): string[] {
  return [...roles.values()].filter((r) => r.requestable === true).map((r) => r.id);
}

/** The role a rule context acts in: its active role, else the default role. */
export function effectiveRole(context: { user: { activeRole: string }; roles?: Roles }): string {
  return context.user.activeRole || (context.roles ? defaultRole(context.roles) : '');
}
