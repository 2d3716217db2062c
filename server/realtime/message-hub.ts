import { randomBytes, randomUUID } from 'node:crypto';
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import type { TokenPayload } from '../domain/sessions/token-payload.js';
import { sessionIsCurrent } from '../domain/sessions/session-generation.js';
import { hubCaller } from './hub-token.js';
import { closeConnection, HubConnections, SOCKET_OPEN, type HubConnection, type HubSocket } from './hub-connections.js';
import {
  completion, handshakeAccepted, handshakeRefused, invocation, MESSAGE_TYPE, parseHandshake, parseMessage, ping, splitRecords,
  type ClientMessage,
} from './hub-protocol.js';
import { liveAudienceResolver, livePayloadBuilder, type LiveEventName, type LiveSignal } from './live-channel.js';
import { revocations } from '../data/revoked-token-store.js';

export const HUB_PATH = '/message-hub';
/** The server pings this often; the client's default server timeout is twice as long (30 s). */
const PING_MS = 15_000;
/** A client silent this long (it pings every 15 s by default) is gone. */
const CLIENT_TIMEOUT_MS = 30_000;
/** The handshake must come this soon after the socket opens. */
const HANDSHAKE_MS = 15_000;
/** setTimeout's longest wait */
const LONGEST_TIMER_MS = 2 ** 31 - 1;
/**
 * The badge counts: every joined person is sent them again after a resync (events of the gap may be
 * lost). An idle connection (SetIdleStatus true) does not hear them: it notes them and, when it
 * reports active again, gets each one afresh with the current count. Everything else (new messages
 * and notifications, role requests) is sent to idle connections as always.
 */
const COUNT_EVENTS = ['MessageCountChange', 'NotificationCountChange'] as const;
const HELD_WHILE_IDLE: ReadonlySet<LiveEventName> = new Set(COUNT_EVENTS);

/** Hub methods the client may invoke (spec part 3 section 7; SetIdleStatus: docs/decisions.md). */
type HubMethod = (c: HubConnection, args: unknown[]) => string | null;

function userIdArgument(value: unknown): number | null {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value)) return Number(value);
  return null;
}

/**
 * The real-time hub (spec part 3 section 7; issue 12 parts 5 and 6): the SignalR JSON hub protocol
 * over WebSocket at /message-hub, negotiation at POST /message-hub/negotiate. A person's
 * connections join their own group and hear the events signalled through ctx.live by any instance.
 */
export async function registerMessageHub(app: FastifyInstance): Promise<void> {
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  const connections = new HubConnections();
  const callers = new WeakMap<FastifyRequest, TokenPayload>();
  // the texts of the registry current when a message is sent (an administrator may publish new ones)
  const textOf = (key: string) => app.ctx.registry.texts[key] ?? key;

  const authenticate = async (request: FastifyRequest) => {
    const caller = await hubCaller(app, request);
    if (!caller) throw new AppError('unauthorized', 'Unauthorized');
    callers.set(request, caller);
  };

  app.post(`${HUB_PATH}/negotiate`, {
    schema: { hide: true },
    preValidation: authenticate,
  }, async () => {
    const connectionId = randomUUID();
    return {
      negotiateVersion: 1,
      connectionId,
      // not a credential: the access token is checked again when the WebSocket opens (docs/decisions.md)
      connectionToken: randomBytes(16).toString('base64url'),
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
    };
  });

  const methods: Record<string, HubMethod> = {
    JoinUserGroup: (c, args) => {
      if (userIdArgument(args[0]) !== c.userId) return textOf('hub.ownGroupOnly');
      if (app.revokedTokens.has(c.jti)) return textOf('hub.signedOut');
      c.joined = true;
      return null;
    },
    LeaveUserGroup: (c, args) => {
      if (userIdArgument(args[0]) !== c.userId) return textOf('hub.ownGroupOnly');
      c.joined = false;
      return null;
    },
    SetIdleStatus: (c, args) => {
      if (typeof args[0] !== 'boolean') return textOf('hub.badArguments');
      c.idle = args[0];
      if (!c.idle && c.held.size > 0) inOrder(() => sendHeld(c), { connection: c.id });
      return null;
    },
  };

  const onMessage = (c: HubConnection, m: ClientMessage) => {
    if (m.type === MESSAGE_TYPE.invocation) {
      const method = m.target !== undefined && Object.hasOwn(methods, m.target) ? methods[m.target] : undefined;
      const error = method ? method(c, m.arguments ?? []) : `${textOf('hub.unknownMethod')} ${m.target ?? ''}`.trim();
      if (m.invocationId !== undefined) c.socket.send(completion(m.invocationId, error === null ? { result: null } : { error }));
    } else if (m.type === MESSAGE_TYPE.streamInvocation && m.invocationId !== undefined) {
      c.socket.send(completion(m.invocationId, { error: textOf('hub.unknownMethod') }));
    } else if (m.type === MESSAGE_TYPE.close) {
      c.socket.close(1000);
    }
    // pings (6), stream items (2) and cancellations (5) need no answer
  };

  app.get(HUB_PATH, { websocket: true, schema: { hide: true }, preValidation: authenticate }, (socket, request) => {
    const caller = callers.get(request)!;
    const ws = socket as unknown as HubSocket & { on: (event: string, fn: (...args: never[]) => void) => void };
    const c: HubConnection = { id: randomUUID(), userId: caller.id, jti: caller.jti, gen: caller.gen ?? 0, socket: ws, joined: false, idle: false, held: new Set() };
    // counted from the moment the socket opens, so a logout or an ended session before the
    // handshake closes it too
    connections.add(c);
    if (app.revokedTokens.has(caller.jti)) closeConnection(c, textOf('hub.signedOut'), false);
    let handshaken = false;
    let buffered = '';
    let lastHeard = Date.now();
    const handshakeTimer = setTimeout(() => { if (!handshaken) ws.close(1002); }, HANDSHAKE_MS);
    const pingTimer = setInterval(() => {
      if (Date.now() - lastHeard > CLIENT_TIMEOUT_MS) return closeConnection(c, textOf('hub.timedOut'), true);
      if (handshaken) ws.send(ping());
    }, PING_MS);
    // an expired token is served no longer: the client reconnects with its refreshed one
    const expiryTimer = typeof caller.exp === 'number'
      ? setTimeout(() => closeConnection(c, textOf('hub.tokenExpired'), true), Math.min(Math.max(0, caller.exp * 1000 - Date.now()), LONGEST_TIMER_MS))
      : null;
    handshakeTimer.unref();
    pingTimer.unref();
    expiryTimer?.unref();

    ws.on('message', (data: Buffer, isBinary: boolean) => {
      lastHeard = Date.now();
      if (isBinary) return closeConnection(c, textOf('hub.textOnly'), false);
      const { records, rest } = splitRecords(buffered + data.toString('utf8'));
      buffered = rest;
      if (buffered.length > 64 * 1024) return closeConnection(c, textOf('hub.badMessage'), false);
      for (const text of records) {
        if (!handshaken) {
          const h = parseHandshake(text);
          if (!h || h.protocol !== 'json' || h.version !== 1) {
            ws.send(handshakeRefused(textOf('hub.protocolNotSupported')));
            ws.close(1000);
            return;
          }
          handshaken = true;
          ws.send(handshakeAccepted());
          continue;
        }
        const m = parseMessage(text);
        if (!m) return closeConnection(c, textOf('hub.badMessage'), false);
        onMessage(c, m);
      }
    });
    ws.on('close', () => {
      clearTimeout(handshakeTimer);
      clearInterval(pingTimer);
      if (expiryTimer) clearTimeout(expiryTimer);
      connections.remove(c);
    });
    ws.on('error', () => undefined);
  });

  // signals of every instance, delivered in the order heard (with the sends of held counts)
  let queue = Promise.resolve();
  function inOrder(work: () => Promise<void>, about: object): void {
    queue = queue.then(work).catch((err: unknown) => app.log.error({ err, ...about }, 'live signal not delivered'));
  }
  const stopListening = app.ctx.live.listen((signal) => inOrder(() => deliver(signal), { signal }));
  app.addHook('onClose', async () => stopListening());

  /**
   * After signals may have been missed (resync): closes the connections whose token was revoked or
   * whose session ended meanwhile, then sends every joined person their counts again.
   */
  async function resync(): Promise<void> {
    const { knex } = app.ctx.db;
    const revoked = new Set((await revocations(knex)).map((r) => r.jti));
    for (const c of connections.all()) {
      if (c.jti !== undefined && revoked.has(c.jti)) closeConnection(c, textOf('hub.signedOut'), false);
      else if (!(await sessionIsCurrent(app.ctx.db, c.userId, c.gen))) closeConnection(c, textOf('hub.sessionEnded'), true);
    }
    for (const userId of connections.joinedUserIds()) {
      for (const event of COUNT_EVENTS) {
        const build = livePayloadBuilder(event);
        if (build) connections.sendToGroup(userId, invocation(event, [userId, await build(knex, userId, undefined)]), event);
      }
    }
  }

  /** The counts a connection missed while idle, as they are now (the builders need no reference). */
  async function sendHeld(c: HubConnection): Promise<void> {
    const events = [...c.held] as LiveEventName[];
    c.held.clear();
    for (const event of events) {
      const build = livePayloadBuilder(event);
      if (!build) continue;
      const payload = await build(app.ctx.db.knex, c.userId, undefined);
      if (c.joined && !c.idle && c.socket.readyState === SOCKET_OPEN) c.socket.send(invocation(event, [c.userId, payload]));
    }
  }

  async function deliver(signal: LiveSignal): Promise<void> {
    if (signal.kind === 'resync') return resync();
    if (signal.kind === 'sessions-ended') {
      // the person may reconnect with a new token (their own password change); an ended token is refused
      connections.closeUser(signal.userId, textOf('hub.sessionEnded'), true);
      return;
    }
    if (signal.kind === 'token-revoked') {
      connections.closeToken(signal.userId, signal.jti, textOf('hub.signedOut'));
      return;
    }
    if (signal.kind === 'metadata-published') return; // the registry holder reloads (server/metadata/registry-holder.ts)
    const connected = connections.joinedUserIds();
    if (connected.length === 0) return;
    const { knex } = app.ctx.db;
    let audience: number[];
    if ('userIds' in signal.to) {
      const here = new Set(connected);
      audience = signal.to.userIds.filter((id) => here.has(id));
    } else {
      const resolve = liveAudienceResolver(signal.to.audience);
      if (!resolve) {
        app.log.warn({ audience: signal.to.audience }, 'no resolver for a live audience');
        return;
      }
      audience = await resolve(knex, signal.to.id, connected);
    }
    const build = livePayloadBuilder(signal.event);
    for (const userId of new Set(audience)) {
      const payload = build ? await build(knex, userId, signal.ref) : (signal.ref ?? null);
      connections.sendToGroup(userId, invocation(signal.event, [userId, payload]), HELD_WHILE_IDLE.has(signal.event) ? signal.event : undefined);
    }
  }
}
