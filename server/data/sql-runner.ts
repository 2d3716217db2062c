import type { Knex } from 'knex';
import type { Statement } from 'better-sqlite3';
import type { Database } from './db.js';

/**
 * Runs a built read query on a connection of knex's own pool, without knex's query runner: the
 * runner costs ~0.2 ms per query, several times the query itself for a grid page (see
 * docs/performance.md). The connection is taken from and given back to the pool, so a read
 * still waits for a transaction that holds it (SQLite has one connection), exactly as before.
 * SQLite statements are prepared once per connection and SQL text.
 */

interface SqliteConnection {
  prepare: (sql: string) => Statement;
}
interface PgConnection {
  query: ((text: string, values: readonly unknown[]) => Promise<{ rows: Record<string, unknown>[] }>)
    & ((config: { name: string; text: string; values: readonly unknown[] }) => Promise<{ rows: Record<string, unknown>[] }>);
}

const STATEMENT_CACHE_MAX = 500;
const statements = new WeakMap<object, Map<string, Statement>>();

function prepared(conn: SqliteConnection, sql: string): Statement {
  let cache = statements.get(conn);
  if (!cache) statements.set(conn, (cache = new Map()));
  let st = cache.get(sql);
  if (!st) {
    if (cache.size >= STATEMENT_CACHE_MAX) cache.clear();
    cache.set(sql, (st = conn.prepare(sql)));
  }
  return st;
}

/** knex's better-sqlite3 client binds booleans as 1/0 and dates as epoch milliseconds. */
function sqliteValue(v: unknown): unknown {
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v instanceof Date) return v.valueOf();
  return v;
}

/** What this module reads of knex's pool (tarn): whether its one SQLite connection is free now. */
interface TarnPool {
  free?: readonly { resource: object }[];
  numPendingAcquires?: () => number;
  numPendingCreates?: () => number;
}

/**
 * SQLite's one connection when no one holds it or waits for it: a better-sqlite3 read runs to its
 * end synchronously, so nothing can take the connection meanwhile, and reading on it directly is
 * what acquiring, reading and releasing it would do, without the pool's promises and timeout
 * timer. Held by a transaction (or asked for): null, and the read waits its turn in the pool.
 */
function freeSqliteConnection(db: Database): object | null {
  const pool = (db.knex.client as { pool?: TarnPool }).pool;
  if (!pool?.free || pool.numPendingAcquires?.() !== 0 || pool.numPendingCreates?.() !== 0) return null;
  return pool.free[0]?.resource ?? null;
}

/** A connection of knex's pool for one read, given back afterwards (a read still waits for a transaction holding it). */
async function withConnection<T>(db: Database, read: (conn: object) => T | Promise<T>): Promise<T> {
  const free = db.dialect === 'sqlite' ? freeSqliteConnection(db) : null;
  if (free) return read(free);
  const client = db.knex.client as Knex.Client;
  const conn = (await client.acquireConnection()) as object;
  try {
    return await read(conn);
  } finally {
    await client.releaseConnection(conn);
  }
}

/** A built statement: its text and values as the driver takes them (knex's `toNative()`). */
export interface NativeStatement {
  sql: string;
  bindings: readonly unknown[];
}

export async function selectNative(db: Database, st: NativeStatement): Promise<Record<string, unknown>[]> {
  return withConnection(db, (conn) => {
    if (db.dialect === 'sqlite') return prepared(conn as SqliteConnection, st.sql).all(...st.bindings.map(sqliteValue)) as Record<string, unknown>[];
    return (conn as PgConnection).query(st.sql, st.bindings).then((r) => r.rows);
  });
}

export async function selectRows(db: Database, q: Knex.QueryBuilder): Promise<Record<string, unknown>[]> {
  return selectNative(db, q.toSQL().toNative());
}

/** The first row of a query, or undefined. */
export async function selectFirst(db: Database, q: Knex.QueryBuilder): Promise<Record<string, unknown> | undefined> {
  return (await selectRows(db, q))[0];
}

/**
 * A read whose SQL text never changes (only its values do): no query builder, prepared once per
 * connection (SQLite: a statement kept per connection; PostgreSQL: a named statement, which the
 * server parses and plans once per connection).
 */
export interface FixedStatement {
  /** the PostgreSQL statement's name, unique among the app's fixed statements */
  name: string;
  /** with `?` placeholders */
  sql: string;
  /** the same with `$1`, `$2`, ... */
  pgText: string;
}

export function fixedStatement(name: string, sql: string): FixedStatement {
  let n = 0;
  return { name, sql, pgText: sql.replace(/\?/g, () => `$${++n}`) };
}

export async function selectFixed<Row = Record<string, unknown>>(db: Database, st: FixedStatement, values: readonly (string | number)[]): Promise<Row[]> {
  return withConnection(db, (conn) => {
    if (db.dialect === 'sqlite') return prepared(conn as SqliteConnection, st.sql).all(...values) as Row[];
    return (conn as PgConnection).query({ name: st.name, text: st.pgText, values }).then((r) => r.rows as Row[]);
  });
}
