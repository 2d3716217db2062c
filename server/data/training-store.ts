import type { Entity } from '../../engine/metadata/entity-schema.js';
import type { Database } from './db.js';
import { entityTable } from './entity-columns.js';
import { rowFromDb, selectList } from './row-mapping.js';
import { whereExpr, whereExprIn } from './where.js';

/** The training records a report counts (the entity and fields of metadata/reports.json). */

/** Where a report finds the training: the field placing a row in the period and the one summed as hours. */
export interface TrainingFields { dateField: string; hoursField: string }

/** Number and hours of training per owner. */
export type TrainingTotals = Map<number, { trainings: number; hours: number }>;

/** The number and hours of the enabled training of each owner dated from `startDate` (inclusive) to `endDate` (exclusive). */
export async function trainingTotalsByOwner(db: Database, entity: Entity, fields: TrainingFields, ownerIds: readonly number[], startDate: string, endDate: string): Promise<TrainingTotals> {
  const { knex } = db;
  const t = entityTable(knex, db.dialect, entity);
  const owner = t.expr(entity.ownerField ?? 'userId');
  const q = knex(t.table).select(knex.raw('? as owner', [owner]), knex.raw('count(*) as trainings'), knex.raw('sum(?) as hours', [t.expr(fields.hoursField)]))
    .where(`${t.table}.disabled`, false);
  if (t.typeFilter) q.where(t.typeFilter.column, t.typeFilter.value);
  whereExprIn(q, owner, [...ownerIds]);
  whereExpr(q, t.expr(fields.dateField), '>=', startDate);
  whereExpr(q, t.expr(fields.dateField), '<', endDate);
  q.groupBy('owner');
  const totals: TrainingTotals = new Map();
  for (const r of (await q) as { owner: unknown; trainings: unknown; hours: unknown }[]) {
    totals.set(Number(r.owner), { trainings: Number(r.trainings) || 0, hours: Number(r.hours) || 0 });
  }
  return totals;
}

/** The owner's enabled training dated from `startDate` (inclusive) to `endDate` (exclusive), oldest first (then by id), as records. */
export async function trainingOfOwner(db: Database, entity: Entity, dateField: string, ownerId: number, startDate: string, endDate: string): Promise<Record<string, unknown>[]> {
  const t = entityTable(db.knex, db.dialect, entity);
  const date = t.expr(dateField);
  const q = db.knex(t.table).select(selectList(db, entity, t)).andWhere(`${t.table}.disabled`, false);
  whereExpr(q, t.expr(entity.ownerField ?? 'userId'), '=', ownerId);
  whereExpr(q, date, '>=', startDate);
  whereExpr(q, date, '<', endDate);
  q.orderByRaw('? asc', [date]).orderBy(`${t.table}.id`);
  if (t.typeFilter) q.where(t.typeFilter.column, t.typeFilter.value);
  return ((await q) as Record<string, unknown>[]).map((r) => rowFromDb(entity, r));
}
