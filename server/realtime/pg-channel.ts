import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { LiveChannel, LiveListener, LiveSignal } from './live-channel.js';

/** The NOTIFY channel of the live signals (one per database: every instance on it hears them). */
const CHANNEL = 'registry_live';
/** NOTIFY's payload must stay under 8000 bytes; a margin for the encoding. */
export const NOTIFY_PAYLOAD_LIMIT = 7900;
/** How the listening connections are named in pg_stat_activity. */
export const LISTEN_APPLICATION_NAME = 'registry-live-channel';
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 10_000;

export interface PgLiveChannel extends LiveChannel {
  /** resolves once the first LISTEN is in place (signals of other instances are heard from then on) */
  ready: () => Promise<void>;
}

/**
 * The payloads (JSON, ids only) of one signal: one, or, when a list of people is too long for one
 * NOTIFY, the same event to halves of the list, split until each fits.
 */
export function notifyPayloads(signal: LiveSignal, limit = NOTIFY_PAYLOAD_LIMIT): string[] {
  const json = JSON.stringify(signal);
  if (Buffer.byteLength(json) <= limit) return [json];
  if (signal.kind !== 'event' || !('userIds' in signal.to) || signal.to.userIds.length < 2) return [json];
  const ids = signal.to.userIds;
  const half = Math.ceil(ids.length / 2);
  return [ids.slice(0, half), ids.slice(half)].flatMap((userIds) => notifyPayloads({ ...signal, to: { userIds } }, limit));
}

function parseSignal(payload: string | undefined): LiveSignal | null {
  try {
    const value = JSON.parse(payload ?? '') as LiveSignal;
    if (value?.kind === 'sessions-ended' && typeof value.userId === 'number') return value;
    if (value?.kind === 'token-revoked' && typeof value.jti === 'string' && typeof value.exp === 'number') return value;
    if (value?.kind === 'event' && typeof value.event === 'string' && value.to !== null && typeof value.to === 'object') return value;
    if (value?.kind === 'metadata-published' && typeof value.tenant === 'string' && typeof value.number === 'number') return value;
  } catch {
    // not ours
  }
  return null;
}

/**
 * The live channel across server instances on PostgreSQL: LISTEN on one dedicated connection
 * (re-established when it drops, with backoff), NOTIFY on the same connection. PostgreSQL delivers
 * a notification to every listening session, this one included, so this instance's listeners hear
 * their own signals the same way as the others'. Signals sent while the connection is down wait
 * for it; notifications of other instances in that gap are missed (see docs/decisions.md).
 */
export function createPgChannel(databaseUrl: string, log: FastifyBaseLogger): PgLiveChannel {
  const listeners = new Set<LiveListener>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let stopped = false;

  const hand = (signal: LiveSignal) => {
    for (const l of listeners) {
      try {
        l(signal);
      } catch (err) {
        log.error({ err }, 'live channel listener failed');
      }
    }
  };

  const deliver = (message: pg.Notification) => {
    if (message.channel !== CHANNEL) return;
    const signal = parseSignal(message.payload);
    if (!signal) return log.warn({ payload: message.payload }, 'live channel: a notification that is not a signal');
    hand(signal);
  };

  const dropped = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    // listening again: the signals of the gap are lost, so the listeners read their state anew
    if (!stopped) void connect().then(() => { if (listened) hand({ kind: 'resync' }); }, () => undefined);
  };

  const openOnce = async (): Promise<pg.Client> => {
    const c = new pg.Client({ connectionString: databaseUrl, application_name: LISTEN_APPLICATION_NAME, keepAlive: true });
    c.on('error', (err) => {
      log.warn({ err }, 'live channel connection lost');
      dropped(c);
    });
    c.on('end', () => dropped(c));
    c.on('notification', deliver);
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
      return c;
    } catch (err) {
      c.removeAllListeners();
      c.on('error', () => undefined);
      await c.end().catch(() => undefined);
      throw err;
    }
  };

  function connect(): Promise<pg.Client> {
    connecting ??= (async () => {
      for (let wait = RETRY_FIRST_MS; ; wait = Math.min(wait * 2, RETRY_MAX_MS)) {
        if (stopped) throw new Error('live channel stopped');
        try {
          const c = await openOnce();
          if (stopped) {
            await c.end().catch(() => undefined);
            throw new Error('live channel stopped');
          }
          client = c;
          return c;
        } catch (err) {
          if (stopped) throw err;
          log.warn({ err }, `live channel: cannot listen; retrying in ${wait} ms`);
          await new Promise((r) => setTimeout(r, wait));
        }
      }
    })().finally(() => { connecting = null; });
    return connecting;
  }

  const first = connect();
  first.catch(() => undefined);
  let listened = false;
  first.then(() => { listened = true; }, () => undefined);

  const send = async (signal: LiveSignal): Promise<void> => {
    try {
      const c = client ?? (await connect());
      for (const payload of notifyPayloads(signal)) await c.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);
    } catch (err) {
      log.error({ err, signal }, 'live signal not sent');
    }
  };
  // one statement at a time on the one connection: requests signal side by side, and a pg client
  // given a second query while one runs only queues it (deprecated, refused from pg 9)
  let sending: Promise<void> = Promise.resolve();

  return {
    ready: async () => { await first; },
    signal: (signal) => {
      sending = sending.then(() => send(signal));
      return sending;
    },
    listen: (listener) => {
      listeners.add(listener);
      return () => { listeners.delete(listener); };
    },
    stop: async () => {
      stopped = true;
      listeners.clear();
      const c = client;
      client = null;
      if (c) await c.end().catch(() => undefined);
    },
  };
}
