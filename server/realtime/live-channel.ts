import type { Knex } from 'knex';
import { afterCommit } from '../data/after-commit.js';

/**
 * The live channel between the server's features and the real-time hub (spec part 3 section 7),
 * across server instances: a feature signals after its change is committed; every instance (this
 * one included) hears the signal and its hub sends the event to the people connected to it.
 * Signals carry ids only: on PostgreSQL they travel through NOTIFY, whose payload is small and
 * readable by every database session. Payloads for the browser are built by each instance, from
 * the database, for each person it sends to (see LivePayloadBuilder).
 */

/** The hub's events to a person's group (spec part 3 section 7), and the end of a person's sessions. */
export type LiveEventName =
  | 'MessageCountChange'
  | 'MessageReceived'
  | 'NotificationCountChange'
  | 'NotificationReceived'
  | 'RolePromotionActionReceived';

/** Who hears a signal: these people, or everyone an audience resolver names (e.g. a message's recipients). */
export type LiveAudience = { userIds: readonly number[] } | { audience: string; id: number };

export type LiveSignal =
  | { kind: 'event'; event: LiveEventName; to: LiveAudience; ref?: Record<string, number> }
  /** the person's sessions ended (password change, lock, archive): their hub connections close */
  | { kind: 'sessions-ended'; userId: number }
  /** one token was revoked by logout (jti; exp in epoch seconds): every instance refuses it, its hub connections close */
  | { kind: 'token-revoked'; userId: number; jti: string; exp: number }
  /** an administrator published version `number` of a tenant's metadata layer (issue 13): every instance serving it reloads its registry */
  | { kind: 'metadata-published'; tenant: string; number: number }
  /**
   * heard by this instance's listeners only, never sent: the instance may have missed signals (its
   * PostgreSQL LISTEN connection dropped and is back), so what they would have told is read again
   */
  | { kind: 'resync' };

export type LiveListener = (signal: LiveSignal) => void;

export interface LiveChannel {
  /** hands the signal to every instance's listeners (never throws: the change is committed already) */
  signal: (signal: LiveSignal) => Promise<void>;
  /** hears every instance's signals; answers the unsubscribe function */
  listen: (listener: LiveListener) => () => void;
  stop: () => Promise<void>;
}

/**
 * The payload of an event for one person, built by the instance that sends it; the feature that
 * owns the event registers it (messages, notifications). Without a builder the payload is `ref`.
 */
export type LivePayloadBuilder = (knex: Knex, userId: number, ref: Record<string, number> | undefined) => Promise<unknown>;
/** Of the people connected to this instance, those an audience holds (e.g. the recipients of message `id`). */
export type LiveAudienceResolver = (knex: Knex, id: number, connected: readonly number[]) => Promise<number[]>;

const payloadBuilders = new Map<LiveEventName, LivePayloadBuilder>();
const audienceResolvers = new Map<string, LiveAudienceResolver>();

export function registerLivePayload(event: LiveEventName, build: LivePayloadBuilder): void {
  payloadBuilders.set(event, build);
}

export function registerLiveAudience(audience: string, resolve: LiveAudienceResolver): void {
  audienceResolvers.set(audience, resolve);
}

export function livePayloadBuilder(event: LiveEventName): LivePayloadBuilder | undefined {
  return payloadBuilders.get(event);
}

export function liveAudienceResolver(audience: string): LiveAudienceResolver | undefined {
  return audienceResolvers.get(audience);
}

/** One process (SQLite, tests): signals go straight to this process's listeners. */
export function createMemoryChannel(): LiveChannel {
  const listeners = new Set<LiveListener>();
  return {
    signal: async (signal) => {
      for (const l of listeners) {
        try {
          l(signal);
        } catch {
          // a listener's failure is its own (the hub logs it); the change is committed
        }
      }
    },
    listen: (listener) => {
      listeners.add(listener);
      return () => { listeners.delete(listener); };
    },
    stop: async () => { listeners.clear(); },
  };
}

/** Signals once the transaction commits (nothing when it rolls back); outside a transaction at once. */
export function signalAfterCommit(trx: Knex | Knex.Transaction, channel: LiveChannel, signal: LiveSignal): void {
  afterCommit(trx, () => channel.signal(signal));
}
