import type { Knex } from 'knex';
import { nowIso, timestampText } from './clock.js';
import { insertedId } from './inserted-id.js';

/**
 * files (migrations/011-files.ts): uploads on records, system files and generated reports. A
 * deleted file keeps its row (deleted_at set) because the audit trail names it; "live" means not
 * deleted. The bytes on disk are the domain's (server/domain/files/file-disk.ts).
 */

type Db = Knex | Knex.Transaction;

/** u: a file on a person's record (uploaded through a form); s: a system file for everyone signed in; r: a generated report. */
export type StoredKind = 'u' | 's' | 'r';

/** One row of the files table. */
export interface FileRow {
  id: number;
  key: string;
  kind: StoredKind;
  fileSetId: string | null;
  originalName: string;
  contentType: string;
  size: number;
  sha256: string;
  ownerUserId: number | null;
  entityTypeId: number | null;
  entityId: number | null;
  formElementId: number | null;
  uploadedBy: number | null;
  createdAt: string;
  deletedAt: string | null;
}

/** A new file's row; its lower-cased name, creation time and live state are set on insert. */
export type NewFileRow = Omit<FileRow, 'id' | 'createdAt' | 'deletedAt'>;

export type FileLookup = { key: string } | { id: number };

type DbRow = Record<string, unknown>;
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const iso = (v: unknown): string | null => (v === null || v === undefined ? null : timestampText(v as string | Date));

function fileFromDb(r: DbRow): FileRow {
  return {
    id: Number(r.id), key: String(r.key), kind: r.kind as StoredKind, fileSetId: (r.file_set_id as string | null) ?? null,
    originalName: String(r.original_name), contentType: String(r.content_type), size: Number(r.size), sha256: String(r.sha256),
    ownerUserId: num(r.owner_user_id), entityTypeId: num(r.entity_type_id), entityId: num(r.entity_id), formElementId: num(r.form_element_id),
    uploadedBy: num(r.uploaded_by), createdAt: iso(r.created_at)!, deletedAt: iso(r.deleted_at),
  };
}

/** A file that was not deleted, by key or id. */
export async function liveFile(db: Db, lookup: FileLookup): Promise<FileRow | null> {
  const r = (await db('files').where('key' in lookup ? { key: lookup.key } : { id: lookup.id }).whereNull('deleted_at').first()) as DbRow | undefined;
  return r ? fileFromDb(r) : null;
}

async function liveFilesWhere(db: Db, where: Record<string, unknown>): Promise<FileRow[]> {
  return ((await db('files').where(where).whereNull('deleted_at').orderBy('id')) as DbRow[]).map(fileFromDb);
}

/** The live files of a record, of all its form elements, by id (spec "Form definition": elements carry their files). */
export function filesOfRecord(db: Db, entityTypeId: number, entityId: number): Promise<FileRow[]> {
  return liveFilesWhere(db, { entity_type_id: entityTypeId, entity_id: entityId });
}

/** The live files of a file set, by id. */
export function filesInSet(db: Db, fileSetId: string): Promise<FileRow[]> {
  return liveFilesWhere(db, { file_set_id: fileSetId });
}

/** Whether a file set holds a file, deleted or not, of another uploader, form element or entity type. */
export async function setHasForeignFile(trx: Knex.Transaction, fileSetId: string, uploaderId: number, formElementId: number, entityTypeId: number): Promise<boolean> {
  const foreign = await trx('files').where({ file_set_id: fileSetId })
    .andWhere((q) => q.whereNot({ uploaded_by: uploaderId }).orWhereNot({ form_element_id: formElementId }).orWhereNot({ entity_type_id: entityTypeId }))
    .first('id');
  return foreign !== undefined;
}

/** Which of the keys a live file holds. */
export async function liveKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  const rows = (await db('files').whereIn('key', [...keys]).whereNull('deleted_at').select('key')) as { key: string }[];
  return new Set(rows.map((r) => r.key));
}

/**
 * Pending uploads (kind u, on no record, live) created before the instant, by id, at most `limit`;
 * only those of one uploader unless it is null.
 */
export async function pendingUploadsBefore(trx: Knex.Transaction, uploaderId: number | null, before: string, limit: number): Promise<FileRow[]> {
  const rows = (await trx('files').where({ kind: 'u' }).modify((q) => { if (uploaderId !== null) void q.where({ uploaded_by: uploaderId }); })
    .whereNull('entity_id').whereNull('deleted_at').where('created_at', '<', before).orderBy('id').limit(limit)) as DbRow[];
  return rows.map(fileFromDb);
}

/** Inserts a live file row created now; answers its id. */
export async function insertFile(trx: Knex.Transaction, f: NewFileRow): Promise<number> {
  return insertedId(await trx('files').insert({
    key: f.key, kind: f.kind, file_set_id: f.fileSetId, original_name: f.originalName, name_lc: f.originalName.toLowerCase(),
    content_type: f.contentType, size: f.size, sha256: f.sha256, owner_user_id: f.ownerUserId,
    entity_type_id: f.entityTypeId, entity_id: f.entityId, form_element_id: f.formElementId,
    uploaded_by: f.uploadedBy, created_at: nowIso(), deleted_at: null,
  }).returning('id'));
}

/** Attaches files to a record and its owner (entity_id, owner_user_id). */
export async function attachFiles(trx: Knex.Transaction, fileIds: readonly number[], entityId: number, ownerUserId: number | null): Promise<void> {
  await trx('files').whereIn('id', [...fileIds]).update({ entity_id: entityId, owner_user_id: ownerUserId });
}

/** Sets deleted_at to now on those of the files not deleted yet. */
export async function markDeleted(trx: Knex.Transaction, fileIds: readonly number[]): Promise<void> {
  await trx('files').whereIn('id', [...fileIds]).whereNull('deleted_at').update({ deleted_at: nowIso() });
}
