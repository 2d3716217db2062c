import type { RuleUser } from '../rules/rule-context.js';

/** State staff and managers may read anyone's Training Report (spec part 2 section 6: elevated and staff roles). */
export const REPORT_READER_ROLES = ['350', '375', '400', '500', 'AdminUser'] as const;

/**
 * Who may read a person's Training Report at an organization: the person, a director acting as
 * director (active role 200) of that organization where the person is staff, and state staff.
 */
export function mayReadTrainingReport(user: RuleUser, ownerId: number, organizationId: number | null): boolean {
  if (user.id === ownerId) return true;
  if (REPORT_READER_ROLES.some((r) => user.roles.includes(r))) return true;
  return user.activeRole === '200' && organizationId !== null
    && (user.directorOf ?? []).includes(organizationId) && (user.staffIds ?? []).includes(ownerId);
}
