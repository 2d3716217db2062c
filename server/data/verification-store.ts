import type { Knex } from 'knex';
import type { Entity } from '../../engine/metadata/entity-schema.js';
import type { VERIFICATION_ACTION } from '../../engine/records/verifiable-records.js';

import { nowIso, timestampText } from './clock.js';
import type { Database } from './db.js';
import { entityTable } from './entity-columns.js';
import { insertedId } from './inserted-id.js';
import { fullName } from './user-store.js';

type VerificationActionType = (typeof VERIFICATION_ACTION)[keyof typeof VERIFICATION_ACTION];

/** The tables of migrations/012-verification.ts. */

export interface VerificationRow {
  id: number;
  entityTypeId: number;
  entityId: number;
  primaryEntityId: number;
  status: string;
  current: boolean;
}

function verificationOf(r: Record<string, unknown>): VerificationRow {
  return {
    id: Number(r.id), entityTypeId: Number(r.entity_type_id), entityId: Number(r.entity_id), primaryEntityId: Number(r.primary_entity_id),
    status: String(r.status), current: r.is_current === true || r.is_current === 1,
  };
}

export async function currentVerification(trx: Knex, entityTypeId: number, entityId: number): Promise<VerificationRow | null> {
  const r = (await trx('verifications').where({ entity_type_id: entityTypeId, entity_id: entityId, is_current: true }).first()) as Record<string, unknown> | undefined;
  return r ? verificationOf(r) : null;
}

/**
 * Holds the record's row until the transaction ends (PostgreSQL; SQLite runs one writer at a time).
 * The stored table, not the entity's view: a view with outer joins cannot be locked.
 */
export async function lockRecord(trx: Knex.Transaction, db: Database, entity: Entity, id: number): Promise<void> {
  if (db.dialect === 'pg') await trx(entityTable(db.knex, db.dialect, entity).writeTable).where({ id }).forUpdate().first('id');
}

export interface NewVerification {
  entityTypeId: number;
  entityId: number;
  primaryEntityId: number;
  verificationType: string;
  primaryEntityName: string;
  identifier: string | null;
  status: string;
}

/** A new current verification of the record; the one before it (if any) stops being current. */
export async function openVerification(trx: Knex.Transaction, v: NewVerification, actorId: number): Promise<number> {
  const now = nowIso();
  await trx('verifications').where({ entity_type_id: v.entityTypeId, entity_id: v.entityId, is_current: true }).update({ is_current: false, updated_at: now, updated_by: actorId });
  return insertedId(await trx('verifications').insert({
    entity_type_id: v.entityTypeId, entity_id: v.entityId, primary_entity_id: v.primaryEntityId, verification_type: v.verificationType,
    primary_entity_name: v.primaryEntityName, identifier: v.identifier?.slice(0, 180) ?? null, status: v.status, is_current: true,
    disabled: false, created_at: now, updated_at: now, created_by: actorId, updated_by: actorId,
  }).returning('id'));
}

export async function setVerificationStatus(trx: Knex.Transaction, id: number, status: string, current: boolean, actorId: number): Promise<void> {
  await trx('verifications').where({ id }).update({ status, is_current: current, updated_at: nowIso(), updated_by: actorId });
}

export interface NewAction {
  verificationId: number;
  actionType: VerificationActionType;
  actingUserId: number;
  organizationId: number | null;
  comments: string | null;
}

export async function addAction(trx: Knex.Transaction, a: NewAction): Promise<void> {
  await trx('verification_actions').insert({
    verification_id: a.verificationId, action_type: a.actionType, acting_user_id: a.actingUserId,
    organization_id: a.organizationId, comments: a.comments, created_at: nowIso(),
  });
}

/** The history of every verification of a record, oldest first (actionHistory's rows). */
export async function recordActionHistory(knex: Knex, entityTypeId: number, entityId: number) {
  return actionHistory(knex, knex('verifications').where({ entity_type_id: entityTypeId, entity_id: entityId }).select('id'));
}

/** The history of GET /api/verification (spec part 2 "Verification": history row), oldest first: of one verification, or of those a subquery selects. */
export async function actionHistory(knex: Knex, verificationIds: number | Knex.QueryBuilder) {
  const rows = (await knex('verification_actions as a')
    .join('users as u', 'u.id', 'a.acting_user_id')
    .leftJoin('organizations as o', 'o.id', 'a.organization_id')
    .whereIn('a.verification_id', typeof verificationIds === 'number' ? [verificationIds] : verificationIds)
    .orderBy([{ column: 'a.created_at', order: 'asc' }, { column: 'a.id', order: 'asc' }])
    .select('a.id', 'a.verification_id', 'a.action_type', 'a.comments', 'a.created_at', 'u.id as user_id', 'u.first_name', 'u.last_name', 'o.id as organization_id', 'o.organization_name')) as Record<string, unknown>[];
  return rows.map((r) => ({
    id: Number(r.id),
    verificationId: Number(r.verification_id),
    actionType: Number(r.action_type),
    actionUser: { id: Number(r.user_id), name: `${String(r.first_name)} ${String(r.last_name)}` },
    lastChangeDateTime: timestampText(r.created_at as string | Date),
    agencyId: r.organization_id === null ? null : Number(r.organization_id),
    agencyName: (r.organization_name as string | null) ?? null,
    comments: (r.comments as string | null) ?? null,
  }));
}

export async function recordView(knex: Knex, entityTypeId: number, entityId: number, userId: number): Promise<void> {
  await knex('verification_views').insert({ entity_type_id: entityTypeId, entity_id: entityId, user_id: userId, viewed_at: nowIso() });
}

/** The reviewer's latest view of the record, as an instant in ms (null: never). */
export async function latestView(knex: Knex, entityTypeId: number, entityId: number, userId: number): Promise<number | null> {
  const r = (await knex('verification_views').where({ entity_type_id: entityTypeId, entity_id: entityId, user_id: userId }).max({ at: 'viewed_at' }).first()) as { at: string | Date | null } | undefined;
  return r?.at ? new Date(r.at).getTime() : null;
}

/** The person's name as the verification grids show it. */
export async function personName(knex: Knex, userId: number): Promise<string> {
  return (await fullName(knex, userId)) ?? '';
}

/** Organizations where the director acts for the owner: directed by the caller, the owner on staff (the staff role active there). */
export async function sharedAgencies(knex: Knex, directorOf: readonly number[], ownerId: number, staffRole: string): Promise<number[]> {
  if (directorOf.length === 0) return [];
  const rows = (await knex('user_roles').where({ user_id: ownerId, role: staffRole, active: true }).whereIn('organization_id', [...directorOf])
    .distinct('organization_id').orderBy('organization_id')) as { organization_id: number }[];
  return rows.map((r) => Number(r.organization_id));
}

/** The record's latest verification case (the one a step opened or moved on). */
export async function latestVerification(knex: Knex, entityTypeId: number, entityId: number): Promise<number | null> {
  const r = (await knex('verifications').where({ entity_type_id: entityTypeId, entity_id: entityId }).orderBy('id', 'desc').first('id')) as { id: number } | undefined;
  return r ? Number(r.id) : null;
}
