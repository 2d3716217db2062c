import type { LiveChannel } from './realtime/live-channel.js';
import type { FastifyRequest } from 'fastify';
import { roleWithDuty } from '../engine/access/role-duties.js';
import type { Registry } from '../engine/metadata/registry.js';
import type { RuleContext, RuleUser } from '../engine/rules/rule-context.js';
import { todayIn } from '../engine/rules/today.js';
import type { AppConfig } from './config.js';
import type { Database } from './data/db.js';
import type { EventBus } from './events/event-bus.js';
import { AppError } from './errors.js';
import { verifiedCaller } from './plugins/auth.js';
import type { RegistryHolder } from './metadata/registry-holder.js';

/** What every route reads: the database, the tenant's compiled metadata and the configuration. */
export interface AppContext {
  db: Database;
  /** the tenant's compiled metadata: the request's own (it keeps the one it started with), else the current one */
  readonly registry: Registry;
  /** the current registry, swapped when administrators publish (issue 13) */
  registries: RegistryHolder;
  config: AppConfig;
  /** domain events: publish with publishEvent(trx, ...) in the change's transaction, subscribe here */
  events: EventBus;
  /** the real-time hub's channel: signalAfterCommit(trx, ctx.live, ...) after a change people should see at once */
  live: LiveChannel;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export function ruleContextFor(ctx: AppContext, user: RuleUser): RuleContext {
  return { user, tenant: ctx.registry.tenant.code, today: todayIn(ctx.registry.tenant.timeZone) };
}

/** The one access chokepoint of a request: the caller (401 if none) and their rule context. */
export async function callerContext(request: FastifyRequest): Promise<RuleContext> {
  const { user, current } = await verifiedCaller(request);
  // the scope is read while the session is checked; nothing is answered unless the session holds
  const [isCurrent, scoped] = await Promise.all([current, withOrganizationScope(request.server.ctx, user)]);
  if (!isCurrent) throw new AppError('unauthorized', 'Unauthorized');
  return ruleContextFor(request.server.ctx, scoped);
}

/**
 * Adds the caller's organization scope from the active roles in the database, so a role removed a
 * minute ago no longer opens anyone's records: a director's organizations and staff, a licensing
 * consultant's assigned agencies and their staff (both read side by side).
 */
export async function withOrganizationScope(ctx: AppContext, user: RuleUser): Promise<RuleUser> {
  const [director, consultant] = await Promise.all([directorScope(ctx, user), consultantScope(ctx, user)]);
  return { ...user, directorOf: director.organizations, staffIds: director.staff, assignedAgencies: consultant.organizations, assignedStaffIds: consultant.staff };
}

interface OrganizationScope { organizations: number[]; staff: number[] }
type ScopeRow = { organization_id: number; user_id: number | null };

const NO_SCOPE: OrganizationScope = { organizations: [], staff: [] };

function scopeOf(rows: ScopeRow[]): OrganizationScope {
  return {
    organizations: [...new Set(rows.map((r) => Number(r.organization_id)))],
    staff: [...new Set(rows.filter((r) => r.user_id !== null).map((r) => Number(r.user_id)))],
  };
}

/**
 * RuleUser.directorOf / staffIds: only for holders of the director role (roles.json duty
 * 'director'); staff are the holders of the role with duty 'staff'.
 */
async function directorScope(ctx: AppContext, user: RuleUser): Promise<OrganizationScope> {
  const [director, staffRole] = [roleWithDuty(ctx.registry.roles, 'director'), roleWithDuty(ctx.registry.roles, 'staff')];
  if (director === undefined || staffRole === undefined || !user.roles.includes(director)) return NO_SCOPE;
  // one query: each directed organization with the people holding an active staff role there
  return scopeOf((await ctx.db.knex('user_roles as d')
    .leftJoin('user_roles as s', (j) => j.on('s.organization_id', 'd.organization_id').andOnVal('s.role', staffRole).andOnVal('s.active', true))
    .where({ 'd.user_id': user.id, 'd.role': director, 'd.active': true }).whereNotNull('d.organization_id')
    .distinct('d.organization_id', 's.user_id')) as ScopeRow[]);
}

/**
 * RuleUser.assignedAgencies / assignedStaffIds (table staff_agency_assignments) for holders of the
 * role with duty 'consultant' (350): their Verification Requests scope (entity 15, rule
 * consultantSeesPerson) follows the assignments.
 */
async function consultantScope(ctx: AppContext, user: RuleUser): Promise<OrganizationScope> {
  const [consultant, staffRole] = [roleWithDuty(ctx.registry.roles, 'consultant'), roleWithDuty(ctx.registry.roles, 'staff')];
  if (consultant === undefined || staffRole === undefined || !user.roles.includes(consultant)) return NO_SCOPE;
  return scopeOf((await ctx.db.knex('staff_agency_assignments as a')
    .leftJoin('user_roles as s', (j) => j.on('s.organization_id', 'a.organization_id').andOnVal('s.role', staffRole).andOnVal('s.active', true))
    .where({ 'a.staff_user_id': user.id }).distinct('a.organization_id', 's.user_id')) as ScopeRow[]);
}
