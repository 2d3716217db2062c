import { type RuleNamedInCode } from '../../../engine/rules/named-rule.js';
import { holdsForRow, holdsNamed } from '../../rules/evaluate.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { organizationHeader, type OrganizationHeader } from '../../data/organization-store.js';
import { forbidden, notFound } from '../../errors.js';

/** Who reads an organization's staff (the organization user rows, the agency summary): a named rule over row.organizationId. */
export const READS_ORGANIZATION_STAFF = 'readsOrganizationStaff';

export type StaffOrganization = OrganizationHeader;

/** The organization, if the caller may read its staff: 404 when absent, 403 when not theirs. */
export async function staffOrganization(ctx: AppContext, context: RuleContext, organizationId: number): Promise<StaffOrganization> {
  const org = await organizationHeader(ctx.db.knex, organizationId);
  if (!org) throw notFound('Organization');
  const rule = ctx.registry.rules.get(READS_ORGANIZATION_STAFF);
  if (rule === undefined) throw new Error(`the rule library (rules.json) has no rule '${READS_ORGANIZATION_STAFF}'`);
  if (!(await holdsForRow(context, rule, { organizationId }))) throw forbidden();
  return org;
}

/**
 * GET /api/organizationusers/screen?organizationId=: what Staff Management shows for one
 * organization (spec part 3 section 6 "Staff management"): canView is false for the licensing
 * roles (350, 375: no heading, organization buttons or referral; Verify stays); the Program
 * Details and agency report buttons need the director role and tn, the report a non-disabled
 * organization; referring needs the director of that organization.
 */
export async function staffScreen(ctx: AppContext, context: RuleContext, organizationId: number) {
  const org = await staffOrganization(ctx, context, organizationId);
  const holds = (name: RuleNamedInCode) => holdsNamed(ctx.registry, name, context);
  const canView = await holds('staffScreenCanView');
  const directs = await holdsForRow(context, ctx.registry.rules.get('directsRowOrganization' satisfies RuleNamedInCode), { organizationId });
  const disabled = org.disabled === true || org.disabled === 1;
  const programDetails = canView && await holds('seesProgramDetails');
  return {
    organizationId: org.id, organizationName: org.organization_name, disabled, canView,
    mayRefer: canView && directs,
    mayProgramDetails: programDetails,
    mayAgencyReport: programDetails && directs && !disabled && ctx.registry.tenant.features.TrainingReport === true,
  };
}
