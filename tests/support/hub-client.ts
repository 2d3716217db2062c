import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import type { FastifyInstance } from 'fastify';

/** Where a listening app answers on the loopback address. */
export function baseUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening');
  return `http://127.0.0.1:${address.port}`;
}

/** The standard SignalR client, connected to the app's /message-hub (through negotiate unless skipNegotiation). */
export async function connectHub(app: FastifyInstance, token: () => string, opts: { skipNegotiation?: boolean } = {}): Promise<HubConnection> {
  const connection = new HubConnectionBuilder()
    .withUrl(`${baseUrl(app)}/message-hub`, {
      accessTokenFactory: token,
      ...(opts.skipNegotiation ? { skipNegotiation: true, transport: HttpTransportType.WebSockets } : {}),
    })
    .configureLogging(LogLevel.None)
    .build();
  await connection.start();
  return connection;
}

/** Resolves with the arguments of the next call of `event`, or rejects after `ms`. */
export function nextEvent(connection: HubConnection, event: string, ms = 1000): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { connection.off(event, handler); reject(new Error(`${event} did not arrive within ${ms} ms`)); }, ms);
    const handler = (...args: unknown[]) => { clearTimeout(timer); connection.off(event, handler); resolve(args); };
    connection.on(event, handler);
  });
}

/** Resolves when the connection closes (with the error it closed with), or rejects after `ms`. */
export function closed(connection: HubConnection, ms = 2000): Promise<Error | undefined> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the connection did not close within ${ms} ms`)), ms);
    connection.onclose((error) => { clearTimeout(timer); resolve(error); });
  });
}
