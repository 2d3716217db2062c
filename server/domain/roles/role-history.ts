import type { RuleContext } from '../../../engine/rules/rule-context.js';
import { holdsNamed, settle } from '../../rules/evaluate.js';
import { planGridQuery } from '../../../engine/grid/plan-grid-query.js';
import { organizationRoles as rolesOfOrganizations } from '../../../engine/access/role-duties.js';
import { inRelation } from '../../rules/relation-of.js';
import type { AppContext } from '../../app-context.js';
import { fetchGridPage } from '../../data/grid-query.js';
import { heldRolesAt, openRegistryEmployments } from '../../data/employment-store.js';
import { activeRolesWithOrganizations } from '../../data/held-role-store.js';
import { roleActionById, roleActionRows } from '../../data/role-store.js';
import { userExists } from '../../data/user-store.js';
import { forbidden, invalid, notFound } from '../../errors.js';
import { entityOrThrow, readableRecord } from '../record-commands.js';
import { timestampText } from '../../data/clock.js';

/** The active roles at an organization and the request history of an employment record. */
async function rolesOfEmployment(ctx: AppContext, context: RuleContext, employmentRecordId: number) {
  const employment = entityOrThrow(ctx, 8);
  const row = await readableRecord(ctx, context, employment, employmentRecordId);
  const { knex } = ctx.db;
  const userId = Number(row.userId);
  const organizationId = row.organizationId === null ? null : Number(row.organizationId);
  const roles = organizationId === null ? [] : await heldRolesAt(knex, userId, organizationId, Object.values(rolesOfOrganizations(ctx.registry.roles)));
  const history = await roleActionRows(knex, { employment_record_id: employmentRecordId });
  // the view names the employer by its organization's name when it has one
  const organizationName = organizationId !== null && typeof row.employerName === 'string' ? row.employerName : null;
  return {
    employmentRecordId, userId, organizationId, organizationName,
    // spec part 3 section 6: request details show the record unless a director looks at a director's
    showEmploymentRecord: await holdsNamed(ctx.registry, 'showsRequestEmploymentRecord', { ...context, row }),
    active: { roles: roles.map((roleName) => ({ roleName, organizationId, organizationName })) },
    requests: history.map((h) => ({
      rolePromotionActionId: Number(h.id),
      roleRequested: { roleName: h.role },
      actionType: Number(h.action_type),
      parentActionId: h.parent_action_id === null ? null : Number(h.parent_action_id),
      comments: h.comments,
      lastChangeDateTime: timestampText(h.created_at),
      userLastUpdated: { name: h.acting_user_name ?? '' },
    })),
  };
}

/**
 * The role groups of a person (user management): one per organization, general roles without one;
 * for holders of User.write.all also the organizations of the person's open employments (roles may be empty).
 */
async function roleGroupsOfUser(ctx: AppContext, context: RuleContext, userId: number) {
  const { user } = context;
  const mayRead = user.id === userId || user.claims.includes('User.read.all') || (user.activeRole === rolesOfOrganizations(ctx.registry.roles).director && await inRelation(context, 'directedStaff', userId));
  if (!mayRead) throw forbidden();
  if (!(await userExists(ctx.db.knex, userId))) throw notFound('User');
  const rows = await activeRolesWithOrganizations(ctx.db.knex, userId);
  const groups = new Map<string, { organizationId: number | null; organizationName: string | null; employmentRecordId: number | null; agencyIsClosed: boolean; hasArchivedComplianceReport: boolean; roles: { roleName: string }[] }>();
  for (const r of rows) {
    const key = String(r.organization_id ?? 'general');
    const group = groups.get(key) ?? {
      organizationId: r.organization_id === null ? null : Number(r.organization_id), organizationName: r.organization_name,
      employmentRecordId: r.employment_record_id === null ? null : Number(r.employment_record_id),
      agencyIsClosed: r.agency_is_closed === true || r.agency_is_closed === 1, hasArchivedComplianceReport: false, roles: [],
    };
    if (!group.roles.some((x) => x.roleName === r.role)) group.roles.push({ roleName: r.role });
    group.employmentRecordId ??= r.employment_record_id === null ? null : Number(r.employment_record_id);
    groups.set(key, group);
  }
  if (user.claims.includes('User.write.all')) {
    // User Access Permissions: the person's open employments at registry organizations, also where no role is held yet
    const employments = await openRegistryEmployments(ctx.db.knex, userId);
    for (const e of employments) {
      const key = String(e.organization_id);
      const group = groups.get(key);
      if (group) group.employmentRecordId ??= Number(e.id);
      else {
        groups.set(key, {
          organizationId: Number(e.organization_id), organizationName: e.organization_name, employmentRecordId: Number(e.id),
          agencyIsClosed: e.agency_is_closed === true || e.agency_is_closed === 1, hasArchivedComplianceReport: false, roles: [],
        });
      }
    }
  }
  return [...groups.values()];
}

export interface RolesQuery { employmentRecordId?: number; userId?: number; rolePromotionActionId?: number }

/** GET /api/userorganizationroles: by employment record, by role promotion action (with userId), or a person's role groups. */
export async function organizationRoles(ctx: AppContext, context: RuleContext, q: RolesQuery) {
  if (q.employmentRecordId !== undefined) return rolesOfEmployment(ctx, context, q.employmentRecordId);
  if (q.rolePromotionActionId !== undefined) {
    const action = await roleActionById(ctx.db.knex, q.rolePromotionActionId);
    if (!action || action.employmentRecordId === null || (q.userId !== undefined && action.userId !== q.userId)) throw notFound('Request');
    return rolesOfEmployment(ctx, context, action.employmentRecordId);
  }
  if (q.userId !== undefined) return roleGroupsOfUser(ctx, context, q.userId);
  throw invalid('employmentRecordId, userId or rolePromotionActionId is required.', { employmentRecordId: 'employmentRecordId, userId or rolePromotionActionId is required.' });
}

/** At most this many pending requests are listed at once. */
const PENDING_LIST_LIMIT = 500;

/**
 * GET /api/userorganizationroles/requests: the pending requests of the Requests grid (entity 19)
 * in the caller's read scope: a director's organizations, everyone's for administrators, one's own
 * for a professional; optionally of one organization.
 */
export async function pendingRoleRequests(ctx: AppContext, context: RuleContext, organizationId: number | undefined) {
  const planned = await settle(context, () => planGridQuery(ctx.registry, {
    entityTypeId: 19, formId: 119, from: 1, to: PENDING_LIST_LIMIT,
    defaultFilters: organizationId === undefined ? [] : [{ column: 'organizationId', value: organizationId, operation: 'Equals' }],
  }, context));
  if (!planned.ok) throw invalid(planned.message, planned.errors);
  return (await fetchGridPage(ctx.db, planned.plan)).map((r) => ({
    id: r.id, primaryEntityId: r.primaryEntityId, primaryEntityName: r.primaryEntityName, scope: r.organizationName,
    employmentRecordId: r.employmentRecordId, organizationId: r.organizationId, organizationName: r.organizationName,
    roleRequested: { roleName: r.role }, titlePosition: r.titlePosition, lastChangeDateTime: r.createdAt,
  }));
}
