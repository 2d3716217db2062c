import type { Knex } from 'knex';
import type { Entity } from '../../../engine/metadata/entity-schema.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import { isVerifiable } from '../../../engine/records/verifiable-records.js';
import { stateOf } from '../../../engine/workflows/workflow-engine.js';
import type { AppContext } from '../../app-context.js';
import type { Row } from '../../data/entity-store.js';
import { textError } from '../../errors.js';
import { entityOrThrow, readableRecord } from '../record-commands.js';
import { downloadedRecordFile } from '../files/file-downloads.js';
import { filesOfRecord } from '../files/file-rows.js';
import { workflowTarget, type WorkflowTargetOf } from '../workflows/workflow-target.js';
import { latestView } from '../../data/verification-store.js';

export interface RecordRef {
  entityTypeId: number;
  entityId: number;
}

/** The spec's names of a record's verification state (GET /verification/status and outcome). */
export type VerificationState = 'None' | 'Requested' | 'Approved' | 'Rejected';

/** The entity type of a verifiable record: 404 for an unknown type, 400 for one that is never verified. */
export function verifiableEntity(ctx: AppContext, entityTypeId: number): Entity {
  const entity = entityOrThrow(ctx, entityTypeId);
  if (!isVerifiable(entity)) throw textError('invalid', 'verification.notVerifiable', 'Records of this type cannot be verified.', 'entityTypeId');
  return entity;
}

/** The verification workflow as it runs on the record's type (metadata/workflows/verification.json). */
export function verificationTarget(ctx: AppContext, entityTypeId: number): WorkflowTargetOf {
  return workflowTarget(ctx, verifiableEntity(ctx, entityTypeId).id);
}

/** The record, checked like every record read: 404 when absent, 403 when not the caller's to see. */
export async function verifiableRecord(ctx: AppContext, context: RuleContext, ref: RecordRef): Promise<{ entity: Entity; row: Row }> {
  const entity = verifiableEntity(ctx, ref.entityTypeId);
  return { entity, row: await readableRecord(ctx, context, entity, ref.entityId) };
}

/** The record's verification state as the spec names it: the state's stored value, 'None' when empty. */
export function verificationState(target: WorkflowTargetOf, row: Readonly<Row>): VerificationState {
  const state = target.workflow.states.find((s) => s.id === stateOf(target.workflow, row));
  return (state?.value ?? 'None') as VerificationState;
}

export interface ViewMarks {
  viewed: boolean;
  downloaded: boolean;
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

export function ownerOf(entity: Entity, row: Row): number {
  return Number(row[entity.ownerField ?? 'userId']);
}
