import type { Entity } from '../../engine/metadata/entity-schema.js';
import type { SqlCondition } from '../../engine/rules/sql-condition.js';
import type { Database } from './db.js';
import { applyCondition } from './apply-condition.js';
import { entityTable } from './entity-columns.js';
import { containsPattern } from './text-index.js';
import { whereExpr } from './where.js';

export interface KeyValue {
  key: string;
  value: string;
}

export const SEARCH_LIMIT = 20;

/** Records of an entity whose property contains the term, within the caller's read scope. */
export async function searchEntity(db: Database, entity: Entity, property: string, keyProperty: string, term: string, scope: SqlCondition, extra: { field: string; value: string | number }[] = []): Promise<KeyValue[]> {
  const t = entityTable(db.knex, db.dialect, entity);
  const valueExpr = t.expr(property);
  const q = db.knex(t.table).select(db.knex.raw('? as ??', [t.expr(keyProperty), 'k']), db.knex.raw('? as ??', [valueExpr, 'v']));
  if (t.typeFilter) q.where(t.typeFilter.column, t.typeFilter.value);
  q.where('disabled', false).whereRaw(`lower(?) like ? escape '\\'`, [valueExpr, containsPattern(term)]);
  for (const e of extra) whereExpr(q, t.expr(e.field), '=', e.value);
  applyCondition(q, scope, t, db);
  const rows = (await q.orderBy('v').limit(SEARCH_LIMIT)) as { k: unknown; v: unknown }[];
  return rows.map((r) => ({ key: String(r.k), value: String(r.v ?? '') }));
}
