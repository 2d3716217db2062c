import type { Knex } from 'knex';
import { timestampText } from './clock.js';

/**
 * coach_relationships (entity 21) and coach_relationship_actions (entity 22, the lines of its
 * history): the workflow engine writes them; these are the lookups the spec's /coach calls and the
 * coaching notifications need.
 */

type Db = Knex | Knex.Transaction;

/** The coach relationship of each action id (a line of its history); ids of no action are absent. */
export async function relationshipsOfActions(db: Db, actionIds: readonly number[]): Promise<Map<number, number>> {
  const rows = (await db('coach_relationship_actions').whereIn('id', [...actionIds]).select('id', 'coach_relationship_id')) as Array<{ id: number; coach_relationship_id: number }>;
  return new Map(rows.map((r) => [Number(r.id), Number(r.coach_relationship_id)]));
}

/** The open (requested or approved) coaching between a coach and a person, if any (at most one: a unique index). */
export async function openRelationshipId(db: Db, coachId: number, personId: number): Promise<number | null> {
  const row = (await db('coach_relationships').where({ coach_id: coachId, primary_entity_id: personId }).whereIn('state', ['requested', 'approved']).first('id')) as { id: number } | undefined;
  return row ? Number(row.id) : null;
}

/** Whether a coach relationship of this id exists. */
export async function relationshipExists(db: Db, id: number): Promise<boolean> {
  return (await db('coach_relationships').where({ id }).first('id')) !== undefined;
}

/** A coach relationship as the /coach calls answer it (spec part 3 "Coach relationship", with coachId). */
export interface CoachRelationshipRow {
  id: number;
  active: boolean;
  status: number;
  pdpShared: boolean;
  primaryEntityId: number;
  primaryEntityName: string;
  coachId: number;
  coachName: string;
  lastActionDateTime: string | null;
}

interface StoredRow {
  id: number; active: boolean | number; status: number; pdp_shared: boolean | number; primary_entity_id: number; primary_entity_name: string;
  coach_id: number; coach_name: string; last_action_at: string | Date | null;
}

const COLUMNS = ['id', 'active', 'status', 'pdp_shared', 'primary_entity_id', 'primary_entity_name', 'coach_id', 'coach_name', 'last_action_at'];

function answerRow(r: StoredRow): CoachRelationshipRow {
  return {
    id: Number(r.id), active: r.active === true || r.active === 1, status: Number(r.status), pdpShared: r.pdp_shared === true || r.pdp_shared === 1,
    primaryEntityId: Number(r.primary_entity_id), primaryEntityName: r.primary_entity_name, coachId: Number(r.coach_id), coachName: r.coach_name,
    lastActionDateTime: r.last_action_at === null ? null : timestampText(r.last_action_at),
  };
}

/** Coach relationships by id, in the order asked. */
export async function relationshipRows(db: Db, ids: readonly number[]): Promise<CoachRelationshipRow[]> {
  const rows = (await db('coach_relationship_rows').whereIn('id', [...ids]).select(COLUMNS)) as StoredRow[];
  const byId = new Map(rows.map((r) => [Number(r.id), answerRow(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The pending (requested) coachings a person is a side of: those they sent as coach, or those waiting for their answer. */
export async function pendingRelationships(db: Db, userId: number, side: 'coach' | 'person'): Promise<CoachRelationshipRow[]> {
  const rows = (await db('coach_relationship_rows').where({ [side === 'coach' ? 'coach_id' : 'primary_entity_id']: userId, state: 'requested', disabled: false })
    .orderBy([{ column: 'last_action_at', order: 'desc' }, { column: 'id', order: 'desc' }]).select(COLUMNS)) as StoredRow[];
  return rows.map(answerRow);
}
