import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { userExists } from '../../data/user-store.js';
import { forbidden, notFound } from '../../errors.js';
import { managesSection, ownOrganizations, registeringOrganization } from './enrollment-access.js';
import { inSectionRegion } from './registration-guards.js';

/** GET /enrollment/getownorgs: the caller's organizations with an active staff role (100), as `{ key, value }`. */
export async function ownOrganizationChoices(ctx: AppContext, caller: RuleContext): Promise<{ key: string; value: string }[]> {
  return userOrganizationChoices(ctx, caller, caller.user.id);
}

/**
 * GET /enrollment/getuserorgs: another person's organizations (as getownorgs answers one's own),
 * for whoever enrolls people (a trainer acting as 250, a manager); anyone else 403, an unknown person 404.
 */
export async function userOrganizationChoices(ctx: AppContext, caller: RuleContext, userId: number): Promise<{ key: string; value: string }[]> {
  if (userId !== caller.user.id && !(await managesSection(ctx, caller, { trainerId: caller.user.id }))) throw forbidden();
  if (!(await userExists(ctx.db.knex, userId))) throw notFound('User');
  return (await ownOrganizations(ctx, ctx.db.knex, userId)).map((o) => ({ key: String(o.id), value: o.name }));
}

/**
 * GET /coursesection/regioncheck: 1 when the person, registering through the organization, is in
 * the region (its county lies in the region's counties, tenant.json trainingRegions), else 0. For
 * oneself, or for another person by whoever enrolls people (a trainer acting as 250, a manager).
 */
export async function regionCheck(ctx: AppContext, caller: RuleContext, region: string, userId: number, organizationId: number | null): Promise<0 | 1> {
  if (userId !== caller.user.id && !(await managesSection(ctx, caller, { trainerId: caller.user.id }))) throw forbidden();
  const organization = await registeringOrganization(ctx, ctx.db.knex, userId, organizationId);
  return inSectionRegion(ctx, { region }, organization) ? 1 : 0;
}
