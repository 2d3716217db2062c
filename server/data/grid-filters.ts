import type { Knex } from 'knex';
import type { Entity } from '../../engine/metadata/entity-schema.js';
import type { GridPlan } from '../../engine/grid/plan-grid-query.js';
import type { PlannedFilter } from '../../engine/grid/plan-filter.js';
import type { Database } from './db.js';
import { applyCondition } from './apply-condition.js';
import type { EntityTable } from './entity-columns.js';
import { containsPattern, TEXT_SAMPLE, textIndexMatch, valuesProbe, valuesSample } from './text-index.js';
import { selectFirst } from './sql-runner.js';
import { whereExpr, whereExprIn } from './where.js';

/**
 * How the Contains filter on a text-indexed field takes part in the plan:
 * - 'seek': the database may look the matching values up in the field's index (few matches);
 * - 'check': the filter is only checked on rows reached another way, e.g. walking the sort index
 *   (many matches; SQLite's unary `+` keeps the planner off the field's index);
 * - 'omit': left out, because the caller correlates on the values itself (see grid-summary.ts);
 * - 'like': checked with LIKE on the row's own value, not through the index: the term matches so
 *   many distinct values (a person's name, a user name) that listing them would cost more than
 *   checking the rows reached another way.
 */
export type TextIndexUse = 'seek' | 'check' | 'omit' | 'like';

/** The Contains filter on a field with a text index, if the plan has one (the first). */
export function textIndexedContains(plan: GridPlan): PlannedFilter | null {
  return plan.filters.find((f) => isTextIndexed(plan.entity, f)) ?? null;
}

function isTextIndexed(entity: Entity, f: PlannedFilter): boolean {
  return f.operation === 'Contains' && entity.fields.find((x) => x.id === f.field)?.textIndex === true;
}

/** More distinct values than this matching a Contains term: check rows with LIKE instead (TextIndexUse 'like'). */
export const MANY_TEXT_VALUES = 5_000;

/** At most this many values matching a Contains term: the probe hands them over, and later statements name them instead of asking the trigram index again. */
export const FEW_TEXT_VALUES = 25;

/** What the plan's text-indexed Contains matches (see probeContains). */
export interface ContainsProbe {
  /**
   * more than half the field's first TEXT_SAMPLE values, or more than MANY_TEXT_VALUES distinct
   * values, contain the term: rows are checked with LIKE
   */
  manyValues: boolean;
  /** else the rows the plan sees, counted up to the probe's cap + 1 */
  rows: number;
  /** the matching values themselves when there are at most FEW_TEXT_VALUES (else null) */
  values: string[] | null;
}

/**
 * One statement for the text-indexed Contains of the plan (null without one), each step run only
 * when the one before it did not decide (both databases evaluate the branch of a CASE they take,
 * and only that one):
 * 1. the density sample: more than half the field's first TEXT_SAMPLE values contain the term, so
 *    rows checked with LIKE match about every second one (a term most names hold: the index's
 *    entries of every match are never read);
 * 2. more than MANY_TEXT_VALUES distinct values contain the term;
 * 3. else the plan's rows, counted up to `rowCap` + 1, and the values when few.
 * The sample and the matching values are looked up once each (materialized CTEs; the values only
 * if the sample did not decide).
 */
export async function probeContains(db: Database, plan: GridPlan, t: EntityTable, rowCap: number): Promise<ContainsProbe | null> {
  const contains = textIndexedContains(plan);
  if (!contains) return null;
  const term = String(contains.value);
  const sample = db.knex('probe_sample').select('c');
  const values = db.knex.from('probe_values').count({ c: '*' });
  const seek = whereExprIn(baseQuery(db, plan, t, 'omit'), t.expr(contains.field), db.knex('probe_values').select('value'));
  const rows = db.knex.from(seek.select(db.knex.raw('1')).limit(rowCap + 1).as('rows_probe')).count({ c: '*' });
  const listed = db.knex('probe_values').select(db.knex.raw(`${db.dialect === 'pg' ? 'json_agg' : 'json_group_array'}(value)`));
  const decide = 'case when (?) * 2 > ? then -1 when (?) > ? then -1 else (?) end as ??';
  const few = 'case when (?) * 2 > ? then null when (?) > ? then null else (?) end as ??';
  const probe = db.knex.withMaterialized('probe_sample', valuesSample(db, plan.entity.id, contains.field, term))
    .withMaterialized('probe_values', valuesProbe(db, plan.entity.id, contains.field, term, MANY_TEXT_VALUES))
    .select(db.knex.raw(decide, [sample, TEXT_SAMPLE, values, MANY_TEXT_VALUES, rows, 'c']), db.knex.raw(few, [sample, TEXT_SAMPLE, values, FEW_TEXT_VALUES, listed, 'v']));
  const row = await selectFirst(db, probe);
  const c = Number(row?.c ?? 0);
  if (c < 0) return { manyValues: true, rows: 0, values: null };
  const v = row?.v;
  return { manyValues: false, rows: c, values: v == null ? null : ((typeof v === 'string' ? JSON.parse(v) : v) as unknown[]).map(String) };
}

/** Rows the plan may see: entity type, owner, access scope, disabled and filters. Nothing selected yet. */
export function baseQuery(db: Database, plan: GridPlan, t: EntityTable, use: TextIndexUse = 'seek', known: readonly string[] | null = null): Knex.QueryBuilder {
  const q = db.knex(t.table);
  if (t.typeFilter) q.where(t.typeFilter.column, t.typeFilter.value);
  if (plan.ownerId !== null) whereExpr(q, t.expr(plan.entity.ownerField!), '=', plan.ownerId);
  // a constant in the text, not a bound value: SQLite runs the page's statement measurably faster so (docs/performance.md, fifth pass)
  if (!plan.includeDisabled) q.whereRaw('?? = false', ['disabled']);
  applyCondition(q, plan.scope, t, db);
  const indexed = textIndexedContains(plan);
  for (const f of plan.filters) {
    if (isTextIndexed(plan.entity, f)) applyTextIndexed(db, q, f, plan.entity, t, f === indexed ? use : 'seek', f === indexed ? known : null);
    else applyFilter(q, f, t);
  }
  return q;
}

/** The matching values: named when the probe listed them (`known`), else looked up in the text index. */
export function matchingValues(db: Database, entity: Entity, f: PlannedFilter, known: readonly string[] | null): Knex.QueryBuilder {
  if (known && known.length > 0) return db.knex('text_index').select('value').where({ entity_type_id: entity.id, field: f.field }).whereIn('value', [...known]);
  return textIndexMatch(db, entity.id, f.field, String(f.value));
}

function applyTextIndexed(db: Database, q: Knex.QueryBuilder, f: PlannedFilter, entity: Entity, t: EntityTable, use: TextIndexUse, known: readonly string[] | null): void {
  if (use === 'omit') return;
  if (use === 'like') {
    q.whereRaw(`lower(?) like ? escape '\\'`, [t.expr(f.field), containsPattern(String(f.value))]);
    return;
  }
  // the probe's few values, named: the planner knows exactly what it seeks
  if (use === 'seek' && known && known.length > 0) {
    whereExprIn(q, t.expr(f.field), known);
    return;
  }
  const values = matchingValues(db, entity, f, known);
  if (use === 'check' && db.dialect === 'sqlite') q.whereRaw('+? in ?', [t.expr(f.field), values]);
  // PostgreSQL estimates the matching values of one field from the whole text index (a LIKE over
  // every entity's values: 1 row where there are hundreds) and would join through the field's
  // index and sort every match; as an array it checks each row reached along the sort index
  else if (use === 'check') q.whereRaw('? = any(array(?))', [t.expr(f.field), values]);
  else whereExprIn(q, t.expr(f.field), values);
}

function applyFilter(q: Knex.QueryBuilder, f: PlannedFilter, t: EntityTable): void {
  const col = t.expr(f.field);
  switch (f.operation) {
    case 'Contains':
      q.whereRaw(`lower(?) like ? escape '\\'`, [col, containsPattern(String(f.value))]);
      return;
    case 'Equals':
      if (typeof f.value === 'string') q.whereRaw('lower(?) = ?', [col, f.value.toLowerCase()]);
      else whereExpr(q, col, '=', f.value);
      return;
    case 'OnDate':
      if (f.day) whereExpr(whereExpr(q, col, '>=', f.day.start), col, '<', f.day.end);
      else whereExpr(q, col, '=', f.value);
      return;
    case 'GreaterThan':
      if (f.day) whereExpr(q, col, '>=', f.day.end);
      else whereExpr(q, col, '>', f.value);
      return;
    case 'LessThan':
      whereExpr(q, col, '<', f.day ? f.day.start : f.value);
      return;
  }
}
