/**
 * User Access Permissions (spec part 2 section 6, "General role assignment"): which general roles
 * (held without an organization) a person may grant and remove. Shared by the server, which
 * enforces it, and the browser, which lists only these roles.
 */

/** Roles only held at an organization (the director role): never general. */
export const ORGANIZATION_ONLY_ROLES: readonly string[] = ['200'];

/** What each assigning role may not assign; a caller holding none of these roles assigns nothing. */
const WITHHELD: Readonly<Record<string, readonly string[]>> = {
  AdminUser: [],
  '500': ['AdminUser', '500'],
  '400': ['AdminUser', '500', '400', 'ApiUser'],
};

/** The most a caller may assign: AdminUser, else 500, else 400 (the roles they hold, not only the active one). */
const ORDER = ['AdminUser', '500', '400'] as const;

/**
 * The general roles a caller holding `callerRoles` may grant and remove, in the order of the
 * registry's roles (`tenantRoles`: the tenant's roles after its overlay, so 250 is absent in tn).
 */
export function assignableGeneralRoles(callerRoles: readonly string[], tenantRoles: readonly string[]): string[] {
  const by = ORDER.find((r) => callerRoles.includes(r));
  if (by === undefined) return [];
  const withheld = WITHHELD[by]!;
  return tenantRoles.filter((r) => !ORGANIZATION_ONLY_ROLES.includes(r) && !withheld.includes(r));
}

/** Elevated roles: holding one keeps the staff role (100) from being turned off. */
export const ELEVATED_ROLES: readonly string[] = ['400', '500', 'AdminUser'];

/** Roles no one holds together. */
export const EXCLUSIVE_ROLES: readonly (readonly [string, string])[] = [['350', '375']];

/** A general toggle's refusal under the role rules (spec part 2 section 5), as a text key of metadata/texts/manage-users.json. */
export type GeneralRoleRefusal = 'manageUsers.staffRoleNeeded' | 'manageUsers.exclusiveRoles';

/**
 * The role rules of a general toggle: 100 stays while organization or elevated roles are held;
 * 350 and 375 never together. `held` are the general roles held, `organizationRoles` how many
 * roles are held at organizations.
 */
export function generalToggleRefusal(role: string, active: boolean, held: readonly string[], organizationRoles: number): GeneralRoleRefusal | null {
  if (!active && role === '100' && (organizationRoles > 0 || held.some((r) => ELEVATED_ROLES.includes(r)))) return 'manageUsers.staffRoleNeeded';
  if (active) {
    for (const [a, b] of EXCLUSIVE_ROLES) {
      if ((role === a && held.includes(b)) || (role === b && held.includes(a))) return 'manageUsers.exclusiveRoles';
    }
  }
  return null;
}

/** An organization toggle's refusal: 200 there only with 100 there; 100 not while 200 is active there. */
export type OrganizationRoleRefusal = 'manageUsers.directorNeedsStaff' | 'manageUsers.staffWhileDirector';

export function organizationToggleRefusal(role: '100' | '200', heldThere: readonly string[]): OrganizationRoleRefusal | null {
  if (role === '200' && !heldThere.includes('100')) return 'manageUsers.directorNeedsStaff';
  if (role === '100' && heldThere.includes('200')) return 'manageUsers.staffWhileDirector';
  return null;
}
