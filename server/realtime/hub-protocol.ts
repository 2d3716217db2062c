/**
 * The SignalR JSON hub protocol (version 1), as far as this hub speaks it: every record is a JSON
 * text terminated by the record separator 0x1E; the first record from the client is the handshake
 * request, answered by an empty object (or an error); then invocations (1), stream items (2),
 * completions (3), stream invocations (4), cancel invocations (5), pings (6) and close (7).
 */

export const RECORD_SEPARATOR = '\u001e';

export const MESSAGE_TYPE = {
  invocation: 1,
  streamItem: 2,
  completion: 3,
  streamInvocation: 4,
  cancelInvocation: 5,
  ping: 6,
  close: 7,
} as const;

export interface HandshakeRequest { protocol: string; version: number }

/** A message from the client, checked only as far as the hub needs it. */
export interface ClientMessage {
  type: number;
  invocationId?: string;
  target?: string;
  arguments?: unknown[];
}

/** Splits received text into complete records; the remainder (a record not finished yet) is kept by the caller. */
export function splitRecords(buffered: string): { records: string[]; rest: string } {
  const parts = buffered.split(RECORD_SEPARATOR);
  const rest = parts.pop() ?? '';
  return { records: parts, rest };
}

export function record(message: object): string {
  return JSON.stringify(message) + RECORD_SEPARATOR;
}

/** The handshake request, or null when the record is not one. */
export function parseHandshake(text: string): HandshakeRequest | null {
  const value = parseObject(text);
  if (!value || typeof value.protocol !== 'string' || typeof value.version !== 'number') return null;
  return { protocol: value.protocol, version: value.version };
}

/** A hub message, or null when the record is not a JSON object with a numeric type. */
export function parseMessage(text: string): ClientMessage | null {
  const value = parseObject(text);
  if (!value || typeof value.type !== 'number') return null;
  return {
    type: value.type,
    invocationId: typeof value.invocationId === 'string' ? value.invocationId : undefined,
    target: typeof value.target === 'string' ? value.target : undefined,
    arguments: Array.isArray(value.arguments) ? (value.arguments as unknown[]) : undefined,
  };
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export const handshakeAccepted = (): string => record({});
export const handshakeRefused = (error: string): string => record({ error });
export const ping = (): string => record({ type: MESSAGE_TYPE.ping });
export const invocation = (target: string, args: unknown[]): string => record({ type: MESSAGE_TYPE.invocation, target, arguments: args });
export const completion = (invocationId: string, outcome: { result: unknown } | { error: string }): string =>
  record({ type: MESSAGE_TYPE.completion, invocationId, ...outcome });
export const closeMessage = (error: string | undefined, allowReconnect: boolean): string =>
  record({ type: MESSAGE_TYPE.close, ...(error ? { error } : {}), ...(allowReconnect ? { allowReconnect: true } : {}) });
