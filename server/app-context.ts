import type { LiveChannel } from './realtime/live-channel.js';
import type { Registry } from '../engine/metadata/registry.js';
import type { RuleContext, RuleUser } from '../engine/rules/rule-context.js';
import { todayIn } from '../engine/rules/today.js';
import type { AppConfig } from './config.js';
import type { Database } from './data/db.js';
import type { EventBus } from './events/event-bus.js';
import { RequestRelations } from './rules/request-relations.js';
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

/**
 * The rule context of a person acting now: identity, tenant, today, and their relations, each read
 * from the database only when a rule asks (server/rules/request-relations.ts).
 */
export function ruleContextFor(ctx: AppContext, user: RuleUser): RuleContext {
  const relations = new RequestRelations(ctx.db, ctx.registry);
  const context: RuleContext = { user, relations, roles: ctx.registry.roles, tenant: ctx.registry.tenant.code, today: todayIn(ctx.registry.tenant.timeZone) };
  relations.bind(context);
  return context;
}
