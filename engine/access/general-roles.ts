/**
 * User Access Permissions (spec part 2 section 6, "General role assignment"): which general roles
 * (held without an organization) a person may grant and remove. Shared by the server, which
 * enforces it, and the browser, which lists only these roles. The policy is the roles' metadata
 * (roles.json: duty, elevated, organizationOnly, exclusiveWith, assigns).
 */
import { dutyRole, type Roles } from './role-duties.js';

/**
 * The general roles a caller holding `callerRoles` may grant and remove, in the order of the
 * registry's roles: the caller assigns as their assigning role (roles.json `assigns`) of lowest
 * rank, every general role but the ones it withholds; roles held only at an organization never.
 */
export function assignableGeneralRoles(roles: Roles, callerRoles: readonly string[]): string[] {
  const by = [...roles.values()].filter((r) => r.assigns && callerRoles.includes(r.id)).sort((a, b) => a.assigns!.rank - b.assigns!.rank)[0];
  if (by === undefined) return [];
  const withheld = by.assigns!.except;
  return [...roles.values()].filter((r) => r.organizationOnly !== true && !withheld.includes(r.id)).map((r) => r.id);
}

/** A general toggle's refusal under the role rules (spec part 2 section 5), as a text key of metadata/texts/manage-users.json. */
export type GeneralRoleRefusal = 'manageUsers.staffRoleNeeded' | 'manageUsers.exclusiveRoles' | 'manageUsers.generalStaffNeeded';

const isElevated = (roles: Roles, role: string): boolean => roles.get(role)?.elevated === true;

/** Whether two roles are declared exclusive (either names the other). */
const exclusive = (roles: Roles, a: string, b: string): boolean =>
  (roles.get(a)?.exclusiveWith ?? []).includes(b) || (roles.get(b)?.exclusiveWith ?? []).includes(a);

/**
 * The role rules of a general toggle: the staff role stays while organization or elevated roles
 * are held, and (the same rule from the other side) an elevated role is granted only to a holder of
 * the staff role; exclusive roles never together. `held` are the general roles held,
 * `organizationRoles` how many roles are held at organizations.
 */
export function generalToggleRefusal(roles: Roles, role: string, active: boolean, held: readonly string[], organizationRoles: number): GeneralRoleRefusal | null {
  const staff = dutyRole(roles, 'staff');
  if (!active && role === staff && (organizationRoles > 0 || held.some((r) => isElevated(roles, r)))) return 'manageUsers.staffRoleNeeded';
  if (active && isElevated(roles, role) && !held.includes(staff)) return 'manageUsers.generalStaffNeeded';
  if (active && held.some((r) => exclusive(roles, role, r))) return 'manageUsers.exclusiveRoles';
  return null;
}

/** An organization toggle's refusal: the director there only with the staff role there; the staff role not while the director role is active there. */
export type OrganizationRoleRefusal = 'manageUsers.directorNeedsStaff' | 'manageUsers.staffWhileDirector';

/** A grant at an organization needs the general staff role: without it the grant is refused, never made for it. */
export function organizationGrantNeedsStaff(roles: Roles, generalHeld: readonly string[]): 'manageUsers.generalStaffNeeded' | null {
  return generalHeld.includes(dutyRole(roles, 'staff')) ? null : 'manageUsers.generalStaffNeeded';
}

export function organizationToggleRefusal(roles: Roles, role: string, heldThere: readonly string[]): OrganizationRoleRefusal | null {
  const [staff, director] = [dutyRole(roles, 'staff'), dutyRole(roles, 'director')];
  if (role === director && !heldThere.includes(staff)) return 'manageUsers.directorNeedsStaff';
  if (role === staff && heldThere.includes(director)) return 'manageUsers.staffWhileDirector';
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
