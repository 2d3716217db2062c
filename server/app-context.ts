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
  return ruleContextFor(request.server.ctx, user);
}
