import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel, type HubConnection } from '@microsoft/signalr';

/**
 * The browser's connection to the real-time hub (spec part 3 section 7): the standard SignalR
 * client over WebSockets to /message-hub, the session token as access token, the person's group
 * joined; tries up to `attempts` times, `seconds` apart, to connect and, once connected, to
 * reconnect ('On close it reconnects unless stopped on purpose'); `onGaveUp` when it gives up.
 */

/** The hub's events (userId plus payload). */
export const LIVE_EVENTS = ['MessageCountChange', 'MessageReceived', 'NotificationCountChange', 'NotificationReceived', 'RolePromotionActionReceived'] as const;
export type LiveEventName = (typeof LIVE_EVENTS)[number];
export type LiveEventHandler = (userId: number, payload: unknown) => void;

const handlers = new Map<LiveEventName, Set<LiveEventHandler>>();

/** Hears an event of the hub (badges, lists, the Requests grid); answers the unsubscribe function. */
export function onLiveEvent(event: LiveEventName, handler: LiveEventHandler): () => void {
  const set = handlers.get(event) ?? new Set<LiveEventHandler>();
  set.add(handler);
  handlers.set(event, set);
  return () => { set.delete(handler); };
}

const reconnectHandlers = new Set<() => void>();

/** Hears the connection coming back after a drop (events may have been missed: reload what is shown); answers the unsubscribe function. */
export function onLiveReconnected(handler: () => void): () => void {
  reconnectHandlers.add(handler);
  return () => { reconnectHandlers.delete(handler); };
}

function emit(event: LiveEventName, userId: number, payload: unknown): void {
  for (const h of [...(handlers.get(event) ?? [])]) {
    try {
      h(userId, payload);
    } catch {
      // one screen's failure does not keep the event from the others
    }
  }
}

export interface LiveHubOptions {
  userId: number;
  /** the current session token (read at every (re)connection: the token is refreshed while connected) */
  token: () => string | null;
  attempts: number;
  seconds: number;
  /** default '/message-hub' on the page's origin */
  url?: string;
  onJoinFailed: (error: unknown) => void;
  onLeaveFailed: (error: unknown) => void;
  /** every try failed, or the reconnection gave up, and the connection was not stopped on purpose */
  onGaveUp: () => void;
}

export interface LiveHub {
  /** leaves the group and stops (logout): no reconnection, no alert */
  stop: () => Promise<void>;
  /** the idle status call (docs/decisions.md: the hub method SetIdleStatus); only changes are sent */
  reportIdle: (idle: boolean) => Promise<void>;
  readonly connection: HubConnection;
}

let current: LiveHub | null = null;

/** The hub connection of the signed-in person, if any (e.g. to report idleness). */
export function currentLiveHub(): LiveHub | null {
  return current;
}

export function startLiveHub(o: LiveHubOptions): LiveHub {
  const delayMs = o.seconds * 1000;
  const connection = new HubConnectionBuilder()
    .withUrl(o.url ?? '/message-hub', {
      accessTokenFactory: () => o.token() ?? '',
      skipNegotiation: true,
      transport: HttpTransportType.WebSockets,
    })
    .withAutomaticReconnect(Array.from({ length: o.attempts }, () => delayMs))
    .configureLogging(LogLevel.None)
    .build();
  for (const event of LIVE_EVENTS) connection.on(event, (userId: number, payload: unknown) => emit(event, userId, payload));

  let stopping = false;
  let wake: (() => void) | null = null;
  const pause = () => new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, delayMs);
    wake = () => { clearTimeout(timer); resolve(); };
  });
  // the last idle status reported: a new connection starts active on the server, so an idle one says so again
  let idle = false;
  const sendIdle = () => connection.invoke('SetIdleStatus', idle).catch(() => undefined);
  const join = () => connection.invoke('JoinUserGroup', o.userId).then(
    () => { if (idle) void sendIdle(); },
    (e: unknown) => { if (!stopping) o.onJoinFailed(e); },
  );

  connection.onreconnected(() => {
    void join();
    for (const h of [...reconnectHandlers]) {
      try {
        h();
      } catch {
        // as for events
      }
    }
  });
  connection.onclose(() => { if (!stopping) o.onGaveUp(); });

  void (async () => {
    for (let attempt = 1; !stopping; attempt += 1) {
      try {
        await connection.start();
        break;
      } catch {
        if (stopping) return;
        if (attempt >= o.attempts) return o.onGaveUp();
        await pause();
      }
    }
    if (!stopping) await join();
  })();

  const hub: LiveHub = {
    connection,
    stop: async () => {
      stopping = true;
      wake?.();
      if (current === hub) current = null;
      if (connection.state === HubConnectionState.Connected) {
        // a connection the server closed meanwhile (the token signed out) has left already: no toast
        await connection.invoke('LeaveUserGroup', o.userId).catch((e: unknown) => { if (connection.state === HubConnectionState.Connected) o.onLeaveFailed(e); });
      }
      await connection.stop();
    },
    reportIdle: async (isIdle) => {
      if (isIdle === idle) return;
      idle = isIdle;
      if (connection.state === HubConnectionState.Connected) await sendIdle();
    },
  };
  current = hub;
  return hub;
}
