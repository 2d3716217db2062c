import type { FastifyRequest } from 'fastify';
import type { Registry } from '../engine/metadata/registry.js';
import type { RuleContext, RuleUser } from '../engine/rules/rule-context.js';
import { DEFAULT_TIME_ZONE, todayIn } from '../engine/rules/today.js';
import type { AppConfig } from './config.js';
import type { Database } from './data/db.js';
import type { EventBus } from './events/event-bus.js';
import { requireUser } from './plugins/auth.js';

/** What every route reads: the database, the tenant's compiled metadata and the configuration. */
export interface AppContext {
  db: Database;
  registry: Registry;
  config: AppConfig;
  /** domain events: publish with publishEvent(trx, ...) in the change's transaction, subscribe here */
  events: EventBus;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export function ruleContextFor(ctx: AppContext, user: RuleUser): RuleContext {
  return { user, tenant: ctx.registry.tenant.code, today: todayIn(ctx.registry.tenant.timeZone ?? DEFAULT_TIME_ZONE) };
}

/** The one access chokepoint of a request: the caller (401 if none) and their rule context. */
export async function callerContext(request: FastifyRequest): Promise<RuleContext> {
  const user = await requireUser(request);
  return ruleContextFor(request.server.ctx, await withOrganizationScope(request.server.ctx, user));
}

/**
 * Adds the director's scope (RuleUser.directorOf / staffIds) from the active roles in the
 * database, so a role removed a minute ago no longer opens anyone's records. Only for holders of 200.
 */
export async function withOrganizationScope(ctx: AppContext, user: RuleUser): Promise<RuleUser> {
  if (!user.roles.includes('200')) return { ...user, directorOf: [], staffIds: [] };
  const knex = ctx.db.knex;
  const directed = (await knex('user_roles').where({ user_id: user.id, role: '200', active: true }).whereNotNull('organization_id')
    .distinct('organization_id')).map((r: { organization_id: number }) => Number(r.organization_id));
  if (directed.length === 0) return { ...user, directorOf: [], staffIds: [] };
  const staff = (await knex('user_roles').where({ role: '100', active: true }).whereIn('organization_id', directed)
    .distinct('user_id')).map((r: { user_id: number }) => Number(r.user_id));
  return { ...user, directorOf: directed, staffIds: staff };
}
