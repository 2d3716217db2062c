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

/** The general staff role (EC Professional): every elevated role and every role at an organization rests on it. */
export const STAFF_ROLE = '100';

/** A general toggle's refusal under the role rules (spec part 2 section 5), as a text key of metadata/texts/manage-users.json. */
export type GeneralRoleRefusal = 'manageUsers.staffRoleNeeded' | 'manageUsers.exclusiveRoles' | 'manageUsers.generalStaffNeeded';

/**
 * The role rules of a general toggle: 100 stays while organization or elevated roles are held, and
 * (the same rule from the other side) an elevated role is granted only to a holder of 100; 350 and
 * 375 never together. `held` are the general roles held, `organizationRoles` how many roles are
 * held at organizations.
 */
export function generalToggleRefusal(role: string, active: boolean, held: readonly string[], organizationRoles: number): GeneralRoleRefusal | null {
  if (!active && role === STAFF_ROLE && (organizationRoles > 0 || held.some((r) => ELEVATED_ROLES.includes(r)))) return 'manageUsers.staffRoleNeeded';
  if (active && ELEVATED_ROLES.includes(role) && !held.includes(STAFF_ROLE)) return 'manageUsers.generalStaffNeeded';
  if (active) {
    for (const [a, b] of EXCLUSIVE_ROLES) {
      if ((role === a && held.includes(b)) || (role === b && held.includes(a))) return 'manageUsers.exclusiveRoles';
    }
  }
  return null;
}

/** An organization toggle's refusal: 200 there only with 100 there; 100 not while 200 is active there. */
export type OrganizationRoleRefusal = 'manageUsers.directorNeedsStaff' | 'manageUsers.staffWhileDirector';

/** A grant at an organization needs the general staff role (100): without it the grant is refused, never made for it. */
export function organizationGrantNeedsStaff(generalHeld: readonly string[]): 'manageUsers.generalStaffNeeded' | null {
  return generalHeld.includes(STAFF_ROLE) ? null : 'manageUsers.generalStaffNeeded';
}

export function organizationToggleRefusal(role: '100' | '200', heldThere: readonly string[]): OrganizationRoleRefusal | null {
  if (role === '200' && !heldThere.includes('100')) return 'manageUsers.directorNeedsStaff';
  if (role === '100' && heldThere.includes('200')) return 'manageUsers.staffWhileDirector';
  return null;
}

/** Why a role may not be granted through an employment record (its organization and state), as a text key. */
export type EmploymentGrantRefusal = 'manageUsers.employmentDisabled' | 'manageUsers.employmentEnded' | 'manageUsers.notRegistryOrganization' | 'manageUsers.agencyClosed';

/**
 * A grant at an organization goes through a current, enabled employment at an open organization
 * of the registry: the checks a role request meets (engine/workflows/role-requests). Removals are
 * not held to them, so a role left behind at a closed agency can still be taken away.
 */
export function employmentGrantRefusal(e: { disabled: boolean; employmentEnded: boolean; registryOrganization: boolean; agencyClosed: boolean }): EmploymentGrantRefusal | null {
  if (e.disabled) return 'manageUsers.employmentDisabled';
  if (e.employmentEnded) return 'manageUsers.employmentEnded';
  if (!e.registryOrganization) return 'manageUsers.notRegistryOrganization';
  if (e.agencyClosed) return 'manageUsers.agencyClosed';
  return null;
}
