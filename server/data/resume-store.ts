import type { Knex } from 'knex';
import type { Entity } from '../../engine/metadata/entity-schema.js';
import type { Database } from './db.js';
import { entityTable } from './entity-columns.js';
import { nowIso } from './clock.js';
import { insertedId } from './inserted-id.js';
import { rowFromDb, selectList } from './row-mapping.js';
import { whereExpr } from './where.js';

/** resumes (migrations/043-resume.ts): a generated resume's chosen records and its PDF's key. */

type Db = Knex | Knex.Transaction;

export interface ResumeRow {
  id: number;
  userId: number;
  description: string;
  fileKey: string | null;
  isGenerated: boolean;
  isPublished: boolean;
  disabled: boolean;
  /** the chosen ids per idsList key */
  selection: Record<string, number[]>;
}

function selectionOf(v: unknown): Record<string, number[]> {
  if (typeof v !== 'string' || v === '') return {};
  const parsed = JSON.parse(v) as unknown;
  if (typeof parsed !== 'object' || parsed === null) return {};
  return Object.fromEntries(Object.entries(parsed as Record<string, unknown>).map(([k, ids]) => [k, Array.isArray(ids) ? ids.map(Number) : []]));
}

/** A resume by id, locked for the change on PostgreSQL when read inside a transaction that changes it. */
export async function resumeById(db: Db, id: number, forUpdate = false): Promise<ResumeRow | null> {
  const q = db('resumes').where({ id }).first();
  if (forUpdate && db.client.config.client === 'pg') q.forUpdate();
  const r = (await q) as Record<string, unknown> | undefined;
  if (!r) return null;
  return {
    id: Number(r.id), userId: Number(r.user_id), description: String(r.description ?? ''), fileKey: (r.file_key as string | null) ?? null,
    isGenerated: r.is_generated === true || r.is_generated === 1, isPublished: r.is_published === true || r.is_published === 1,
    disabled: r.disabled === true || r.disabled === 1, selection: selectionOf(r.selection),
  };
}

/** A new generated resume of the person, nothing chosen yet. */
export async function insertGeneratedResume(trx: Knex.Transaction, userId: number, description: string): Promise<number> {
  const now = nowIso();
  return insertedId(await trx('resumes').insert({
    user_id: userId, description, is_generated: true, is_published: false, selection: '{}', disabled: false,
    created_at: now, updated_at: now, created_by: userId, updated_by: userId,
  }).returning('id'));
}

/** Saves the description, the chosen ids and the key of the PDF made from them. */
export async function saveResume(trx: Knex.Transaction, id: number, values: { description: string; selection: Record<string, number[]>; fileKey: string }, actorId: number): Promise<void> {
  await trx('resumes').where({ id }).update({ description: values.description, selection: JSON.stringify(values.selection), file_key: values.fileKey, updated_at: nowIso(), updated_by: actorId });
}

export async function markPublished(trx: Knex.Transaction, id: number, actorId: number): Promise<void> {
  await trx('resumes').where({ id }).update({ is_published: true, updated_at: nowIso(), updated_by: actorId });
}

/** The owner's enabled records of a record type (through its own table or view), oldest first. */
export async function ownedRows(db: Database, entity: Entity, ownerId: number): Promise<Record<string, unknown>[]> {
  const t = entityTable(db.knex, db.dialect, entity);
  const q = db.knex(t.table).select(selectList(db, entity, t)).where(`${t.table}.disabled`, false);
  whereExpr(q, t.expr(entity.ownerField ?? 'userId'), '=', ownerId);
  if (t.typeFilter) q.where(t.typeFilter.column, t.typeFilter.value);
  q.orderBy(`${t.table}.id`);
  return ((await q) as Record<string, unknown>[]).map((r) => rowFromDb(entity, r));
}
