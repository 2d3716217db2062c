import type { LiveChannel } from './realtime/live-channel.js';
import type { FastifyRequest } from 'fastify';
import { roleWithDuty } from '../engine/access/role-duties.js';
import type { Registry } from '../engine/metadata/registry.js';
import type { RuleContext, RuleUser } from '../engine/rules/rule-context.js';
import { todayIn } from '../engine/rules/today.js';
import type { AppConfig } from './config.js';
import type { Database } from './data/db.js';
import type { EventBus } from './events/event-bus.js';
import { requireUser } from './plugins/auth.js';
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
  const user = await requireUser(request);
  return ruleContextFor(request.server.ctx, await withOrganizationScope(request.server.ctx, user));
}

/**
 * Adds the director's scope (RuleUser.directorOf / staffIds) from the active roles in the
 * database, so a role removed a minute ago no longer opens anyone's records. Only for holders of the
 * director role (roles.json duty 'director'); staff are the holders of the role with duty 'staff'.
 */
export async function withOrganizationScope(ctx: AppContext, user: RuleUser): Promise<RuleUser> {
  return withAssignedAgencies(ctx, await withDirectorScope(ctx, user));
}

async function withDirectorScope(ctx: AppContext, user: RuleUser): Promise<RuleUser> {
  const [director, staffRole] = [roleWithDuty(ctx.registry.roles, 'director'), roleWithDuty(ctx.registry.roles, 'staff')];
  if (director === undefined || staffRole === undefined || !user.roles.includes(director)) return { ...user, directorOf: [], staffIds: [] };
  // one query: each directed organization with the people holding an active staff role there
  const rows = (await ctx.db.knex('user_roles as d')
    .leftJoin('user_roles as s', (j) => j.on('s.organization_id', 'd.organization_id').andOnVal('s.role', staffRole).andOnVal('s.active', true))
    .where({ 'd.user_id': user.id, 'd.role': director, 'd.active': true }).whereNotNull('d.organization_id')
    .distinct('d.organization_id', 's.user_id')) as { organization_id: number; user_id: number | null }[];
  const directed = [...new Set(rows.map((r) => Number(r.organization_id)))];
  const staff = [...new Set(rows.filter((r) => r.user_id !== null).map((r) => Number(r.user_id)))];
  return { ...user, directorOf: directed, staffIds: staff };
}

/**
 * Adds a licensing consultant's assigned agencies (RuleUser.assignedAgencies / assignedStaffIds,
 * table staff_agency_assignments) for holders of the role with duty 'consultant' (350): their
 * Verification Requests scope (entity 15, rule consultantSeesPerson) follows the assignments.
 */
async function withAssignedAgencies(ctx: AppContext, user: RuleUser): Promise<RuleUser> {
  const [consultant, staffRole] = [roleWithDuty(ctx.registry.roles, 'consultant'), roleWithDuty(ctx.registry.roles, 'staff')];
  if (consultant === undefined || staffRole === undefined || !user.roles.includes(consultant)) return { ...user, assignedAgencies: [], assignedStaffIds: [] };
  const rows = (await ctx.db.knex('staff_agency_assignments as a')
    .leftJoin('user_roles as s', (j) => j.on('s.organization_id', 'a.organization_id').andOnVal('s.role', staffRole).andOnVal('s.active', true))
    .where({ 'a.staff_user_id': user.id }).distinct('a.organization_id', 's.user_id')) as { organization_id: number; user_id: number | null }[];
  const assigned = [...new Set(rows.map((r) => Number(r.organization_id)))];
  const staff = [...new Set(rows.filter((r) => r.user_id !== null).map((r) => Number(r.user_id)))];
  return { ...user, assignedAgencies: assigned, assignedStaffIds: staff };
}
