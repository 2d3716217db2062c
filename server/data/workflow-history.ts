import type { Knex } from 'knex';
import { nowIso } from './clock.js';
import { insertedId } from './inserted-id.js';
import { isUniqueViolation } from './unique-violation.js';

/** The table of migrations/017-workflow-transitions.ts: every step of every workflow, numbered per record. */

export interface NewStep {
  workflowId: string;
  entityTypeId: number;
  entityId: number;
  transitionId: string;
  /** '' for the step that created the record */
  from: string;
  to: string;
  comment: string | null;
  actorId: number;
}

/**
 * Stores a step as the record's next one (one more than its last). The unique (entity type,
 * record, sequence) is the compare-and-set: when another step was stored first, null.
 */
export async function addStep(trx: Knex.Transaction, s: NewStep): Promise<number | null> {
  const last = (await trx('workflow_transitions').where({ entity_type_id: s.entityTypeId, entity_id: s.entityId }).max({ m: 'sequence' }).first()) as { m: number | string | null } | undefined;
  try {
    // a savepoint, so that a lost race leaves the transaction usable (PostgreSQL aborts it otherwise)
    return await trx.transaction(async (sp) => insertedId(await sp('workflow_transitions').insert({
      workflow_id: s.workflowId, entity_type_id: s.entityTypeId, entity_id: s.entityId, sequence: Number(last?.m ?? 0) + 1, transition_id: s.transitionId,
      from_state: s.from, to_state: s.to, comment: s.comment, actor_id: s.actorId, created_at: nowIso(),
    }).returning('id')));
  } catch (e) {
    if (isUniqueViolation(e)) return null;
    throw e;
  }
}

export interface StepRow {
  id: number;
  transitionId: string;
  from: string;
  to: string;
  comment: string | null;
  actorId: number;
  actorName: string;
  at: string | Date;
}

/** A record's steps, oldest first, with who took each. */
export async function stepsOf(knex: Knex, entityTypeId: number, entityId: number): Promise<StepRow[]> {
  const rows = (await knex('workflow_transitions as w').leftJoin('users as u', 'u.id', 'w.actor_id')
    .where({ 'w.entity_type_id': entityTypeId, 'w.entity_id': entityId }).orderBy('w.sequence')
    .select('w.id', 'w.transition_id', 'w.from_state', 'w.to_state', 'w.comment', 'w.actor_id', 'w.created_at', 'u.first_name', 'u.last_name')) as Array<Record<string, unknown>>;
  return rows.map((h) => ({
    id: Number(h.id), transitionId: String(h.transition_id), from: String(h.from_state), to: String(h.to_state), comment: (h.comment as string | null) ?? null,
    actorId: Number(h.actor_id), actorName: [h.first_name, h.last_name].filter(Boolean).join(' '), at: h.created_at as string | Date,
  }));
}
