import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { performance } from 'node:perf_hooks';

export interface LoopLimits {
  warmup: number;
  iterations: number;
  seconds: number;
}

export const DEFAULT_LIMITS: LoopLimits = { warmup: 30, iterations: 300, seconds: 20 };

export interface Timing {
  p50: number;
  p95: number;
  n: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Runs fn after a warm-up, at most `iterations` times and at most `seconds`; times in ms. */
export async function measure(fn: () => Promise<void>, limits: LoopLimits = DEFAULT_LIMITS): Promise<Timing> {
  const started = performance.now();
  for (let i = 0; i < limits.warmup && performance.now() - started < limits.seconds * 250; i++) await fn();
  const times: number[] = [];
  const deadline = performance.now() + limits.seconds * 1000;
  while (times.length < limits.iterations && performance.now() < deadline) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), n: times.length };
}

/** SQL with `?` placeholders run on a connection of its own, next to (not through) the app. */
export interface BareSql {
  query: (sql: string, params: readonly unknown[]) => Promise<Record<string, unknown>[]>;
  close: () => Promise<void>;
}

export function bareSqlite(file: string): BareSql {
  const conn = new BetterSqlite3(file, { readonly: true });
  for (const p of ['cache_size = -65536', 'mmap_size = 268435456', 'temp_store = MEMORY']) conn.pragma(p);
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    query: async (sql, params) => {
      let st = statements.get(sql);
      if (!st) statements.set(sql, (st = conn.prepare(sql)));
      return st.all(...params.map((p) => (typeof p === 'boolean' ? Number(p) : p))) as Record<string, unknown>[];
    },
    close: async () => { conn.close(); },
  };
}

/** `connections` above 1: a pool of that many (what a server serving requests at once needs). */
export async function barePostgres(url: string, connections = 1): Promise<BareSql> {
  // each connection's settings as the app's (PG_SESSION_SETTINGS), given at connect
  const pool = new pg.Pool({ connectionString: url, max: connections, options: '-c TimeZone=UTC -c jit=off' });
  return {
    query: async (sql, params) => {
      let n = 0;
      const text = sql.replace(/\?/g, () => `$${++n}`);
      return (await pool.query(text, [...params])).rows as Record<string, unknown>[];
    },
    close: async () => { await pool.end(); },
  };
}

export function fmt(ms: number): string {
  return Number.isNaN(ms) ? '-' : ms < 1 ? ms.toFixed(3) : ms < 100 ? ms.toFixed(2) : ms.toFixed(0);
}
