import type { Knex } from 'knex';
import type { FormValue, FormValues } from '../../../engine/forms/form-types.js';
import type { Entity } from '../../../engine/metadata/entity-schema.js';
import type { Form } from '../../../engine/metadata/form-schema.js';
import { writeAudit } from '../../data/audit.js';
import { attachFiles, filesOfRecord, liveFile } from '../../data/file-store.js';
import { FORM_INVALID, invalid } from '../../errors.js';
import { fileInfo, type FileInfo, type FileRow } from './file-rows.js';
import { markFilesDeleted } from './file-removal.js';

const FILE_GONE = 'The file could not be found. Please upload it again.';

const keysOf = (v: FormValue | undefined): string[] => (Array.isArray(v) ? v : typeof v === 'string' && v !== '' ? [v] : []);

export interface SavedRecord {
  form: Form;
  entity: Entity;
  recordId: number;
  /** the person the record belongs to (null for entities without an owner) */
  ownerId: number | null;
  actorId: number;
  /** element values before the save (empty for a new record) and as saved */
  before: FormValues;
  values: FormValues;
}

/**
 * The form-save hook for file upload elements (any form, any entity): in the record's own
 * transaction, files whose keys the saved values hold are attached to the record (and to its
 * owner); files the record held that are no longer in the values are deleted. A newly given key
 * must be the caller's own pending upload for this element, else the whole save is refused
 * (400, nothing written). A key the record already held is kept as it is. Answers the deleted
 * files, whose bytes go once the transaction has committed.
 */
export async function attachFormFiles(trx: Knex.Transaction, saved: SavedRecord): Promise<FileRow[]> {
  const { form, entity, recordId, actorId } = saved;
  const errors: Record<number, string> = {};
  const attach: FileRow[] = [];
  const detach: FileRow[] = [];
  const elements = form.elements.filter((e) => e.type === 'fileupload');
  if (elements.length === 0) return [];
  const onRecord = await filesOfRecord(trx, entity.id, recordId);
  for (const element of elements) {
    const keys = keysOf(saved.values[element.id]);
    const held = new Set(keysOf(saved.before[element.id]));
    const current = onRecord.filter((f) => f.formElementId === element.id);
    detach.push(...current.filter((f) => !keys.includes(f.key)));
    for (const key of keys.filter((k) => !held.has(k) && !current.some((f) => f.key === k))) {
      const f = await liveFile(trx, { key });
      const usable = f && f.kind === 'u' && f.entityId === null && f.uploadedBy === actorId && f.entityTypeId === entity.id && f.formElementId === element.id;
      if (usable) attach.push(f);
      else errors[element.id] = FILE_GONE;
    }
  }
  if (Object.keys(errors).length) throw invalid(FORM_INVALID, errors);
  if (attach.length) await attachFiles(trx, attach.map((f) => f.id), recordId, saved.ownerId);
  for (const f of attach) {
    await writeAudit(trx, { userId: actorId, action: 'file.attach', entityTypeId: entity.id, entityId: recordId, detail: { fileId: f.id, fileName: f.originalName, formElementId: f.formElementId } });
  }
  await markFilesDeleted(trx, detach, actorId, 'removed-from-record');
  return detach;
}

interface DefinitionLike { elements: { id: number; type: string; files: unknown[] }[] }

/** Fills the form definition's `files` of each file upload element with the record's files (spec "Form definition"). */
export async function withElementFiles<D extends DefinitionLike>(knex: Knex, target: { entity: Entity; row: Record<string, unknown> | null }, definition: D): Promise<D> {
  if (!target.row || !definition.elements.some((e) => e.type === 'fileupload')) return definition;
  const byElement = new Map<number, FileInfo[]>();
  for (const f of await filesOfRecord(knex, target.entity.id, Number(target.row.id))) {
    if (f.formElementId !== null) byElement.set(f.formElementId, [...(byElement.get(f.formElementId) ?? []), fileInfo(f)]);
  }
  return { ...definition, elements: definition.elements.map((e) => (e.type === 'fileupload' ? { ...e, files: byElement.get(e.id) ?? [] } : e)) };
}
