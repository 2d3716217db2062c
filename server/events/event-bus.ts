import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import { nowIso } from '../data/clock.js';
import { serialRunner } from '../data/serial-runner.js';
import type { DomainEvent, DomainEventType, PublishedEvent } from './domain-event.js';

export type EventHandler<T extends DomainEventType = DomainEventType> = (event: PublishedEvent<T>) => Promise<void> | void;

/**
 * Writes the event in the caller's transaction: it exists exactly when the change that causes it
 * is committed. The bus hands it to the subscribers afterwards.
 */
export async function publishEvent<T extends DomainEventType>(trx: Knex.Transaction, event: DomainEvent<T>): Promise<void> {
  const now = nowIso();
  await trx('domain_events').insert({
    type: event.type, payload: JSON.stringify(event.payload), actor_id: event.actorId, created_at: now, next_attempt_at: now, attempts: 0,
  });
}

/** After this many failed deliveries an event stays undispatched with its last error. */
export const MAX_EVENT_ATTEMPTS = 10;
const BATCH = 100;

export interface EventBus {
  /** a handler for one event type, or '*' for all; answers the unsubscribe function */
  subscribe: <T extends DomainEventType>(type: T | '*', handler: EventHandler<T>) => () => void;
  /** hands every due event to its subscribers, in order; concurrent calls run one after the other */
  dispatchPending: () => Promise<number>;
  start: (intervalMs: number) => void;
  stop: () => Promise<void>;
}

interface EventRow { id: number | string; type: string; payload: string; actor_id: number | null; created_at: string | Date; attempts: number }

const later = (ms: number) => new Date(Date.now() + ms).toISOString();

/**
 * Delivery is at least once: an event is marked dispatched after every handler succeeded; when
 * one throws, the event is tried again later (30 s doubling), so handlers must be idempotent.
 */
export function createEventBus(knex: Knex, log: FastifyBaseLogger): EventBus {
  const handlers = new Map<string, Set<EventHandler>>();

  async function run(): Promise<number> {
    const due = (await knex('domain_events').whereNull('dispatched_at').andWhere('next_attempt_at', '<=', nowIso())
      .andWhere('attempts', '<', MAX_EVENT_ATTEMPTS).orderBy('id').limit(BATCH)
      .select('id', 'type', 'payload', 'actor_id', 'created_at', 'attempts')) as EventRow[];
    let dispatched = 0;
    for (const row of due) {
      const event = {
        id: Number(row.id), type: row.type as DomainEventType, payload: JSON.parse(row.payload) as never,
        actorId: row.actor_id, createdAt: new Date(row.created_at).toISOString(),
      } as PublishedEvent;
      const targets = [...(handlers.get(row.type) ?? []), ...(handlers.get('*') ?? [])];
      try {
        for (const handle of targets) await handle(event);
        await knex('domain_events').where({ id: row.id }).update({ dispatched_at: nowIso(), attempts: row.attempts + 1, last_error: null });
        dispatched += 1;
      } catch (e) {
        const error = (e instanceof Error ? e.message : String(e)).slice(0, 2000);
        const attempts = row.attempts + 1;
        await knex('domain_events').where({ id: row.id }).update({ attempts, last_error: error, next_attempt_at: later(Math.min(30_000 * 2 ** (attempts - 1), 3_600_000)) });
        log.warn({ eventId: row.id, type: row.type, attempts, error }, 'a subscriber failed; the event will be handed over again');
      }
    }
    return dispatched;
  }

  const runner = serialRunner(run, log, 'event dispatch failed');

  return {
    subscribe: (type, handler) => {
      const set = handlers.get(type) ?? new Set<EventHandler>();
      set.add(handler as EventHandler);
      handlers.set(type, set);
      return () => { set.delete(handler as EventHandler); };
    },
    dispatchPending: runner.runNow,
    start: runner.start,
    stop: runner.stop,
  };
}
