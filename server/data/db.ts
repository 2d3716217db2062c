import { AsyncLocalStorage } from 'node:async_hooks';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { join } from 'node:path';
import { migrationSource } from '../../migrations/index.js';

export type Dialect = 'sqlite' | 'pg';
export interface Database {
  knex: Knex;
  dialect: Dialect;
}

// Dates stay ISO strings on both databases; timestamps become ISO 8601 UTC strings.
pg.types.setTypeParser(1082, (v: string) => v);
pg.types.setTypeParser(1114, (v: string) => new Date(`${v.replace(' ', 'T')}Z`).toISOString());
pg.types.setTypeParser(1184, (v: string) => new Date(v).toISOString());
pg.types.setTypeParser(20, (v: string) => Number(v));
pg.types.setTypeParser(1700, (v: string) => Number(v));

/**
 * Every PostgreSQL connection's settings. No JIT: the app's statements are short, and a view with
 * subplans is estimated above JIT's threshold although it reads a few thousand rows (compiling
 * took 160 ms of a 5 ms count).
 */
export const PG_SESSION_SETTINGS = "SET TIME ZONE 'UTC'; SET jit = off";

/** The transaction the code under way runs in, if any (set for every `knex.transaction(handler)`). */
const active = new AsyncLocalStorage<Knex.Transaction>();

/**
 * The transaction the caller runs in, if any: a read made on the caller's behalf while it holds a
 * transaction (a relation a rule asks for) runs in it, so it sees the transaction's own changes and
 * never waits for a second connection (SQLite has one; PostgreSQL's pool could run dry).
 */
export function currentTransaction(): Knex.Transaction | undefined {
  return active.getStore();
}

type Handler = (trx: Knex.Transaction) => unknown;

/** Makes `knex.transaction(handler)` remember its transaction for the handler's duration (currentTransaction). */
function trackTransactions(knex: Knex): Knex {
  const begin = knex.transaction.bind(knex) as (handler?: Handler | null, config?: unknown) => unknown;
  const tracked = (handler?: Handler | null, config?: unknown) =>
    (typeof handler === 'function' ? begin((trx) => active.run(trx, () => handler(trx)), config) : begin(handler, config));
  Object.defineProperty(knex, 'transaction', { value: tracked, configurable: true, writable: true });
  return knex;
}

export function openDatabase(databaseUrl: string | null, dataDir: string): Database {
  if (databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl)) {
    const knex = knexFactory({
      client: 'pg',
      connection: databaseUrl,
      pool: { min: 1, max: 10, afterCreate: (conn: pg.Client, done: (err: Error | null, c: pg.Client) => void) => {
        conn.query(PG_SESSION_SETTINGS, (err) => done(err ?? null, conn));
      } },
    });
    return { knex: trackTransactions(knex), dialect: 'pg' };
  }
  const filename = databaseUrl?.startsWith('sqlite:') ? databaseUrl.slice('sqlite:'.length) : join(dataDir, 'registry.sqlite');
  const knex = knexFactory({
    client: 'better-sqlite3',
    connection: { filename },
    useNullAsDefault: true,
    pool: {
      min: 1, max: 1,
      afterCreate: (conn: { pragma: (s: string) => unknown }, done: (err: Error | null, c: unknown) => void) => {
        for (const p of ['journal_mode = WAL', 'synchronous = NORMAL', 'foreign_keys = ON', 'cache_size = -65536', 'mmap_size = 268435456', 'temp_store = MEMORY', 'busy_timeout = 5000']) conn.pragma(p);
        // the planner's statistics, refreshed where missing or stale (SQLite's advice for long-lived connections):
        // without them a view joining people and roles is planned from the wrong end (docs/decisions.md, Search Users)
        conn.pragma('optimize = 0x10002');
        done(null, conn);
      },
    },
  });
  return { knex: trackTransactions(knex), dialect: 'sqlite' };
}

export async function migrate(db: Database): Promise<void> {
  await db.knex.migrate.latest({ migrationSource });
}
