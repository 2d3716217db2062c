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
  query: (text: string, values: readonly unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
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

export async function selectRows(db: Database, q: Knex.QueryBuilder): Promise<Record<string, unknown>[]> {
  const native = q.toSQL().toNative();
  const client = db.knex.client as Knex.Client;
  const conn = (await client.acquireConnection()) as object;
  try {
    if (db.dialect === 'sqlite') {
      const st = prepared(conn as SqliteConnection, native.sql);
      return st.all(...native.bindings.map(sqliteValue)) as Record<string, unknown>[];
    }
    return (await (conn as PgConnection).query(native.sql, native.bindings)).rows;
  } finally {
    await client.releaseConnection(conn);
  }
}

/** The first row of a query, or undefined. */
export async function selectFirst(db: Database, q: Knex.QueryBuilder): Promise<Record<string, unknown> | undefined> {
  return (await selectRows(db, q))[0];
}
