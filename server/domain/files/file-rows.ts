import type { Knex } from 'knex';
import type { FileInfo } from '../../../engine/files/file-info.js';
import { timestampText } from '../../data/clock.js';

export type { FileInfo };

/** u: a file on a person's record (uploaded through a form); s: a system file for everyone signed in; r: a generated report. */
export type StoredKind = 'u' | 's' | 'r';

/** One row of the files table (migrations/011-files.ts). */
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

type DbRow = Record<string, unknown>;
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const iso = (v: unknown): string | null => (v === null || v === undefined ? null : timestampText(v as string | Date));

export function fileFromDb(r: DbRow): FileRow {
  return {
    id: Number(r.id), key: String(r.key), kind: r.kind as StoredKind, fileSetId: (r.file_set_id as string | null) ?? null,
    originalName: String(r.original_name), contentType: String(r.content_type), size: Number(r.size), sha256: String(r.sha256),
    ownerUserId: num(r.owner_user_id), entityTypeId: num(r.entity_type_id), entityId: num(r.entity_id), formElementId: num(r.form_element_id),
    uploadedBy: num(r.uploaded_by), createdAt: iso(r.created_at)!, deletedAt: iso(r.deleted_at),
  };
}

export function fileInfo(f: FileRow): FileInfo {
  return { fileId: f.id, fileName: f.originalName, fileSetId: f.fileSetId, fileKey: f.key, contentType: f.contentType, size: f.size };
}

export type FileLookup = { key: string } | { id: number };

/** A file that was not deleted, by key or id. */
export async function liveFile(knex: Knex | Knex.Transaction, lookup: FileLookup): Promise<FileRow | null> {
  const r = (await knex('files').where('key' in lookup ? { key: lookup.key } : { id: lookup.id }).whereNull('deleted_at').first()) as DbRow | undefined;
  return r ? fileFromDb(r) : null;
}

export async function liveFilesWhere(knex: Knex | Knex.Transaction, where: Record<string, unknown>): Promise<FileRow[]> {
  return ((await knex('files').where(where).whereNull('deleted_at').orderBy('id')) as DbRow[]).map(fileFromDb);
}

/** The live files of a record, of all its form elements (spec "Form definition": elements carry their files). */
export function filesOfRecord(knex: Knex | Knex.Transaction, entityTypeId: number, entityId: number): Promise<FileRow[]> {
  return liveFilesWhere(knex, { entity_type_id: entityTypeId, entity_id: entityId });
}
