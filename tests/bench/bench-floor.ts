import fastify, { type FastifyInstance } from 'fastify';
import fastifyJwt from '@fastify/jwt';
import type { AddressInfo } from 'node:net';
import type { BareSql } from './bench-measure.js';
import type { Statement } from './bench-scenarios.js';

/** The session row the app reads per request, by primary key. */
const SESSION_SQL = 'select session_generation, locked, locked_until, disabled from users where id = ?';

interface Payload { id: number; gen?: number }

/**
 * The floor of a grid request (DESIGN section 5's budget): a bare Fastify server that verifies the
 * same bearer token (@fastify/jwt, the app's secret and verify cache), reads the same session row
 * and runs the same page SQL on the same database (`bare`: a prepared statement per SQL text on
 * SQLite, a pool on PostgreSQL), and answers the rows as JSON. `pages` maps the request body (as
 * the load generator sends it) to the statement of its page.
 */
export async function floorServer(secret: string, bare: BareSql, pages: Map<string, Statement>): Promise<{ port: number; close: () => Promise<void> }> {
  const app: FastifyInstance = fastify({ logger: false });
  await app.register(fastifyJwt, { secret, verify: { cache: true } });
  app.post('/api/grid', async (request, reply) => {
    try {
      await request.jwtVerify();
    } catch {
      return reply.code(401).send({ message: 'Unauthorized' });
    }
    const { id, gen } = request.user as Payload;
    const [session] = await bare.query(SESSION_SQL, [id]);
    if (!session || session.locked || session.disabled || Number(session.session_generation) !== (gen ?? 0)) return reply.code(401).send({ message: 'Unauthorized' });
    if (session.locked_until && new Date(String(session.locked_until)).getTime() > Date.now()) return reply.code(401).send({ message: 'Unauthorized' });
    const page = pages.get(JSON.stringify(request.body));
    if (!page) return reply.code(404).send({ message: 'No such page' });
    return { gridData: await bare.query(page.sql, page.params) };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { port: (app.server.address() as AddressInfo).port, close: () => app.close() };
}
