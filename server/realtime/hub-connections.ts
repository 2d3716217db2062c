import { closeMessage } from './hub-protocol.js';

/** What the hub uses of a WebSocket (the ws package's socket). */
export interface HubSocket {
  readonly readyState: number;
  send: (text: string) => void;
  close: (code?: number, reason?: string) => void;
}

const OPEN = 1;

/** One open hub connection of a signed-in person on this instance. */
export interface HubConnection {
  readonly id: string;
  readonly userId: number;
  /** the id of the token it opened with (a logout revokes it) */
  readonly jti: string | undefined;
  /** the session generation of its token (a password change or lock ends older ones) */
  readonly gen: number;
  readonly socket: HubSocket;
  /** whether the connection joined the person's group (JoinUserGroup): only then it hears events */
  joined: boolean;
  /** what the browser last reported through SetIdleStatus */
  idle: boolean;
}

/** The hub connections open on this instance, by person. */
export class HubConnections {
  private readonly byUser = new Map<number, Set<HubConnection>>();

  add(connection: HubConnection): void {
    const set = this.byUser.get(connection.userId) ?? new Set<HubConnection>();
    set.add(connection);
    this.byUser.set(connection.userId, set);
  }

  remove(connection: HubConnection): void {
    const set = this.byUser.get(connection.userId);
    if (!set) return;
    set.delete(connection);
    if (set.size === 0) this.byUser.delete(connection.userId);
  }

  /** Every connection open on this instance. */
  all(): HubConnection[] {
    return [...this.byUser.values()].flatMap((set) => [...set]);
  }

  /** The people with at least one connection in their group on this instance. */
  joinedUserIds(): number[] {
    const ids: number[] = [];
    for (const [userId, set] of this.byUser) if ([...set].some((c) => c.joined)) ids.push(userId);
    return ids;
  }

  /** Sends a record to every connection in the person's group. */
  sendToGroup(userId: number, text: string): void {
    for (const c of this.byUser.get(userId) ?? []) if (c.joined && c.socket.readyState === OPEN) c.socket.send(text);
  }

  /** Closes every connection of the person (a close message, then the socket). */
  closeUser(userId: number, error: string, allowReconnect: boolean): void {
    for (const c of [...(this.byUser.get(userId) ?? [])]) closeConnection(c, error, allowReconnect);
  }

  /** Closes the connections opened with a token that was revoked (logout). */
  closeToken(userId: number, jti: string, error: string): void {
    for (const c of [...(this.byUser.get(userId) ?? [])]) if (c.jti === jti) closeConnection(c, error, false);
  }

  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }
}

/** Says why (close message, type 7) and closes the socket; the close handler removes the connection. */
export function closeConnection(c: Pick<HubConnection, 'socket'>, error: string | undefined, allowReconnect: boolean): void {
  if (c.socket.readyState === OPEN) c.socket.send(closeMessage(error, allowReconnect));
  c.socket.close(1000);
}
