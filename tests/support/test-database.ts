import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory from 'knex';
import { openDatabase, type Database } from '../../server/data/db.js';

/** The database the suite runs on: PostgreSQL when DATABASE_URL names one, else SQLite. */
export const TEST_DIALECT: 'pg' | 'sqlite' = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '') ? 'pg' : 'sqlite';

export interface TestDatabase {
  db: Database;
  dataDir: string;
  databaseUrl: string | null;
  drop: () => Promise<void>;
}

/** A fresh, empty database for one test file: a new PostgreSQL database or a new SQLite file. */
export async function freshDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'registry-test-'));
  if (TEST_DIALECT === 'sqlite') {
    const db = openDatabase(null, dataDir);
    return { db, dataDir, databaseUrl: null, drop: async () => { await db.knex.destroy(); rmSync(dataDir, { recursive: true, force: true }); } };
  }
  const adminUrl = process.env.DATABASE_URL!;
  const name = `registry_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = knexFactory({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 1 } });
  await admin.raw(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = openDatabase(url.toString(), dataDir);
  return {
    db, dataDir, databaseUrl: url.toString(),
    drop: async () => {
      await db.knex.destroy();
      await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
