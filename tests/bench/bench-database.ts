import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory from 'knex';
import { openDatabase, type Database } from '../../server/data/db.js';

export interface BenchDatabase {
  db: Database;
  dataDir: string;
  /** the URL the app would be configured with (null: SQLite file in dataDir) */
  databaseUrl: string | null;
  /** the SQLite file or the PostgreSQL URL of the bench database */
  location: string;
  drop: () => Promise<void>;
}

/** A fresh database for the bench: `registry_bench_<timestamp>` on DATABASE_URL's server, else a temp SQLite file. */
export async function benchDatabase(): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'registry-bench-'));
  const serverUrl = process.env.DATABASE_URL ?? '';
  if (!/^postgres(ql)?:\/\//.test(serverUrl)) {
    const db = openDatabase(null, dataDir);
    return {
      db, dataDir, databaseUrl: null, location: join(dataDir, 'registry.sqlite'),
      drop: async () => { await db.knex.destroy(); rmSync(dataDir, { recursive: true, force: true }); },
    };
  }
  const name = `registry_bench_${Date.now()}`;
  const admin = knexFactory({ client: 'pg', connection: serverUrl, pool: { min: 0, max: 1 } });
  await admin.raw(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = openDatabase(url.toString(), dataDir);
  return {
    db, dataDir, databaseUrl: url.toString(), location: url.toString(),
    drop: async () => {
      await db.knex.destroy();
      await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
