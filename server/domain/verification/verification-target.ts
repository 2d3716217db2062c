import type { Knex } from 'knex';
import { settle } from '../../rules/evaluate.js';
import type { Entity } from '../../../engine/metadata/entity-schema.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { VerificationRefusal } from '../../../engine/workflows/verification.js';
import { isVerifiable, verificationActor, verificationSubject, type ViewMarks } from '../../../engine/workflows/verification-rights.js';
import type { AppContext } from '../../app-context.js';
import type { Row } from '../../data/entity-store.js';
import { textError, type AppError } from '../../errors.js';
import { entityOrThrow, readableRecord } from '../record-commands.js';
import { downloadedRecordFile } from '../files/file-downloads.js';
import { filesOfRecord } from '../files/file-rows.js';
import { latestView } from './verification-store.js';

export interface RecordRef {
  entityTypeId: number;
  entityId: number;
}

/** The entity type of a verifiable record: 404 for an unknown type, 400 for one that is never verified. */
export function verifiableEntity(ctx: AppContext, entityTypeId: number): Entity {
  const entity = entityOrThrow(ctx, entityTypeId);
  if (!isVerifiable(entity)) throw textError('invalid', 'verification.notVerifiable', 'Records of this type cannot be verified.', 'entityTypeId');
  return entity;
}

/** The record, checked like every record read: 404 when absent, 403 when not the caller's to see. */
export async function verifiableRecord(ctx: AppContext, context: RuleContext, ref: RecordRef): Promise<{ entity: Entity; row: Row }> {
  const entity = verifiableEntity(ctx, ref.entityTypeId);
  return { entity, row: await readableRecord(ctx, context, entity, ref.entityId) };
}

/**
 * Whether the reviewer viewed the record through the verification view since it last changed,
 * and downloaded (or viewed) a file the record holds now, when it holds any (the files' download log).
 */
export async function viewMarks(knex: Knex, entity: Entity, row: Row, userId: number): Promise<ViewMarks> {
  const id = Number(row.id);
  const viewedAt = await latestView(knex, entity.id, id, userId);
  const hasFiles = (await filesOfRecord(knex, entity.id, id)).length > 0;
  return {
    viewed: viewedAt !== null && viewedAt >= Date.parse(String(row.updatedAt)),
    downloaded: !hasFiles || await downloadedRecordFile(knex, userId, entity.id, id),
  };
}

/** The record's state and the caller's rights on it. */
export async function verificationFacts(knex: Knex, context: RuleContext, entity: Entity, row: Row) {
  const marks = await viewMarks(knex, entity, row, context.user.id);
  return settle(context, () => ({ subject: verificationSubject(entity, context, row), actor: verificationActor(entity, context, row, marks) }));
}

export function refusalError(r: VerificationRefusal): AppError {
  return textError(r.code, r.textKey, r.message, r.field);
}

export function ownerOf(entity: Entity, row: Row): number {
  return Number(row[entity.ownerField ?? 'userId']);
}
