import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import { nowIso } from '../data/clock.js';
import type { Database } from '../data/db.js';
import { serialRunner } from '../data/serial-runner.js';
import { claimRows } from '../jobs/claim-rows.js';
import { wakeAfterCommit } from '../jobs/wake-after-commit.js';
import type { DomainEvent, DomainEventType, PublishedEvent } from './domain-event.js';

export type EventHandler<T extends DomainEventType = DomainEventType> = (event: PublishedEvent<T>) => Promise<void> | void;

/** The job that hands pending events to their subscribers (server/jobs). */
export const EVENT_DISPATCH_JOB = 'event-dispatch';

/**
 * Writes the event in the caller's transaction: it exists exactly when the change that causes it
 * is committed. The dispatch job is woken once it is.
 */
export async function publishEvent<T extends DomainEventType>(trx: Knex.Transaction, event: DomainEvent<T>): Promise<void> {
  const now = nowIso();
  await trx('domain_events').insert({
    type: event.type, payload: JSON.stringify(event.payload), actor_id: event.actorId, created_at: now, next_attempt_at: now, attempts: 0,
  });
  wakeAfterCommit(trx, EVENT_DISPATCH_JOB);
}

/** After this many failed deliveries an event stays undispatched with its last error. */
export const MAX_EVENT_ATTEMPTS = 10;
/** A claimed event not marked dispatched or failed within this time is handed over again. */
export const EVENT_LEASE_MS = 5 * 60_000;
const BATCH = 100;

export interface EventBus {
  /** a handler for one event type, or '*' for all; answers the unsubscribe function */
  subscribe: <T extends DomainEventType>(type: T | '*', handler: EventHandler<T>) => () => void;
  /** claims every due event and hands it to its subscribers, in order; concurrent calls run one after the other */
  dispatchPending: () => Promise<number>;
  /** waits for the dispatch in progress (the app's close) */
  stop: () => Promise<void>;
}

interface EventRow { id: number | string; type: string; payload: string; actor_id: number | null; created_at: string | Date; attempts: number }

const later = (ms: number) => new Date(Date.now() + ms).toISOString();

/**
 * Delivery is at least once: an event is claimed (its attempt counted, a lease set) by one
 * worker of one instance, marked dispatched after every handler succeeded; when one throws, the
 * event is tried again later (30 s doubling), so handlers must be idempotent.
 */
export function createEventBus(db: Database, log: FastifyBaseLogger): EventBus {
  const { knex } = db;
  const handlers = new Map<string, Set<EventHandler>>();

  const claim = () => claimRows<EventRow>(db, {
    table: 'domain_events',
    due: (q) => { void q.whereNull('dispatched_at').andWhere('next_attempt_at', '<=', nowIso()).andWhere('attempts', '<', MAX_EVENT_ATTEMPTS); },
    set: { attempts: knex.raw('attempts + 1'), next_attempt_at: later(EVENT_LEASE_MS) },
    columns: ['id', 'type', 'payload', 'actor_id', 'created_at', 'attempts'],
    orderBy: ['id'],
    limit: BATCH,
  });

  async function dispatch(row: EventRow): Promise<boolean> {
    const event = {
      id: Number(row.id), type: row.type as DomainEventType, payload: JSON.parse(row.payload) as never,
      actorId: row.actor_id, createdAt: new Date(row.created_at).toISOString(),
    } as PublishedEvent;
    const targets = [...(handlers.get(row.type) ?? []), ...(handlers.get('*') ?? [])];
    const mine = knex('domain_events').where({ id: row.id, attempts: row.attempts }); // still this worker's claim
    try {
      for (const handle of targets) await handle(event);
      await mine.update({ dispatched_at: nowIso(), last_error: null });
      return true;
    } catch (e) {
      const error = (e instanceof Error ? e.message : String(e)).slice(0, 2000);
      await mine.update({ last_error: error, next_attempt_at: later(Math.min(30_000 * 2 ** (row.attempts - 1), 3_600_000)) });
      log.warn({ eventId: row.id, type: row.type, attempts: row.attempts, error }, 'a subscriber failed; the event will be handed over again');
      return false;
    }
  }

  async function run(): Promise<number> {
    let dispatched = 0;
    for (;;) {
      const claimed = await claim();
      for (const row of claimed) if (await dispatch(row)) dispatched += 1;
      if (claimed.length < BATCH) return dispatched;
    }
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
    stop: runner.stop,
  };
}
