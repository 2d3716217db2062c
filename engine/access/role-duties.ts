import type { Role } from '../metadata/app-schema.js';

export type RoleDuty = NonNullable<Role['duty']>;

/** The code of the role with a duty in an organization (roles.json `duty`), or undefined when no role has it. */
export function roleWithDuty(roles: ReadonlyMap<string, Role>, duty: RoleDuty): string | undefined {
  for (const role of roles.values()) if (role.duty === duty) return role.id;
  return undefined;
}

/** The code of the role with a duty; metadata:check makes sure the staff and director duties are held. */
export function dutyRole(roles: ReadonlyMap<string, Role>, duty: RoleDuty): string {
  const code = roleWithDuty(roles, duty);
  if (code === undefined) throw new Error(`roles.json names no role with the duty '${duty}'`);
  return code;
}
