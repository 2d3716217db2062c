import type { Knex } from 'knex';
import { holdsNamed } from '../../rules/evaluate.js';
import { roleWithDuty } from '../../../engine/access/role-duties.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { organizationsWithRole, type RoleOrganizationRow } from '../../data/held-role-store.js';
import { userExists } from '../../data/user-store.js';
import { forbidden, notFound, textError } from '../../errors.js';
import type { LockedSection } from './section-lock.js';

/** Whether the caller enrolls others in the section's course: its trainer (acting as 250) or a manager. */
export function managesSection(ctx: AppContext, caller: RuleContext, section: Pick<LockedSection, 'trainerId'>): Promise<boolean> {
  return holdsNamed(ctx.registry, 'managesCourseEnrollment', { ...caller, row: { trainerId: section.trainerId } });
}

/**
 * Who a registration is for: the caller themself (rule registersSelf) or, by staff enrollment,
 * another person (rule managesCourseEnrollment for the section's course). Someone else's id
 * without the right is 403; an unknown person 404.
 */
export async function registrationTarget(ctx: AppContext, caller: RuleContext, section: LockedSection, userId: number): Promise<{ self: boolean }> {
  if (userId === caller.user.id) {
    if (!(await holdsNamed(ctx.registry, 'registersSelf', caller))) throw forbidden();
    return { self: true };
  }
  if (!(await managesSection(ctx, caller, section))) throw forbidden();
  if (!(await userExists(ctx.db.knex, userId))) throw notFound('User');
  return { self: false };
}

/** An organization where the person holds the staff role. */
export type OwnOrganization = RoleOrganizationRow;

/** The organizations where the person holds an active staff role (roles.json duty 'staff', 100), by name. */
export async function ownOrganizations(ctx: AppContext, knex: Knex | Knex.Transaction, userId: number): Promise<OwnOrganization[]> {
  const staff = roleWithDuty(ctx.registry.roles, 'staff');
  return staff === undefined ? [] : organizationsWithRole(knex, userId, staff);
}

/** The organization a person registers through: one of their own, or none (null). Another one is 400. */
export async function registeringOrganization(ctx: AppContext, knex: Knex | Knex.Transaction, userId: number, organizationId: number | null | undefined): Promise<OwnOrganization | null> {
  if (organizationId === null || organizationId === undefined) return null;
  const own = (await ownOrganizations(ctx, knex, userId)).find((o) => o.id === organizationId);
  if (!own) throw textError('invalid', 'enrollment.notOwnOrganization', 'The organization is not one where the person holds the staff role.', 'organizationId');
  return own;
}
