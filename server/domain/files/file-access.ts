import type { Knex } from 'knex';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { findRow, type Row } from '../../data/entity-store.js';
import { notFound } from '../../errors.js';
import { may } from '../record-access.js';
import { ENROLLMENT_ENTITY, maySeeCertificate } from '../certificates/certificate-access.js';
import { liveFile } from '../../data/file-store.js';
import type { FileLookup, FileRow } from './file-rows.js';

/**
 * Who may see a file (its bytes or its details):
 * - a system file (s): everyone signed in;
 * - any other file: its owner; while it is not attached to a record, only its uploader; once
 *   attached, whoever may read that record by the entity's own `read` rule (a director sees the
 *   files of their staff's records exactly when they see the records);
 * - a training certificate (attached to an enrollment): also the course's trainer and managers.
 */
async function maySeeFile(ctx: AppContext, context: RuleContext, file: FileRow, trx?: Knex.Transaction): Promise<boolean> {
  if (file.deletedAt) return false;
  if (file.kind === 's') return true;
  const me = context.user.id;
  if (file.ownerUserId === me) return true;
  if (file.entityTypeId === null || file.entityId === null) return file.uploadedBy === me;
  if (file.entityTypeId === ENROLLMENT_ENTITY) return maySeeCertificate(ctx, context, file, trx);
  const record = await recordOf(ctx, file, trx);
  return record !== null && await may(ctx.registry.entities.get(file.entityTypeId)!, 'read', context, record);
}

/** The record a file is attached to (null when pending, or when its entity type or record is gone). */
async function recordOf(ctx: AppContext, file: FileRow, trx?: Knex.Transaction): Promise<Row | null> {
  if (file.entityTypeId === null || file.entityId === null) return null;
  const entity = ctx.registry.entities.get(file.entityTypeId);
  return entity ? findRow(ctx.db, entity, file.entityId, trx) : null;
}

/**
 * A file the caller may see; 404 'File not found.' otherwise, the same answer as for a key that
 * does not exist, so guessing keys or ids of other people's files tells nothing.
 */
export async function visibleFile(ctx: AppContext, context: RuleContext, lookup: FileLookup, trx?: Knex.Transaction): Promise<FileRow> {
  const file = await liveFile(trx ?? ctx.db.knex, lookup);
  if (!file || !(await maySeeFile(ctx, context, file, trx))) throw notFound('File');
  return file;
}
