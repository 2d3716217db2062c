import type { Knex } from 'knex';
import { educationRank, NO_FACTS, type LatticeFacts } from '../../engine/lattice/lattice-level.js';
import type { Entity } from '../../engine/metadata/entity-schema.js';
import type { Lattice } from '../../engine/metadata/lattice-schema.js';
import type { QrisCycle } from '../../engine/reports/qris-cycle.js';
import type { Database } from './db.js';
import { entityTable } from './entity-columns.js';
import { whereExpr, whereExprIn } from './where.js';

/** The record types a lattice reads, from the registry. */
export interface LatticeSources {
  education: Entity;
  credentials: Entity;
  training: Entity;
}

const APPROVED = 'Approved';

/** Enabled, approved rows of an entity owned by one of the people. */
function verifiedRows(db: Database, entity: Entity, ownerIds: readonly number[]): { q: Knex.QueryBuilder; owner: Knex.Raw; expr: (f: string) => Knex.Raw } {
  const t = entityTable(db.knex, db.dialect, entity);
  const owner = t.expr(entity.ownerField ?? 'userId');
  const q = db.knex(t.table).where(`${t.table}.disabled`, false);
  if (t.typeFilter) q.where(t.typeFilter.column, t.typeFilter.value);
  whereExprIn(q, owner, [...ownerIds]);
  whereExpr(q, t.expr('verificationStatus'), '=', APPROVED);
  return { q, owner, expr: t.expr };
}

interface FactRow { owner: unknown; kind: string; value: unknown; hours: unknown }

/**
 * What the verified, enabled records of each person say (the facts of the career lattice's rules),
 * in one query for any number of people: their education levels, credential names, and training
 * hours dated in the cycle. A person without such records has no facts (NO_FACTS).
 */
export async function latticeFactsOf(db: Database, lattice: Lattice, sources: LatticeSources, ownerIds: readonly number[], cycle: QrisCycle): Promise<Map<number, LatticeFacts>> {
  const facts = new Map<number, LatticeFacts>();
  const ids = [...new Set(ownerIds)].filter((id) => Number.isInteger(id) && id > 0);
  if (ids.length === 0) return facts;
  const { knex } = db;
  const edu = verifiedRows(db, sources.education, ids);
  edu.q.select(knex.raw('? as owner', [edu.owner]), knex.raw("'e' as kind"), knex.raw('? as value', [edu.expr(lattice.education.levelField)]), knex.raw('0 as hours'));
  const cred = verifiedRows(db, sources.credentials, ids);
  cred.q.select(knex.raw('? as owner', [cred.owner]), knex.raw("'c' as kind"), knex.raw('? as value', [cred.expr(lattice.credentials.nameField)]), knex.raw('0 as hours'));
  const tr = verifiedRows(db, sources.training, ids);
  const date = tr.expr(lattice.training.dateField);
  whereExpr(tr.q, date, '>=', cycle.startDate);
  whereExpr(tr.q, date, '<', cycle.endDate);
  tr.q.select(knex.raw('? as owner', [tr.owner]), knex.raw("'t' as kind"), knex.raw('null as value'), knex.raw('sum(?) as hours', [tr.expr(lattice.training.hoursField)])).groupByRaw('?', [tr.owner]);
  const rows = (await knex.select('*').from(edu.q.unionAll([cred.q, tr.q]).as('facts'))) as FactRow[];

  const levels = new Map<number, string[]>();
  for (const r of rows) {
    const owner = Number(r.owner);
    const f = facts.get(owner) ?? { ...NO_FACTS, credentials: [] };
    facts.set(owner, f);
    if (r.kind === 'e' && typeof r.value === 'string') levels.set(owner, [...(levels.get(owner) ?? []), r.value]);
    if (r.kind === 'c' && typeof r.value === 'string') f.credentials.push(r.value.trim().toLowerCase());
    if (r.kind === 't') f.cycleHours = Number(r.hours) || 0;
  }
  for (const [owner, names] of levels) facts.get(owner)!.educationRank = educationRank(lattice, names);
  return facts;
}

/** A claimed level: the record's level name and verification state. */
export interface ClaimedLevel { id: number; owner: number; level: string | null; verificationStatus: string | null }

/**
 * The newest enabled claimed level of each person (by date achieved, then id), in one query; with
 * `recordIds`, those records instead (a verification request names its record).
 */
export async function claimedLevels(db: Database, entity: Entity, field: string, by: { owners: readonly number[] } | { recordIds: readonly number[] }): Promise<ClaimedLevel[]> {
  const t = entityTable(db.knex, db.dialect, entity);
  const owner = t.expr(entity.ownerField ?? 'userId');
  const q = db.knex(t.table).select(`${t.table}.id as id`, db.knex.raw('? as owner', [owner]), db.knex.raw('? as level', [t.expr(field)]), db.knex.raw('? as status', [t.expr('verificationStatus')]))
    .where(`${t.table}.disabled`, false);
  if (t.typeFilter) q.where(t.typeFilter.column, t.typeFilter.value);
  if ('owners' in by) whereExprIn(q, owner, [...by.owners]);
  else q.whereIn(`${t.table}.id`, [...by.recordIds]);
  q.orderByRaw('? desc', [t.expr('dateAchieved')]).orderBy(`${t.table}.id`, 'desc');
  const rows = (await q) as { id: unknown; owner: unknown; level: unknown; status: unknown }[];
  const seen = new Set<number>();
  const out: ClaimedLevel[] = [];
  for (const r of rows) {
    const o = Number(r.owner);
    if ('owners' in by && seen.has(o)) continue;
    seen.add(o);
    out.push({ id: Number(r.id), owner: o, level: typeof r.level === 'string' ? r.level : null, verificationStatus: typeof r.status === 'string' ? r.status : null });
  }
  return out;
}
