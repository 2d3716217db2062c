import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { EDUCATION_COLUMNS, educationRow, prng, type EducationValues } from './bench-values.js';
import type { UserRow } from '../../server/domain/identity.js';

export const BATCH = 10_000;
/** Organizations of the bench: every person holds the staff role (100) and an employment at one. */
export const ORGANIZATIONS = 1_000;
/** Counties the organizations lie in (about a state's). */
export const COUNTIES = 95;

/** The organization of a bench person (ids 1..ORGANIZATIONS, in load order). */
export function organizationOf(userId: number): number {
  return (userId % ORGANIZATIONS) + 1;
}

export function countyName(n: number): string {
  return `County${String(n).padStart(2, '0')}`;
}

interface OrganizationValues {
  id: number;
  organization_name: string;
  city: string;
  county: string;
  created_at: string;
  updated_at: string;
}

function organizationRows(): OrganizationValues[] {
  const at = new Date(Date.UTC(2019, 0, 1)).toISOString();
  return Array.from({ length: ORGANIZATIONS }, (_, i) => ({
    id: i + 1, organization_name: `Bench Learning Center ${i + 1}`, city: `City${i % 200}`, county: countyName((i % COUNTIES) + 1), created_at: at, updated_at: at,
  }));
}
const ORGANIZATION_COLUMNS: readonly (keyof OrganizationValues)[] = ['id', 'organization_name', 'city', 'county', 'created_at', 'updated_at'];

export interface LoadPlan {
  /** first bulk user id (the ones created through createUser come before) */
  firstUserId: number;
  /** people who own education rows: [firstOwnerId, lastOwnerId] */
  firstOwnerId: number;
  lastOwnerId: number;
  rowsPerPerson: number;
}

type UserValues = Pick<UserRow, 'id' | 'user_name' | 'email' | 'first_name' | 'last_name' | 'registry_id'> & {
  confirmed: boolean;
  first_time: boolean;
  created_at: string;
  updated_at: string;
};

function userRow(id: number): UserValues {
  const name = `bench${id}@bench.registry.test`;
  const at = new Date(Date.UTC(2020, 0, 1) + id * 1000).toISOString();
  return { id, user_name: name, email: name, first_name: 'Bench', last_name: `Person${id}`, registry_id: `TB${String(id).padStart(7, '0')}`, confirmed: true, first_time: false, created_at: at, updated_at: at };
}

/** Batches of education rows, 10 per person, the same sequence on every database. */
function* educationBatches(plan: LoadPlan): Generator<EducationValues[]> {
  const rand = prng(20240601);
  let batch: EducationValues[] = [];
  for (let owner = plan.firstOwnerId; owner <= plan.lastOwnerId; owner++) {
    for (let i = 0; i < plan.rowsPerPerson; i++) {
      batch.push(educationRow(rand, owner));
      if (batch.length === BATCH) {
        yield batch;
        batch = [];
      }
    }
  }
  if (batch.length) yield batch;
}

function* userBatches(plan: LoadPlan): Generator<UserValues[]> {
  for (let from = plan.firstUserId; from <= plan.lastOwnerId; from += BATCH) {
    const batch: UserValues[] = [];
    for (let id = from; id < Math.min(from + BATCH, plan.lastOwnerId + 1); id++) batch.push(userRow(id));
    yield batch;
  }
}

const USER_COLUMNS: readonly (keyof UserValues)[] = ['id', 'user_name', 'email', 'first_name', 'last_name', 'registry_id', 'confirmed', 'first_time', 'created_at', 'updated_at'];
const sqliteValue = (v: unknown): unknown => (typeof v === 'boolean' ? Number(v) : v);

/** Bulk load on SQLite: secondary indexes of education dropped and recreated (same definitions). */
export function loadSqlite(file: string, plan: LoadPlan, schools: Set<string>): void {
  const conn = new BetterSqlite3(file);
  conn.pragma('journal_mode = WAL');
  conn.pragma('synchronous = OFF');
  conn.pragma('cache_size = -262144');
  const indexes = conn.prepare("select name, sql from sqlite_master where type = 'index' and tbl_name = 'education' and sql is not null").all() as { name: string; sql: string }[];
  for (const ix of indexes) conn.exec(`drop index "${ix.name}"`);
  const now = new Date().toISOString();
  const insertUser = conn.prepare(`insert into users (${USER_COLUMNS.join(', ')}) values (${USER_COLUMNS.map(() => '?').join(', ')})`);
  const insertOrganization = conn.prepare(`insert into organizations (${ORGANIZATION_COLUMNS.join(', ')}) values (${ORGANIZATION_COLUMNS.map(() => '?').join(', ')})`);
  conn.transaction(() => { for (const o of organizationRows()) insertOrganization.run(...ORGANIZATION_COLUMNS.map((c) => o[c])); })();
  const insertEmployment = conn.prepare("insert into employment_records (id, user_id, organization_id, title_position, start_date, created_at, updated_at) values (?, ?, ?, 'Teacher', '2020-08-01', ?, ?)");
  const insertRole = conn.prepare("insert into user_roles (user_id, role, organization_id, employment_record_id, active, created_at, updated_at) values (?, '100', ?, ?, 1, ?, ?)");
  const insertEducation = conn.prepare(`insert into education (${EDUCATION_COLUMNS.join(', ')}) values (${EDUCATION_COLUMNS.map(() => '?').join(', ')})`);
  const usersTx = conn.transaction((batch: UserValues[]) => {
    for (const u of batch) {
      insertUser.run(...USER_COLUMNS.map((c) => sqliteValue(u[c])));
      insertEmployment.run(u.id, u.id, organizationOf(u.id), now, now);
      insertRole.run(u.id, organizationOf(u.id), u.id, now, now);
    }
  });
  const educationTx = conn.transaction((batch: EducationValues[]) => {
    for (const e of batch) {
      insertEducation.run(...EDUCATION_COLUMNS.map((c) => sqliteValue(e[c])));
      schools.add(e.school);
    }
  });
  for (const batch of userBatches(plan)) usersTx(batch);
  for (const batch of educationBatches(plan)) educationTx(batch);
  for (const ix of indexes) conn.exec(ix.sql);
  // the text index exactly as indexTextValues writes it: one row per distinct value, plus its FTS row
  const insertText = conn.prepare("insert into text_index (entity_type_id, field, value, value_lc) values (4, 'school', ?, ?) on conflict (entity_type_id, field, value) do nothing");
  const insertFts = conn.prepare('insert into text_index_fts (rowid, value_lc) values (?, ?)');
  conn.transaction(() => {
    for (const s of schools) {
      const r = insertText.run(s, s.toLowerCase());
      if (r.changes === 1) insertFts.run(r.lastInsertRowid, s.toLowerCase());
    }
  })();
  // statistics, as the PostgreSQL load's vacuum analyze and the server's optimize on open give the planner
  conn.exec('analyze');
  conn.pragma('wal_checkpoint(TRUNCATE)');
  conn.close();
}

const PG_EDUCATION_TYPES: Record<keyof EducationValues, string> = {
  user_id: 'int', education_level: 'text', school: 'text', major: 'text', degree_status: 'text', start_date: 'date',
  end_date: 'date', credit_hours: 'float8', file_key: 'text', verification_status: 'text', verified: 'bool',
  disabled: 'bool', created_at: 'timestamptz', updated_at: 'timestamptz',
};
const PG_USER_TYPES: Record<keyof UserValues, string> = {
  id: 'int', user_name: 'text', email: 'text', first_name: 'text', last_name: 'text', registry_id: 'text',
  confirmed: 'bool', first_time: 'bool', created_at: 'timestamptz', updated_at: 'timestamptz',
};

const PG_ORGANIZATION_TYPES: Record<keyof OrganizationValues, string> = {
  id: 'int', organization_name: 'text', city: 'text', county: 'text', created_at: 'timestamptz', updated_at: 'timestamptz',
};

async function insertUnnest<T extends object>(client: pg.Client, table: string, types: Record<keyof T & string, string>, rows: T[]): Promise<void> {
  const columns = Object.keys(types) as (keyof T & string)[];
  const arrays = columns.map((c) => rows.map((r) => r[c]));
  const list = columns.map((c, i) => `$${i + 1}::${types[c]}[]`).join(', ');
  await client.query(`insert into ${table} (${columns.join(', ')}) select * from unnest(${list})`, arrays);
}

/** Bulk load on PostgreSQL, 10k rows per transaction via unnest; indexes dropped and recreated. */
export async function loadPostgres(url: string, plan: LoadPlan, schools: Set<string>): Promise<void> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    const indexes = (await client.query<{ indexname: string; indexdef: string }>("select indexname, indexdef from pg_indexes where tablename = 'education' and indexname not like '%_pkey'")).rows;
    for (const ix of indexes) await client.query(`drop index "${ix.indexname}"`);
    await insertUnnest(client, 'organizations', PG_ORGANIZATION_TYPES, organizationRows());
    for (const batch of userBatches(plan)) {
      await client.query('begin');
      await insertUnnest(client, 'users', PG_USER_TYPES, batch);
      const ids = batch.map((u) => u.id);
      const organizations = ids.map(organizationOf);
      await client.query("insert into employment_records (id, user_id, organization_id, title_position, start_date, created_at, updated_at) select u, u, o, 'Teacher', '2020-08-01', now(), now() from unnest($1::int[], $2::int[]) as t(u, o)", [ids, organizations]);
      await client.query("insert into user_roles (user_id, role, organization_id, employment_record_id, active, created_at, updated_at) select u, '100', o, u, true, now(), now() from unnest($1::int[], $2::int[]) as t(u, o)", [ids, organizations]);
      await client.query('commit');
    }
    for (const table of ['users', 'organizations', 'employment_records']) await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
    for (const batch of educationBatches(plan)) {
      await client.query('begin');
      await insertUnnest(client, 'education', PG_EDUCATION_TYPES, batch);
      await client.query('commit');
      for (const e of batch) schools.add(e.school);
    }
    for (const ix of indexes) await client.query(ix.indexdef);
    const values = [...schools];
    await client.query("insert into text_index (entity_type_id, field, value, value_lc) select 4, 'school', v, lower(v) from unnest($1::text[]) v on conflict (entity_type_id, field, value) do nothing", [values]);
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
}
