import type { RuleContext } from '../../../engine/rules/rule-context.js';
import { holdsNamed, settle } from '../../rules/evaluate.js';
import { planGridQuery } from '../../../engine/grid/plan-grid-query.js';
import { organizationRoles as rolesOfOrganizations } from '../../../engine/access/role-duties.js';
import { inRelation } from '../../rules/relation-of.js';
import type { AppContext } from '../../app-context.js';
import { fetchGridPage } from '../../data/grid-query.js';
import { userExists } from '../../data/user-store.js';
import { forbidden, invalid, notFound } from '../../errors.js';
import { entityOrThrow, readableRecord } from '../record-commands.js';
import { timestampText } from '../../data/clock.js';

interface HistoryRow {
  id: number; role: string; action_type: number; parent_action_id: number | null; comments: string | null;
  created_at: string | Date; acting_user_name: string | null;
}


/** The active roles at an organization and the request history of an employment record. */
async function rolesOfEmployment(ctx: AppContext, context: RuleContext, employmentRecordId: number) {
  const employment = entityOrThrow(ctx, 8);
  const row = await readableRecord(ctx, context, employment, employmentRecordId);
  const { knex } = ctx.db;
  const userId = Number(row.userId);
  const organizationId = row.organizationId === null ? null : Number(row.organizationId);
  const roles = organizationId === null ? [] : (await knex('user_roles').where({ user_id: userId, organization_id: organizationId, active: true })
    .whereIn('role', Object.values(rolesOfOrganizations(ctx.registry.roles))).orderBy('role').select('role', 'employment_record_id')) as { role: string; employment_record_id: number | null }[];
  const history = (await knex('role_action_rows').where({ employment_record_id: employmentRecordId }).orderBy('id')
    .select('id', 'role', 'action_type', 'parent_action_id', 'comments', 'created_at', 'acting_user_name')) as HistoryRow[];
  // the view names the employer by its organization's name when it has one
  const organizationName = organizationId !== null && typeof row.employerName === 'string' ? row.employerName : null;
  return {
    employmentRecordId, userId, organizationId, organizationName,
    // spec part 3 section 6: request details show the record unless a director looks at a director's
    showEmploymentRecord: await holdsNamed(ctx.registry, 'showsRequestEmploymentRecord', { ...context, row }),
    active: { roles: [...new Set(roles.map((r) => r.role))].map((roleName) => ({ roleName, organizationId, organizationName })) },
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

interface GroupRow { role: string; organization_id: number | null; employment_record_id: number | null; organization_name: string | null; agency_is_closed: boolean | number | null }

/**
 * The role groups of a person (user management): one per organization, general roles without one;
 * for holders of User.write.all also the organizations of the person's open employments (roles may be empty).
 */
async function roleGroupsOfUser(ctx: AppContext, context: RuleContext, userId: number) {
  const { user } = context;
  const mayRead = user.id === userId || user.claims.includes('User.read.all') || (user.activeRole === rolesOfOrganizations(ctx.registry.roles).director && await inRelation(context, 'directedStaff', userId));
  if (!mayRead) throw forbidden();
  if (!(await userExists(ctx.db.knex, userId))) throw notFound('User');
  const rows = (await ctx.db.knex('user_roles as r').leftJoin('organizations as o', 'o.id', 'r.organization_id')
    .where({ 'r.user_id': userId, 'r.active': true }).orderBy('r.id')
    .select('r.role', 'r.organization_id', 'r.employment_record_id', 'o.organization_name', 'o.agency_is_closed')) as GroupRow[];
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
    const employments = (await ctx.db.knex('employment_records as e').join('organizations as o', 'o.id', 'e.organization_id')
      .where({ 'e.user_id': userId, 'e.disabled': false, 'o.is_registry_organization': true }).whereNull('e.end_date').orderBy('e.id')
      .select('e.id', 'e.organization_id', 'o.organization_name', 'o.agency_is_closed')) as { id: number; organization_id: number; organization_name: string; agency_is_closed: boolean | number | null }[];
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
    const action = (await ctx.db.knex('role_actions').where({ id: q.rolePromotionActionId }).first('user_id', 'employment_record_id')) as { user_id: number; employment_record_id: number | null } | undefined;
    if (!action || action.employment_record_id === null || (q.userId !== undefined && Number(action.user_id) !== q.userId)) throw notFound('Request');
    return rolesOfEmployment(ctx, context, Number(action.employment_record_id));
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
